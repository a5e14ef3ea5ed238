"use client";

import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { ApiClientError } from "@/lib/portal/client/fetcher";
import { lazyZodResolver } from "@/lib/portal/client/lazy-zod-resolver";
import { type SessionFormProps, useSessionForm } from "./use-session-form";

/** The sign-in's second step as the API takes it, less the challenge (the session holds it). */
const resolver = lazyZodResolver<{ code: string }>(() =>
  import("@/lib/schemas/two-factor").then((m) => m.twoFactorSignInBodySchema.pick({ code: true })),
);

/**
 * The second step of a person's sign-in (our API): the password was right, and their account
 * has two-factor sign-in on. The challenge stays in the session cookie; only the code is sent.
 */
export function TwoFactorCodeForm({
  onRestart,
  ...done
}: SessionFormProps & { onRestart: () => void }) {
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useSessionForm(resolver, ["code"], done, (err) => {
    // An expired sign-in starts over at the password.
    if (!(err instanceof ApiClientError) || err.code !== "two_factor_expired") return false;
    done.onError(err.message);
    onRestart();
    return true;
  });
  return (
    // A real POST form: sent before the script runs, the code still stays out of the URL.
    <form method="post" action="/api/session" onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">
        Enter the 6-digit code from your authenticator app. Lost your phone? Enter one of your
        recovery codes instead.
      </p>
      <TextField
        label="Code"
        autoComplete="one-time-code"
        inputMode="text"
        spellCheck={false}
        autoFocus
        required
        error={errors.code?.message && `Code ${errors.code.message}`}
        {...register("code")}
      />
      <Button type="submit" busy={isSubmitting} className="w-full">
        Verify
      </Button>
      <button
        type="button"
        onClick={onRestart}
        className="w-full rounded-sm text-sm font-medium text-indigo-700 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        Start over
      </button>
    </form>
  );
}
