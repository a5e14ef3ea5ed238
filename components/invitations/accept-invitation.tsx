"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button, Spinner } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { ApiClientError, portalFetch } from "@/lib/portal/client/fetcher";
import { acceptInvitationBodySchema } from "@/lib/schemas/webhook";

/** What the API says about an invitation link (POST /api_v2/invitations/inspect). */
type Invitation = {
  state: "valid" | "used" | "expired";
  first_name: string;
  company_name: string;
  email: string;
  expires_at: string;
  used_at: string | null;
};

type View =
  | { kind: "loading" }
  | { kind: "missing" }
  | { kind: "unknown" }
  | { kind: "failed"; message: string }
  | { kind: "valid"; invitation: Invitation }
  | { kind: "used"; invitation: Invitation | null }
  | { kind: "expired"; invitation: Invitation | null }
  | { kind: "accepted"; invitation: Invitation };

/**
 * The token travels in the link's fragment, which no server sees. It is taken out of the
 * address bar at once (history, screenshots, a shared screen) and kept in this tab only, so a
 * reload still works until the invitation is settled.
 */
const TOKEN_KEY = "accept-invite:token";

function takeToken(): string | null {
  const fromHash = new URLSearchParams(window.location.hash.replace(/^#/, "")).get("token");
  if (window.location.hash) {
    window.history.replaceState(
      window.history.state,
      "",
      window.location.pathname + window.location.search,
    );
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

const dateTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: "long", timeStyle: "short" }) : null;

/** The worker's side of an invitation: check the link, choose a password, done. */
export function AcceptInvitation() {
  const [view, setView] = useState<View>({ kind: "loading" });
  const token = useRef<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  const inspect = useCallback(async () => {
    const t = token.current;
    if (!t) {
      setView({ kind: "missing" });
      return;
    }
    setView({ kind: "loading" });
    try {
      const invitation = await portalFetch<Invitation>("/api_v2/invitations/inspect", {
        method: "POST",
        json: { token: t },
      });
      if (invitation.state !== "valid") forgetToken();
      setView(
        invitation.state === "valid"
          ? { kind: "valid", invitation }
          : { kind: invitation.state, invitation },
      );
    } catch (err) {
      if (err instanceof ApiClientError && (err.status === 404 || err.status === 422)) {
        forgetToken();
        setView({ kind: "unknown" });
      } else {
        setView({
          kind: "failed",
          message:
            err instanceof TypeError
              ? "We could not reach the server. Check your connection and try again."
              : "Something went wrong on our side. Try again in a moment.",
        });
      }
    }
  }, []);

  useEffect(() => {
    // Strict mode runs this twice: the second run must not lose the token the first took.
    if (token.current === null) token.current = takeToken();
    void inspect();
    // Another invitation link opened in this same tab changes only the fragment: no new page.
    const onHashChange = () => {
      if (!window.location.hash) return;
      const next = takeToken();
      if (next && next !== token.current) {
        token.current = next;
        void inspect();
      }
    };
    window.addEventListener("hashchange", onHashChange);
    return () => window.removeEventListener("hashchange", onHashChange);
  }, [inspect]);

  // Each new state is announced by moving focus to its heading (not on the first paint).
  useEffect(() => {
    if (view.kind === "loading") return;
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [view.kind]);

  const heading = (text: ReactNode) => (
    <h1
      ref={headingRef}
      tabIndex={-1}
      className="text-2xl font-bold tracking-tight text-balance text-slate-900 focus:outline-none"
    >
      {text}
    </h1>
  );

  switch (view.kind) {
    case "loading":
      return (
        <Card>
          <div role="status" className="flex items-center gap-3 py-6 text-slate-600">
            <Spinner className="size-5 text-indigo-600" />
            Checking your invitation…
          </div>
        </Card>
      );
    case "valid":
      return (
        <Card>
          <p className="text-sm font-semibold tracking-wide text-indigo-600 uppercase">
            {view.invitation.company_name}
          </p>
          <div className="mt-2">
            {heading(
              <>
                Hi {view.invitation.first_name} — {view.invitation.company_name} invited you
              </>,
            )}
          </div>
          <p className="mt-3 text-sm text-slate-600">
            Choose a password to accept. You&apos;ll sign in with{" "}
            <strong className="font-semibold wrap-anywhere text-slate-900">
              {view.invitation.email}
            </strong>{" "}
            and this password.
          </p>
          <PasswordForm
            token={token.current ?? ""}
            email={view.invitation.email}
            onAccepted={() => {
              forgetToken();
              setView({ kind: "accepted", invitation: view.invitation });
            }}
            onRefused={(kind) => {
              forgetToken();
              setView({ kind, invitation: view.invitation });
            }}
            onUnknown={() => {
              forgetToken();
              setView({ kind: "unknown" });
            }}
          />
          <p className="mt-6 text-xs text-slate-500">
            This link works once and expires on {dateTime(view.invitation.expires_at)}.
          </p>
        </Card>
      );
    case "accepted":
      return (
        <Card>
          <StateIcon tone="success" />
          {heading(<>You&apos;re all set, {view.invitation.first_name}</>)}
          <p className="mt-3 text-sm text-slate-600">
            You accepted {view.invitation.company_name}&apos;s invitation and your password is
            saved. Sign in to the app with{" "}
            <strong className="font-semibold wrap-anywhere text-slate-900">
              {view.invitation.email}
            </strong>{" "}
            to see and pick up shifts.
          </p>
          <p className="mt-3 text-sm text-slate-600">You can close this page.</p>
        </Card>
      );
    case "used":
      return (
        <Card>
          <StateIcon tone="info" />
          {heading("This invitation was already accepted")}
          <p className="mt-3 text-sm text-slate-600">
            {view.invitation?.used_at
              ? `It was accepted on ${dateTime(view.invitation.used_at)}, and a link works only once. `
              : "A link works only once. "}
            Sign in to the app with
            {view.invitation ? (
              <>
                {" "}
                <strong className="font-semibold wrap-anywhere text-slate-900">
                  {view.invitation.email}
                </strong>
              </>
            ) : (
              " your e-mail address"
            )}{" "}
            and the password you chose.
          </p>
          <p className="mt-3 text-sm text-slate-600">
            Not you? Contact {view.invitation?.company_name ?? "the employer who invited you"}{" "}
            straight away.
          </p>
        </Card>
      );
    case "expired":
      return (
        <Card>
          <StateIcon tone="warning" />
          {heading("This invitation has expired")}
          <p className="mt-3 text-sm text-slate-600">
            {view.invitation
              ? `It was valid until ${dateTime(view.invitation.expires_at)}. `
              : "Invitations are valid for a limited time. "}
            Ask {view.invitation?.company_name ?? "the employer"} to send you a new one; it will
            arrive by e-mail with a fresh link.
          </p>
        </Card>
      );
    case "missing":
    case "unknown":
      return (
        <Card>
          <StateIcon tone="warning" />
          {heading(
            view.kind === "missing"
              ? "This link is incomplete"
              : "We don't recognise this invitation link",
          )}
          <p className="mt-3 text-sm text-slate-600">
            Open the link from your invitation e-mail again; if you copied it, make sure you copied
            all of it. If it still does not work, ask the employer who invited you to send a new
            invitation.
          </p>
        </Card>
      );
    case "failed":
      return (
        <Card>
          {heading("Your invitation could not be checked")}
          <div className="mt-4">
            <Alert tone="error">{view.message}</Alert>
          </div>
          <Button className="mt-5" onClick={() => void inspect()}>
            Try again
          </Button>
        </Card>
      );
  }
}

function PasswordForm({
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

function Card({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-2xl bg-white px-5 py-7 shadow-sm ring-1 ring-slate-200 sm:px-8 sm:py-9">
      {children}
    </div>
  );
}

function StateIcon({ tone }: { tone: "success" | "info" | "warning" }) {
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
