"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { portalFetch } from "@/lib/portal/client/fetcher";
import { placeFieldErrors } from "@/lib/portal/client/place-field-errors";
import { requestPasswordResetBodySchema } from "@/lib/schemas/person-auth";

type RequestPasswordResetBody = { email: string };

/**
 * "Forgot password": an address in, the same words out whether or not it is a teammate's (the
 * API says nothing either), so the page tells nobody who works here.
 */
export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RequestPasswordResetBody>({ resolver: zodResolver(requestPasswordResetBodySchema) });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await portalFetch("/api/session/password-resets", { method: "POST", json: values });
      setSentTo(values.email);
    } catch (err) {
      placeFieldErrors(err, ["email"], setError);
      setFormError(err instanceof Error ? err.message : "The link could not be sent. Try again.");
    }
  });

  if (sentTo) {
    return (
      <Alert tone="success" title="Check your inbox">
        If that address belongs to a teammate, a link is on its way to{" "}
        <strong className="wrap-anywhere">{sentTo}</strong>. It works once, for an hour.
      </Alert>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {formError && <Alert tone="error">{formError}</Alert>}
      <TextField
        label="E-mail"
        type="email"
        autoComplete="username"
        spellCheck={false}
        required
        hint="The address you sign in with."
        error={errors.email?.message && `E-mail ${errors.email.message}`}
        {...register("email")}
      />
      <Button type="submit" busy={isSubmitting} className="w-full">
        Send me a link
      </Button>
    </form>
  );
}
