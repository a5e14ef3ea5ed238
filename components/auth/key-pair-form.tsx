"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { portalFetch } from "@/lib/portal/client/fetcher";
import { placeFieldErrors } from "@/lib/portal/client/place-field-errors";
import type { SessionSummary } from "@/lib/portal/types";
import { type AuthenticateBody, signInFormSchema } from "@/lib/schemas/auth";

/** Sign-in with an API key pair: the real service's way, and every integration's. */
export function KeyPairForm({
  next,
  onError,
  onDone,
}: {
  next: string;
  onError: (message: string | null) => void;
  onDone: (signedIn: SessionSummary) => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AuthenticateBody>({ resolver: zodResolver(signInFormSchema) });

  const onSubmit = handleSubmit(async (values) => {
    onError(null);
    try {
      onDone(await portalFetch<SessionSummary>("/api/session", { method: "POST", json: values }));
    } catch (err) {
      placeFieldErrors(err, ["api_key", "secret_key"], setError);
      onError(err instanceof Error ? err.message : "Sign-in failed. Try again.");
    }
  });

  return (
    // A real POST form: submitted before the script runs, it still keeps the keys out of the URL.
    <form method="post" action="/api/session" onSubmit={onSubmit} noValidate className="space-y-4">
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
  );
}
