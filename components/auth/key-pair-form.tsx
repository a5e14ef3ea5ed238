"use client";

import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { lazyZodResolver } from "@/lib/portal/client/lazy-zod-resolver";
import type { AuthenticateBody } from "@/lib/schemas/auth";
import { type SessionFormProps, useSessionForm } from "./use-session-form";

const resolver = lazyZodResolver<AuthenticateBody>(() =>
  import("@/lib/schemas/auth").then((m) => m.signInFormSchema),
);

/** Sign-in with an API key pair: the real service's way, and every integration's. */
export function KeyPairForm({ next, ...done }: SessionFormProps) {
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useSessionForm<AuthenticateBody>(resolver, ["api_key", "secret_key"], done);

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
