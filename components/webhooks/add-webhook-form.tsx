"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { ApiClientError } from "@/lib/portal/client/fetcher";
import { useCreateWebhook, type Webhook } from "@/lib/portal/client/hooks/use-webhooks";
import { placeFieldErrors } from "@/lib/portal/client/place-field-errors";
import { createWebhookBodySchema, WEBHOOK_EVENTS } from "@/lib/schemas/webhook";
import { EVENT_DESCRIPTIONS } from "./webhook-events";

/**
 * The API's own schema. The API reads "no events" as "every event"; a form where unticking
 * everything subscribes to everything would surprise, so here at least one box must be ticked,
 * and ticking them all is what sends "every event" (future ones included).
 */
const addWebhookFormSchema = createWebhookBodySchema.extend({
  events: createWebhookBodySchema.shape.events.unwrap().min(1, "Pick at least one event"),
});
type FormInput = z.input<typeof addWebhookFormSchema>;
type FormOutput = z.output<typeof addWebhookFormSchema>;
const FIELDS = ["url", "events"] as const;

const EMPTY: FormInput = { url: "", events: [...WEBHOOK_EVENTS] };

export function AddWebhookForm({
  labelledBy,
  onAdded,
}: {
  labelledBy?: string;
  onAdded?: (hook: Webhook) => void;
}) {
  const create = useCreateWebhook();
  const eventsId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const toast = useToast();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(addWebhookFormSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async ({ url, events }) => {
    setFormError(null);
    try {
      const every = WEBHOOK_EVENTS.every((e) => events.includes(e));
      const hook = await create.mutateAsync(every ? { url } : { url, events });
      reset(EMPTY);
      toast.show({
        message: "Webhook added",
        detail: `Deliveries to ${hook.url} are signed with the secret key of ${hook.signing_key ?? "your key"}.`,
      });
      onAdded?.(hook);
    } catch (err) {
      if (err instanceof ApiClientError && err.status === 401) return;
      if (placeFieldErrors(err, FIELDS, setError)) return;
      setFormError(err instanceof Error ? err.message : "Try again in a moment.");
    }
  });

  const eventsError = errors.events?.message ?? errors.events?.root?.message;

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={labelledBy} className="space-y-5">
      {formError && (
        <Alert tone="error" title="The webhook could not be added">
          {formError}
        </Alert>
      )}
      <TextField
        label="Endpoint URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        required
        maxLength={2048}
        placeholder="https://example.com/webhooks"
        hint="Where we POST each event, as JSON. https, or http to this machine."
        error={errors.url?.message}
        {...register("url")}
      />
      <fieldset aria-describedby={eventsError ? `${eventsId}-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">Events</legend>
        <div className="mt-2 space-y-3">
          {WEBHOOK_EVENTS.map((event) => {
            const id = `${eventsId}-${event}`;
            return (
              <div key={event} className="flex gap-3">
                <input
                  id={id}
                  type="checkbox"
                  value={event}
                  aria-describedby={`${id}-hint`}
                  className="mt-0.5 size-4 shrink-0 rounded accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                  {...register("events")}
                />
                <div className="min-w-0 text-sm">
                  <label htmlFor={id} className="font-mono text-[13px] font-medium text-slate-800">
                    {event}
                  </label>
                  <p id={`${id}-hint`} className="text-xs text-slate-500">
                    {EVENT_DESCRIPTIONS[event]}
                  </p>
                </div>
              </div>
            );
          })}
        </div>
        <p
          id={`${eventsId}-error`}
          aria-live="polite"
          className="mt-1 text-xs font-medium text-red-700"
        >
          {eventsError}
        </p>
      </fieldset>
      <Button type="submit" busy={isSubmitting} className="w-full">
        Add webhook
      </Button>
    </form>
  );
}
