import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { apiKeys, companies, outbox, webhooks } from "@/lib/db/schema";
import { checkWebhookTarget, webhookTargetPolicy } from "@/lib/net/webhook-target";
import { type CreateWebhookBody, normaliseWebhookUrl, WEBHOOK_EVENTS } from "@/lib/schemas/webhook";
import { notFound, validationError } from "../errors";
import { formatTimestamp } from "../format";
import { isUniqueViolation, pgErrorOf } from "../pg-error";
import { MAX_WEBHOOKS_PER_COMPANY } from "./webhook-limits";

type WebhookRow = typeof webhooks.$inferSelect;

export function serializeWebhook(w: WebhookRow, signingKey: string | null) {
  return {
    id: w.id,
    url: w.url,
    events: w.events.length > 0 ? w.events : [...WEBHOOK_EVENTS],
    all_events: w.events.length === 0,
    signing_key: signingKey,
    created_at: formatTimestamp(w.createdAt)!,
  };
}

/**
 * A subscription of the company to some (or all) events. The URL is judged here and again at
 * every delivery (lib/net/webhook-target.ts): https (plain http only to loopback where allowed),
 * and only to addresses the deployment lets webhooks reach; the demo company's only to this
 * machine. A name that does not resolve yet is taken (its deliveries wait until it does).
 * The URL is stored normalised (normaliseWebhookUrl), and the company's subscriptions are unique
 * on it (webhooks_company_url_key), so six spellings of one receiver are one subscription: a
 * second is 422 naming the one that exists.
 */
export async function createWebhook(
  db: Db,
  companyId: number,
  apiKeyId: number | null,
  body: CreateWebhookBody,
  now: Date,
) {
  const [company] = await db
    .select({ demo: companies.demo })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw notFound("Company");
  const url = normaliseWebhookUrl(body.url);
  if (url === null) throw validationError({ url: ["must be an absolute https URL"] });
  const existing = async () => {
    const [w] = await db
      .select({ id: webhooks.id })
      .from(webhooks)
      .where(and(eq(webhooks.companyId, companyId), eq(webhooks.url, url)));
    return w ? validationError({ url: [`is already registered (webhook ${w.id})`] }) : null;
  };
  const taken = await existing();
  if (taken) throw taken;
  const target = await checkWebhookTarget(url, webhookTargetPolicy(company));
  if (!target.ok && target.reason !== "unresolved") {
    throw validationError({ url: [target.problem] });
  }
  const events = [...new Set(body.events ?? [])];
  const all = events.length === 0 || events.length === WEBHOOK_EVENTS.length;
  const row = await db
    .transaction(async (tx) => {
      // The company's row is the lock that counts its subscriptions one creation at a time.
      await tx
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.id, companyId))
        .for("no key update");
      const [held] = await tx
        .select({ n: count() })
        .from(webhooks)
        .where(eq(webhooks.companyId, companyId));
      if ((held?.n ?? 0) >= MAX_WEBHOOKS_PER_COMPANY) {
        throw validationError({
          url: [`is one too many: a company may hold at most ${MAX_WEBHOOKS_PER_COMPANY} webhooks`],
        });
      }
      const [inserted] = await tx
        .insert(webhooks)
        .values({ companyId, url, events: all ? [] : events, apiKeyId, createdAt: now })
        .returning();
      return inserted!;
    })
    .catch(async (err: unknown) => {
      // A concurrent request registered the same receiver first: the database decided.
      const info = pgErrorOf(err);
      if (isUniqueViolation(info) && info.constraint === "webhooks_company_url_key") {
        throw (await existing()) ?? err;
      }
      throw err;
    });
  return serializeWebhook(row, await publicKeyOf(db, apiKeyId));
}

async function publicKeyOf(db: Db, apiKeyId: number | null): Promise<string | null> {
  if (!apiKeyId) return null;
  const [k] = await db
    .select({ publicKey: apiKeys.publicKey })
    .from(apiKeys)
    .where(eq(apiKeys.id, apiKeyId));
  return k?.publicKey ?? null;
}

export async function listWebhooks(db: Db, companyId: number | null) {
  const rows = await db
    .select({ w: webhooks, publicKey: apiKeys.publicKey })
    .from(webhooks)
    .leftJoin(apiKeys, eq(apiKeys.id, webhooks.apiKeyId))
    .where(companyId === null ? undefined : eq(webhooks.companyId, companyId))
    .orderBy(asc(webhooks.id));
  return rows.map((r) => ({ ...serializeWebhook(r.w, r.publicKey), company_id: r.w.companyId }));
}

export async function getWebhook(db: Db, companyId: number, id: number) {
  const [r] = await db
    .select({ w: webhooks, publicKey: apiKeys.publicKey })
    .from(webhooks)
    .leftJoin(apiKeys, eq(apiKeys.id, webhooks.apiKeyId))
    .where(and(eq(webhooks.id, id), eq(webhooks.companyId, companyId)));
  if (!r) throw notFound("Webhook");
  return serializeWebhook(r.w, r.publicKey);
}

/**
 * Removes the subscription; its deliveries still waiting are ended (dead, "webhook removed")
 * rather than sent to a URL nobody subscribes any more. Their history stays.
 */
export async function removeWebhook(
  db: Db,
  companyId: number | null,
  id: number,
  now: Date,
): Promise<{ removed: true; id: number; pending_deliveries_cancelled: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: webhooks.id })
      .from(webhooks)
      .where(
        companyId === null
          ? eq(webhooks.id, id)
          : and(eq(webhooks.id, id), eq(webhooks.companyId, companyId)),
      )
      .for("update");
    if (!row) throw notFound("Webhook");
    const cancelled = await tx
      .update(outbox)
      .set({
        state: "dead",
        lastError: `webhook removed at ${now.toISOString()}`,
        leaseOwner: null,
        leaseUntil: null,
      })
      .where(and(eq(outbox.webhookId, id), eq(outbox.state, "pending")))
      .returning({ id: outbox.id });
    await tx.delete(webhooks).where(eq(webhooks.id, id));
    return { removed: true as const, id, pending_deliveries_cancelled: cancelled.length };
  });
}
