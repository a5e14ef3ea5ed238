"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { ApiClientError } from "@/lib/portal/client/fetcher";
import { type Teammate, useInviteTeammate } from "@/lib/portal/client/hooks/use-team";
import { placeFieldErrorsOf } from "@/lib/portal/client/place-field-errors";
import { inviteEmployerBodySchema } from "@/lib/schemas/employer";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES } from "@/lib/schemas/permissions";

/** The same schema the API validates a teammate's invitation with, less what the page sets. */
const inviteTeammateSchema = inviteEmployerBodySchema.pick({
  first_name: true,
  last_name: true,
  email: true,
  role: true,
  title: true,
});
type FormInput = z.input<typeof inviteTeammateSchema>;
type FormOutput = z.output<typeof inviteTeammateSchema>;
const FIELDS = ["first_name", "last_name", "email", "role", "title"] as const;
const EMPTY: FormInput = { first_name: "", last_name: "", email: "", role: "requestor", title: "" };

/**
 * Invite a teammate by e-mail with a role: they get a one-use link (the mail is in the outbox)
 * and choose their own password through it. Field errors (a taken e-mail) sit by their field.
 */
export function InviteTeammateForm({ onInvited }: { onInvited: (t: Teammate) => void }) {
  const invite = useInviteTeammate();
  const [formError, setFormError] = useState<string | null>(null);
  const roleErrorId = useId();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(inviteTeammateSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const created = await invite.mutateAsync({
        first_name: values.first_name,
        last_name: values.last_name,
        email: values.email,
        role: values.role,
        ...(values.title ? { title: values.title } : {}),
      });
      reset(EMPTY);
      onInvited(created);
    } catch (err) {
      if (err instanceof ApiClientError && err.status === 401) return;
      const { placed, others } = placeFieldErrorsOf(err, FIELDS, setError);
      if (!placed || others.length > 0) {
        setFormError(err instanceof Error ? err.message : "The invitation could not be sent.");
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Invite a teammate" className="space-y-4">
      {formError && <Alert tone="error">{formError}</Alert>}
      <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="off"
          required
          maxLength={100}
          error={errors.first_name?.message}
          {...register("first_name")}
        />
        <TextField
          label="Last name"
          autoComplete="off"
          required
          maxLength={100}
          error={errors.last_name?.message}
          {...register("last_name")}
        />
        <TextField
          label="Work e-mail"
          type="email"
          autoComplete="off"
          required
          maxLength={254}
          hint="The invitation link is sent here."
          error={errors.email?.message}
          {...register("email")}
        />
        <TextField
          label="Title"
          autoComplete="off"
          maxLength={255}
          placeholder="Operations manager"
          hint="Optional."
          error={errors.title?.message}
          {...register("title")}
        />
      </div>
      <fieldset aria-describedby={errors.role ? roleErrorId : undefined}>
        <legend className="text-sm font-medium text-slate-800">Role</legend>
        <div className="mt-2 grid gap-2 lg:grid-cols-3">
          {ROLES.map((role) => (
            <label
              key={role}
              className="flex cursor-pointer gap-3 rounded-lg p-2.5 ring-1 ring-slate-200 ring-inset has-checked:bg-indigo-50/60 has-checked:ring-indigo-300"
            >
              <input
                type="radio"
                value={role}
                className="mt-0.5 size-4 accent-indigo-600"
                {...register("role")}
              />
              <span className="text-sm">
                <span className="block font-medium text-slate-900">{ROLE_LABELS[role]}</span>
                <span className="block text-slate-600">{ROLE_DESCRIPTIONS[role]}</span>
              </span>
            </label>
          ))}
        </div>
        <p id={roleErrorId} aria-live="polite" className="mt-1 text-xs font-medium text-red-700">
          {errors.role?.message}
        </p>
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" busy={isSubmitting} className="w-full sm:w-auto">
          Send invitation
        </Button>
      </div>
    </form>
  );
}
