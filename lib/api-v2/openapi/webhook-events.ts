import type { RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { WEBHOOK_EVENTS } from "@/lib/schemas/webhook";
import { SIGNATURE_HEADER } from "../events/signature";
import { WEBHOOK_EVENT_SCHEMAS } from "./response-schemas";

/** The requests we send: one per event, under the document's `webhooks` (OpenAPI 3.1). */
const WEBHOOK_EVENT_NOTES: Record<(typeof WEBHOOK_EVENTS)[number], string> = {
  "job_request.state_changed":
    "A job request of the company changed state: by PATCH /job_requests/{id} (posting, cancelling, …) or following its jobs (filled, in_progress, completed, approved). Creating a request sends none.",
  "job.state_changed":
    "A job of the company was created (previous_state null: POST /jobs/assign, or a worker accepting) or changed state (PATCH /jobs/{id}, the worker's actions, its job request being cancelled).",
  "user.invited": "A worker was invited (POST /users/invite). Our addition.",
  "user.updated":
    "A worker's fields or badges changed (PATCH /users/{id}); an update that changes nothing sends nothing. Our addition.",
  "message.created":
    "A message was written about a job of the company (POST /messages, or the demo's worker reply). Our addition.",
};

export function webhookRoutes(): RouteConfig[] {
  return WEBHOOK_EVENTS.map((event) => ({
    method: "post" as const,
    path: event,
    operationId: `on${event
      .split(/[._]/)
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join("")}`,
    tags: ["Webhooks"],
    summary: `${event} (sent to your URL)`,
    description: `${WEBHOOK_EVENT_NOTES[event]} We POST this body to every subscription of the company that wants \`${event}\`.`,
    ...((event.startsWith("user.") || event.startsWith("message.")) && { "x-addition": true }),
    security: [],
    request: {
      headers: z.object({
        [SIGNATURE_HEADER]: z
          .string()
          .regex(/^[0-9a-f]{64}$/)
          .meta({
            description:
              "Lowercase hex SHA-256 of the exact body bytes followed by the company's secret key: verify it over the raw body before parsing.",
          }),
        "X-Webhook-Event": z.literal(event).meta({ description: "The event, as in the body." }),
        "X-Webhook-Delivery": z.string().meta({
          description: "The delivery's id (GET /webhook_deliveries); the same on every attempt.",
        }),
      }),
      body: {
        required: true,
        content: { "application/json": { schema: WEBHOOK_EVENT_SCHEMAS[event] } },
      },
    },
    responses: {
      "2XX": {
        description:
          "Received. Answer within 10 seconds; any other answer, a redirect or none is retried 3 times (after about 60, 120 and 240 s, plus up to 10% jitter).",
      },
    },
  }));
}
