"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { ApiClientError, portalFetch } from "@/lib/portal/client/fetcher";
import { newPasswordSchema } from "@/lib/schemas/person-auth";

/** The API's password rule, and the confirmation said at once. */
const choosePasswordFormSchema = z
  .object({ password: newPasswordSchema, password_confirmation: z.string().max(200) })
  .refine((v) => v.password === v.password_confirmation, {
    path: ["password_confirmation"],
    message: "doesn't match the password",
  });
type ChoosePasswordForm = z.output<typeof choosePasswordFormSchema>;

/**
 * The reset link's token travels in its fragment, which no server sees: taken out of the address
 * bar at once and kept in this tab only, so a reload still works until the password is set.
 */
const TOKEN_KEY = "reset-password:token";

function takeToken(): string | null {
  const fromHash = new URLSearchParams(window.location.hash.replace(/^#/, "")).get("token");
  if (window.location.hash) {
    window.history.replaceState(window.history.state, "", window.location.pathname);
  }
  try {
    if (fromHash) window.sessionStorage.setItem(TOKEN_KEY, fromHash);
    return fromHash ?? window.sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return fromHash;
  }
}

function forgetToken() {
  try {
    window.sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage disabled: nothing was kept.
  }
}

type View = "loading" | "missing" | "form" | "done" | "spent";

/** A new password, twice, for the reset link's person; then on to sign in with it. */
export function ResetPasswordForm() {
  const [view, setView] = useState<View>("loading");
  const [formError, setFormError] = useState<string | null>(null);
  const [show, setShow] = useState(false);
  const showId = useId();
  const token = useRef<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChoosePasswordForm>({
    resolver: zodResolver(choosePasswordFormSchema),
    defaultValues: { password: "", password_confirmation: "" },
  });

  useEffect(() => {
    if (token.current === null) token.current = takeToken();
    setView(token.current ? "form" : "missing");
  }, []);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await portalFetch("/api/session/password-resets/confirm", {
        method: "POST",
        json: { token: token.current, ...values },
      });
      forgetToken();
      setView("done");
    } catch (err) {
      if (err instanceof ApiClientError && err.fields?.token) {
        forgetToken();
        setView("spent");
        return;
      }
      if (err instanceof ApiClientError && err.fields?.password) {
        setError("password", { message: err.fields.password.join(", ") });
        return;
      }
      setFormError(err instanceof Error ? err.message : "Your password could not be saved.");
    }
  });

  if (view === "loading") return <p className="text-sm text-slate-600">Reading your link…</p>;
  if (view === "done") {
    return (
      <div className="space-y-4">
        <Alert tone="success" title="Your password is changed">
          Every session that was signed in with the old one has ended.
        </Alert>
        <Link href="/sign-in?with=email" className={buttonClass("primary", "w-full")}>
          Sign in
        </Link>
      </div>
    );
  }
  if (view === "missing" || view === "spent") {
    return (
      <div className="space-y-4">
        <Alert
          tone="warning"
          title={view === "missing" ? "This link is incomplete" : "This link no longer works"}
        >
          {view === "missing"
            ? "Open the link from the e-mail again; if you copied it, copy all of it."
            : "A reset link works once, for an hour. Ask for a new one."}
        </Alert>
        <Link href="/forgot-password" className={buttonClass("secondary", "w-full")}>
          Send me a new link
        </Link>
      </div>
    );
  }
  const type = show ? "text" : "password";
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Choose a new password">
      {formError && <Alert tone="error">{formError}</Alert>}
      <TextField
        label="New password"
        type={type}
        autoComplete="new-password"
        required
        hint="At least 8 characters."
        error={errors.password?.message && `Password ${errors.password.message}`}
        {...register("password")}
      />
      <TextField
        label="New password again"
        type={type}
        autoComplete="new-password"
        required
        error={
          errors.password_confirmation?.message &&
          `Confirmation ${errors.password_confirmation.message}`
        }
        {...register("password_confirmation")}
      />
      <div className="flex items-center gap-2">
        <input
          id={showId}
          type="checkbox"
          checked={show}
          onChange={(e) => setShow(e.target.checked)}
          className="size-4 rounded accent-indigo-600"
        />
        <label htmlFor={showId} className="text-sm text-slate-700">
          Show passwords
        </label>
      </div>
      <Button type="submit" busy={isSubmitting} className="w-full">
        Set my password
      </Button>
    </form>
  );
}
