"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { ApiClientError, portalFetch } from "@/lib/portal/client/fetcher";
import { acceptInvitationBodySchema } from "@/lib/schemas/webhook";

const passwordSchema = acceptInvitationBodySchema.shape.password;

/** The API's password rule, plus the confirmation every password form needs. */
const acceptFormSchema = z
  .object({
    password: passwordSchema,
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, {
    path: ["confirm"],
    message: "Passwords do not match",
  });
type AcceptForm = z.infer<typeof acceptFormSchema>;

export function PasswordForm({
  token,
  email,
  onAccepted,
  onRefused,
  onUnknown,
}: {
  token: string;
  email: string;
  onAccepted: () => void;
  onRefused: (kind: "used" | "expired") => void;
  onUnknown: () => void;
}) {
  const showId = useId();
  const [show, setShow] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AcceptForm>({
    resolver: zodResolver(acceptFormSchema),
    defaultValues: { password: "", confirm: "" },
    mode: "onTouched",
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      await portalFetch("/api_v2/invitations/accept", {
        method: "POST",
        json: { token, password },
      });
      onAccepted();
    } catch (err) {
      if (err instanceof ApiClientError) {
        if (err.status === 404) return onUnknown();
        const tokenProblem = err.fields?.token?.join(" ") ?? "";
        if (tokenProblem) return onRefused(/already|used/i.test(tokenProblem) ? "used" : "expired");
        const passwordProblem = err.fields?.password?.join(", ");
        if (passwordProblem) {
          setError("password", { message: `Password ${passwordProblem}` }, { shouldFocus: true });
          return;
        }
      }
      setFormError(
        err instanceof TypeError
          ? "We could not reach the server. Check your connection and try again."
          : "Your password could not be saved. Try again in a moment.",
      );
    }
  });

  const type = show ? "text" : "password";
  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4" aria-label="Choose a password">
      {formError && <Alert tone="error">{formError}</Alert>}
      {/* Lets a password manager store the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <TextField
        label="Password"
        type={type}
        autoComplete="new-password"
        required
        hint="At least 8 characters."
        error={errors.password?.message && sentence("Password", errors.password.message)}
        {...register("password")}
      />
      <TextField
        label="Confirm password"
        type={type}
        autoComplete="new-password"
        required
        error={errors.confirm?.message && sentence("Confirmation", errors.confirm.message)}
        {...register("confirm")}
      />
      <div className="flex items-center gap-2">
        <input
          id={showId}
          type="checkbox"
          checked={show}
          onChange={(e) => setShow(e.target.checked)}
          className="size-4 rounded accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        />
        <label htmlFor={showId} className="text-sm text-slate-700">
          Show passwords
        </label>
      </div>
      <Button type="submit" busy={isSubmitting} className="w-full py-2.5">
        Accept invitation
      </Button>
    </form>
  );
}

/** "is too short (…)" → "Password is too short (…)"; a full sentence stays as it is. */
function sentence(subject: string, message: string): string {
  return /^[a-z]/.test(message) ? `${subject} ${message}` : message;
}

export function Card({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-2xl bg-white px-5 py-7 shadow-sm ring-1 ring-slate-200 sm:px-8 sm:py-9">
      {children}
    </div>
  );
}

export function StateIcon({ tone }: { tone: "success" | "info" | "warning" }) {
  const styles = {
    success: "bg-emerald-100 text-emerald-700",
    info: "bg-indigo-100 text-indigo-700",
    warning: "bg-amber-100 text-amber-700",
  }[tone];
  const path = {
    success:
      "M16.704 4.153a.75.75 0 0 1 .143 1.052l-8 10.5a.75.75 0 0 1-1.127.075l-4.5-4.5a.75.75 0 0 1 1.06-1.06l3.894 3.893 7.48-9.817a.75.75 0 0 1 1.05-.143Z",
    info: "M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-7-4a1 1 0 1 1-2 0 1 1 0 0 1 2 0ZM9 9a.75.75 0 0 0 0 1.5h.253a.25.25 0 0 1 .244.304l-.459 2.066A1.75 1.75 0 0 0 10.747 15H11a.75.75 0 0 0 0-1.5h-.253a.25.25 0 0 1-.244-.304l.459-2.066A1.75 1.75 0 0 0 9.253 9H9Z",
    warning:
      "M8.485 2.495c.673-1.167 2.357-1.167 3.03 0l6.28 10.875c.673 1.167-.17 2.625-1.516 2.625H3.72c-1.347 0-2.189-1.458-1.515-2.625L8.485 2.495ZM10 5a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 5Zm0 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z",
  }[tone];
  return (
    <span
      aria-hidden="true"
      className={`mb-4 grid size-12 place-items-center rounded-full ${styles}`}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-6">
        <path fillRule="evenodd" d={path} clipRule="evenodd" />
      </svg>
    </span>
  );
}
