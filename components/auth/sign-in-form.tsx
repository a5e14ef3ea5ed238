"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { portalFetch } from "@/lib/portal/client/fetcher";
import { placeFieldErrors } from "@/lib/portal/client/place-field-errors";
import { type AuthenticateBody, signInFormSchema } from "@/lib/schemas/auth";

export function SignInForm({
  next,
  demoAvailable,
  expired,
  signedOut,
  failed,
}: {
  next: string;
  demoAvailable: boolean;
  expired: boolean;
  signedOut: boolean;
  /** Why a plain-HTML sign-in (sent before the script loaded) was refused: its error code. */
  failed: string | null;
}) {
  const [formError, setFormError] = useState<string | null>(
    failed === "rate_limited"
      ? "Too many sign-in attempts. Wait a few minutes and try again."
      : failed === "environment_mismatch"
        ? "Those keys belong to another environment than this deployment serves (test or live). Use the other pair."
        : failed
          ? "Those keys were not accepted. Check both and try again."
          : null,
  );
  const [demoBusy, setDemoBusy] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AuthenticateBody>({ resolver: zodResolver(signInFormSchema) });

  const done = () => window.location.assign(next);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await portalFetch("/api/session", { method: "POST", json: values });
      done();
    } catch (err) {
      placeFieldErrors(err, ["api_key", "secret_key"], setError);
      setFormError(err instanceof Error ? err.message : "Sign-in failed. Try again.");
    }
  });

  const tryDemo = async () => {
    setFormError(null);
    setDemoBusy(true);
    try {
      await portalFetch("/api/session", { method: "POST", json: { demo: true } });
      done();
    } catch (err) {
      setFormError(err instanceof Error ? err.message : "The demo could not be opened.");
      setDemoBusy(false);
    }
  };

  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <div className={expired || signedOut || formError ? "mb-4 space-y-4" : "hidden"}>
        {expired && (
          <Alert tone="warning" title="Your session ended — sign in again to continue">
            Anything you had typed is kept and will be restored.
          </Alert>
        )}
        {signedOut && !expired && <Alert tone="success">You have signed out.</Alert>}
        {formError && <Alert tone="error">{formError}</Alert>}
      </div>
      {/* A real POST form: submitted before the script runs, it still keeps the keys out of the URL. */}
      <form
        method="post"
        action="/api/session"
        onSubmit={onSubmit}
        noValidate
        className="space-y-4"
      >
        <input type="hidden" name="next" value={next} />
        <TextField
          label="API key"
          autoComplete="username"
          spellCheck={false}
          placeholder="pk_test_…"
          required
          error={errors.api_key?.message}
          {...register("api_key")}
        />
        <TextField
          label="Secret key"
          type="password"
          autoComplete="current-password"
          placeholder="sk_test_…"
          required
          hint="Keys starting with pk_test_ open the test environment; pk_live_ the live one."
          error={errors.secret_key?.message}
          {...register("secret_key")}
        />
        <Button type="submit" busy={isSubmitting} className="w-full">
          Sign in
        </Button>
      </form>
      {demoAvailable && (
        <div className="mt-6 border-t border-slate-200 pt-6 text-center">
          <p className="text-sm text-slate-600">Exploring? Open the seeded demo company.</p>
          <Button variant="secondary" busy={demoBusy} onClick={tryDemo} className="mt-3 w-full">
            Try the demo
          </Button>
        </div>
      )}
    </div>
  );
}
