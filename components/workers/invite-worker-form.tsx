"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { ApiClientError } from "@/lib/portal/client/fetcher";
import { useInviteWorker } from "@/lib/portal/client/hooks/use-workers";
import { placeFieldErrors } from "@/lib/portal/client/place-field-errors";
import { useDraft, useUnsavedChangesWarning } from "@/lib/portal/client/use-draft";
import { inviteUserBodySchema } from "@/lib/schemas/user";

/** The same schema the API validates with, limited to what the invite form asks for. */
const inviteFormSchema = inviteUserBodySchema.pick({
  first_name: true,
  last_name: true,
  email: true,
  phone: true,
  external_id: true,
});
type FormInput = z.input<typeof inviteFormSchema>;
type FormOutput = z.output<typeof inviteFormSchema>;
const FIELDS = ["first_name", "last_name", "email", "phone", "external_id"] as const;

export function InviteWorkerForm() {
  const router = useRouter();
  const invite = useInviteWorker();
  const draft = useDraft<FormInput>("/workers/new");
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    getValues,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: { first_name: "", last_name: "", email: "", phone: "", external_id: "" },
  });

  // Input typed before a session ended comes back after signing in again (once, on arrival).
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const saved = draft.read();
    if (saved) reset(saved, { keepDefaultValues: true });
  }, [draft, reset]);
  useEffect(() => {
    const sub = watch((values) => draft.save(values as FormInput));
    return () => sub.unsubscribe();
  }, [watch, draft]);
  useUnsavedChangesWarning(isDirty && !invite.isSuccess);

  // Keep exactly what was typed before anything can send the user away to sign in.
  const onSubmit = handleSubmit(async (values) => {
    draft.saveNow(getValues());
    setFormError(null);
    try {
      const worker = await invite.mutateAsync({ type: "Worker", ...values });
      draft.clear();
      router.push(`/workers/${worker.id}?invited=1`);
    } catch (err) {
      if (err instanceof ApiClientError && err.code === "session_expired") return;
      if (!placeFieldErrors(err, FIELDS, setError))
        setFormError(err instanceof Error ? err.message : "The invitation could not be sent.");
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      {formError && <Alert tone="error">{formError}</Alert>}
      <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="off"
          required
          error={errors.first_name?.message}
          {...register("first_name")}
        />
        <TextField
          label="Last name"
          autoComplete="off"
          required
          error={errors.last_name?.message}
          {...register("last_name")}
        />
        <TextField
          label="E-mail"
          type="email"
          autoComplete="off"
          required
          hint="The invitation link is sent here."
          error={errors.email?.message}
          {...register("email")}
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="off"
          required
          placeholder="+1 415 555 0142"
          hint="International format, starting with + and the country code."
          error={errors.phone?.message}
          {...register("phone")}
        />
        <TextField
          label="External ID"
          autoComplete="off"
          hint="Optional: your own reference for this worker (payroll or HR id)."
          error={errors.external_id?.message}
          {...register("external_id")}
          className="sm:col-span-2"
        />
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => router.push("/workers")}>
          Cancel
        </Button>
        <Button type="submit" busy={isSubmitting}>
          Send invitation
        </Button>
      </div>
    </form>
  );
}
