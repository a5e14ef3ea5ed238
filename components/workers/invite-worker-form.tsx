"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ListLink } from "@/components/portal/list-link";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { ApiClientError } from "@/lib/portal/client/fetcher";
import { useInviteWorker } from "@/lib/portal/client/hooks/use-workers";
import { placeFieldErrors } from "@/lib/portal/client/place-field-errors";
import { useDraft, useUnsavedChangesWarning } from "@/lib/portal/client/use-draft";
import { inviteUserBodySchema } from "@/lib/schemas/user";
import { useConfirmLeavingByLink } from "./edit/use-confirm-leaving";

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
const EMPTY: FormInput = { first_name: "", last_name: "", email: "", phone: "", external_id: "" };

/** Only what a stored draft may hold (strings of the form's fields); null when nothing was typed. */
export function parseInviteDraft(raw: unknown): FormInput | null {
  if (!raw || typeof raw !== "object") return null;
  const picked: FormInput = { ...EMPTY };
  for (const field of FIELDS) {
    const v = (raw as Record<string, unknown>)[field];
    if (typeof v === "string") picked[field] = v;
  }
  return FIELDS.some((f) => String(picked[f] ?? "").trim() !== "") ? picked : null;
}

const LEAVE_MESSAGE =
  "This invitation has not been sent. Leave this page? What you typed is kept as a draft in this tab.";

export function InviteWorkerForm() {
  const router = useRouter();
  const invite = useInviteWorker();
  const draft = useDraft<FormInput>("/workers/new");
  const [formError, setFormError] = useState<string | null>(null);
  const [restored, setRestored] = useState(false);
  const [cleared, setCleared] = useState(0);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    getValues,
    setFocus,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: EMPTY,
  });

  // Input typed before (a session that ended, a page left) comes back once, on arrival, and
  // says so: a form that silently fills itself looks like someone else's work.
  const checked = useRef(false);
  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    const saved = parseInviteDraft(draft.read());
    if (saved) {
      reset(saved, { keepDefaultValues: true });
      setRestored(true);
    } else {
      draft.clear();
    }
  }, [draft, reset]);
  useEffect(() => {
    const sub = watch((values) => {
      if (parseInviteDraft(values)) draft.save(values as FormInput);
      else draft.clear();
    });
    return () => sub.unsubscribe();
  }, [watch, draft]);
  const guard = isDirty && !invite.isSuccess;
  useUnsavedChangesWarning(guard);
  useConfirmLeavingByLink(guard, LEAVE_MESSAGE);

  const clearDraft = () => {
    reset(EMPTY);
    draft.clear();
    setRestored(false);
    setFormError(null);
    setCleared((n) => n + 1);
  };
  // After the fields are registered again (reset re-registers them on render), not before:
  // the button that had focus is gone, and the user starts over at the first field.
  useEffect(() => {
    if (cleared > 0) setFocus("first_name");
  }, [cleared, setFocus]);

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
      {restored && (
        <Alert tone="info">
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <div className="min-w-0 flex-1 basis-56">
              <p className="font-semibold">Restored your unsent draft</p>
              <p className="mt-0.5">What you typed here before is back. It has not been sent.</p>
            </div>
            <Button variant="secondary" onClick={clearDraft}>
              Clear form
            </Button>
          </div>
        </Alert>
      )}
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
        {/* A link, so leaving with typed input asks first, as every other link does. */}
        <ListLink path="/workers" className={buttonClass("secondary")}>
          Cancel
        </ListLink>
        <Button type="submit" busy={isSubmitting}>
          Send invitation
        </Button>
      </div>
    </form>
  );
}
