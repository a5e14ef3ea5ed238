import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { createTransport } from "nodemailer";
import type { DbOrTx } from "@/lib/db/client";
import { apiKeys, type outbox, webhooks } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { webhookUrlProblem } from "@/lib/schemas/webhook";
import { unseal } from "../secret-box";
import { openStoredMail } from "./invitation-mail";
import { SIGNATURE_HEADER, webhookSignature } from "./signature";

export type OutboxRow = typeof outbox.$inferSelect;

/** What one attempt came to. `permanent`: retrying cannot help (the row goes dead at once). */
export type Outcome = {
  ok: boolean;
  status: number | null;
  error: string | null;
  transport?: string | null;
  permanent?: boolean;
};

export type Deliver = (row: OutboxRow) => Promise<Outcome>;

/** The real transports: HTTPS webhooks and SMTP (or the database, for the demo outbox). */
export function realDeliver(db: DbOrTx): Deliver {
  return (row) => (row.channel === "email" ? sendMail(row) : postWebhook(db, row));
}

type Mailer = ReturnType<typeof smtpFor>;
let mailer: { url: string; transport: Mailer } | undefined;

function smtpFor(url: string) {
  const timeout = env().WEBHOOK_TIMEOUT_MS;
  return createTransport({
    url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
}

function smtpTransport(url: string): Mailer {
  if (mailer?.url !== url) {
    mailer = { url, transport: smtpFor(url) };
  }
  return mailer.transport;
}

async function sendMail(row: OutboxRow): Promise<Outcome> {
  const url = env().SMTP_URL;
  // Without SMTP the message stays in the database, where the portal's demo outbox shows it.
  if (!url) return { ok: true, status: null, error: null, transport: "database" };
  const { meta, content } = openStoredMail(row.body);
  if (!content) {
    return {
      ok: false,
      status: null,
      error: "the message is sealed under another DATA_ENCRYPTION_KEY and cannot be read",
      transport: "smtp",
      permanent: true,
    };
  }
  const mail = { ...meta, ...content };
  try {
    const info = await smtpTransport(url).sendMail({
      from: env().MAIL_FROM,
      to: { name: mail.to_name, address: mail.to },
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: { "X-Outbox-Id": String(row.id) },
    });
    const code = Number(/^(\d{3})/.exec(String(info.response ?? ""))?.[1] ?? 250);
    return { ok: true, status: code, error: null, transport: "smtp" };
  } catch (err) {
    const e = err as { responseCode?: number; code?: string; message?: string };
    const status = typeof e.responseCode === "number" ? e.responseCode : null;
    return {
      ok: false,
      status,
      error: [e.code, e.message].filter(Boolean).join(": ").slice(0, 500) || "send failed",
      transport: "smtp",
      // 5xx from the server for this recipient: the address is refused, retrying will not help.
      permanent: status !== null && status >= 550 && status < 560,
    };
  }
}

/** The secret of the subscription's key, or else the company's newest active key. */
async function signingSecret(db: DbOrTx, row: OutboxRow): Promise<string | null> {
  const [preferred] = row.webhookId
    ? await db
        .select({ apiKeyId: webhooks.apiKeyId })
        .from(webhooks)
        .where(eq(webhooks.id, row.webhookId))
    : [];
  const keys = await db
    .select({ id: apiKeys.id, sealed: apiKeys.secretSealed })
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.companyId, row.companyId),
        isNull(apiKeys.revokedAt),
        isNotNull(apiKeys.secretSealed),
      ),
    )
    .orderBy(
      desc(sql`${apiKeys.id} = ${preferred?.apiKeyId ?? 0}`),
      desc(sql`${apiKeys.pool} = 'private'`),
      desc(apiKeys.id),
    )
    .limit(5);
  for (const k of keys) {
    const secret = k.sealed ? unseal(k.sealed) : null;
    if (secret) return secret;
  }
  return null;
}

async function postWebhook(db: DbOrTx, row: OutboxRow): Promise<Outcome> {
  const problem = webhookUrlProblem(row.target, env().ALLOW_HTTP_LOOPBACK);
  if (problem) return { ok: false, status: null, error: `url ${problem}`, permanent: true };
  const secret = await signingSecret(db, row);
  if (!secret) {
    return {
      ok: false,
      status: null,
      error: "no signing key: the company has no active key whose secret is known here",
    };
  }
  try {
    const res = await fetch(row.target, {
      method: "POST",
      body: row.body,
      redirect: "manual",
      signal: AbortSignal.timeout(env().WEBHOOK_TIMEOUT_MS),
      headers: {
        "content-type": "application/json",
        "user-agent": "EmployerPortal-Webhooks/1.0",
        [SIGNATURE_HEADER]: webhookSignature(row.body, secret),
        "x-webhook-event": row.event,
        "x-webhook-delivery": String(row.id),
      },
    });
    await res.body?.cancel().catch(() => undefined);
    const ok = res.status >= 200 && res.status < 300;
    return { ok, status: res.status, error: ok ? null : `receiver answered ${res.status}` };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    const reason =
      e.name === "TimeoutError"
        ? `no answer within ${env().WEBHOOK_TIMEOUT_MS} ms`
        : (e.cause?.code ?? e.cause?.message ?? e.message);
    return { ok: false, status: null, error: String(reason).slice(0, 500) };
  }
}
