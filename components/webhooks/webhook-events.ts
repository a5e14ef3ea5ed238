import type { WebhookEvent } from "@/lib/schemas/webhook";

/** What each event means, in the words of the person subscribing to it. */
export const EVENT_DESCRIPTIONS: Record<WebhookEvent, string> = {
  "job_request.state_changed": "A job request moved to another state",
  "job.state_changed": "A job moved to another state",
  "user.invited": "A worker was invited",
  "user.updated": "A worker's details or badges changed",
  "message.created": "A message was written about a job (by a requestor or the worker)",
};
