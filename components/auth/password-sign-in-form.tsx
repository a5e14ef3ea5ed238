"use client";

import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { ApiClientError } from "@/lib/portal/client/fetcher";
import { lazyZodResolver } from "@/lib/portal/client/lazy-zod-resolver";
import type { PersonSignInBody } from "@/lib/schemas/person-auth";
import { TwoFactorCodeForm } from "./two-factor-code-form";
import { type SessionFormProps, useSessionForm } from "./use-session-form";

const resolver = lazyZodResolver<PersonSignInBody>(() =>
  import("@/lib/schemas/person-auth").then((m) => m.personSignInBodySchema),
);

/** A person's own sign-in with e-mail and password (our API's addition). */
export function PasswordSignInForm({ next, ...done }: SessionFormProps) {
  const [askCode, setAskCode] = useState(false);
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useSessionForm(resolver, ["email", "password"], done, (err) => {
    if (!(err instanceof ApiClientError) || err.code !== "two_factor_required") return false;
    setAskCode(true);
    return true;
  });

  if (askCode) {
    return <TwoFactorCodeForm {...done} next={next} onRestart={() => setAskCode(false)} />;
  }
  return (
    // A real POST form: sent before the script runs, the password still stays out of the URL.
    <form method="post" action="/api/session" onSubmit={onSubmit} noValidate className="space-y-4">
      <input type="hidden" name="next" value={next} />
      <TextField
        label="E-mail"
        type="email"
        autoComplete="username"
        spellCheck={false}
        required
        error={errors.email?.message && `E-mail ${errors.email.message}`}
        {...register("email")}
      />
      <div>
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message && `Password ${errors.password.message}`}
          {...register("password")}
        />
        <p className="mt-1 text-right text-sm">
          <Link
            href="/forgot-password"
            className="rounded-sm font-medium text-indigo-700 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            Forgot password?
          </Link>
        </p>
      </div>
      <Button type="submit" busy={isSubmitting} className="w-full">
        Sign in
      </Button>
    </form>
  );
}
