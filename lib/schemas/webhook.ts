import { z } from "zod";
import { isLoopbackHost } from "@/lib/net/loopback";
import { pagingQuery, q, withoutBlank } from "./common";

/** Events a webhook can subscribe to. The first two are the real service's; the rest ours. */
export const WEBHOOK_EVENTS = [
  "job_request.state_changed",
  "job.state_changed",
  "user.invited",
  "user.updated",
  "message.created",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * A webhook target's syntax: https, or plain http to this machine when the deployment allows it
 * (`allowHttpLoopback`); no credentials. Where it may lead (public addresses only, unless the
 * deployment says otherwise) is the server's check, lib/net/webhook-target.ts, at registration
 * and again at every delivery.
 */
export function webhookUrlProblem(raw: string, allowHttpLoopback: boolean): string | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return "must be an absolute https URL";
  }
  if (u.username || u.password) return "must not carry a user name or password";
  if (u.protocol === "https:") return null;
  if (u.protocol === "http:") {
    if (allowHttpLoopback && isLoopbackHost(u.hostname)) return null;
    return allowHttpLoopback
      ? "must use https (plain http only to 127.0.0.1, ::1 or localhost)"
      : "must use https";
  }
  return "must use https";
}

/**
 * The one spelling of a receiver's URL that is stored and compared (webhooks are unique per
 * company on it): the WHATWG URL serialisation — scheme and host lower-cased, the default port
 * dropped, dot segments resolved, an empty path made "/" — without the fragment, which is never
 * sent to the receiver. `https://Hooks.Example.com:443/a/../in#x` → `https://hooks.example.com/in`.
 * Null when it is not an absolute URL (webhookUrlProblem says why).
 */
export function normaliseWebhookUrl(raw: string): string | null {
  try {
    const u = new URL(raw.trim());
    u.hash = "";
    return u.href;
  } catch {
    return null;
  }
}

export const createWebhookBodySchema = z.object({
  url: z
    .string({ error: (i) => (i.input === undefined ? "can't be blank" : "must be a string") })
    .trim()
    .min(1, "can't be blank")
    .max(2048, "is too long (maximum is 2048 characters)"),
  /** Omitted or empty: every event. */
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `must be one of ${WEBHOOK_EVENTS.join(", ")}` }))
    .max(WEBHOOK_EVENTS.length)
    .optional(),
});
export type CreateWebhookBody = z.output<typeof createWebhookBodySchema>;

export const DELIVERY_STATES = ["pending", "delivered", "dead"] as const;

export const listDeliveriesQuerySchema = z.preprocess(
  withoutBlank,
  z.object({
    ...pagingQuery,
    state: z
      .enum(DELIVERY_STATES, { error: `must be one of ${DELIVERY_STATES.join(", ")}` })
      .optional(),
    webhook_id: q.int(1).optional(),
  }),
);

export const listMailsQuerySchema = z.preprocess(withoutBlank, z.object({ ...pagingQuery }));

export const acceptInvitationBodySchema = z.object({
  token: z.string({ error: "must be a string" }).min(20, "is not a valid invitation").max(200),
  password: z
    .string({ error: "must be a string" })
    .min(8, "is too short (minimum is 8 characters)")
    .max(200, "is too long (maximum is 200 characters)"),
});
export const inspectInvitationBodySchema = acceptInvitationBodySchema.pick({ token: true });
