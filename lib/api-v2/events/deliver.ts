import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { createTransport } from "nodemailer";
import type { DbOrTx } from "@/lib/db/client";
import { apiKeys, companies, type outbox, webhooks } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { checkWebhookTarget, postToTarget, webhookTargetPolicy } from "@/lib/net/webhook-target";
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

/** Stored error texts stay short; none carries anything the receiver sent. */
const MAX_ERROR_CHARS = 200;

async function isDemoCompany(db: DbOrTx, companyId: number): Promise<boolean> {
  const [c] = await db
    .select({ demo: companies.demo })
    .from(companies)
    .where(eq(companies.id, companyId));
  return c?.demo ?? false;
}

/**
 * One attempt. The target is judged again now, not only at registration (the rules or the
 * name's addresses may have changed): a refused one is a permanent failure and no connection
 * is made; the connection goes to the very addresses judged. What is recorded is the status or
 * our own account of the failure, never the receiver's words.
 */
async function postWebhook(db: DbOrTx, row: OutboxRow): Promise<Outcome> {
  const policy = webhookTargetPolicy({ demo: await isDemoCompany(db, row.companyId) });
  const target = await checkWebhookTarget(row.target, policy);
  if (!target.ok) {
    const error =
      target.reason === "syntax"
        ? `url ${target.problem}`
        : target.reason === "forbidden"
          ? `refused: ${target.problem}`
          : target.problem;
    return { ok: false, status: null, error, permanent: target.reason !== "unresolved" };
  }
  const secret = await signingSecret(db, row);
  if (!secret) {
    return {
      ok: false,
      status: null,
      error: "no signing key: the company has no active key whose secret is known here",
    };
  }
  const timeoutMs = env().WEBHOOK_TIMEOUT_MS;
  try {
    const { status } = await postToTarget(
      target,
      row.body,
      {
        "content-type": "application/json",
        "user-agent": "EmployerPortal-Webhooks/1.0",
        [SIGNATURE_HEADER]: webhookSignature(row.body, secret),
        "x-webhook-event": row.event,
        "x-webhook-delivery": String(row.id),
      },
      timeoutMs,
    );
    const ok = status >= 200 && status < 300;
    const error = ok
      ? null
      : status >= 300 && status < 400
        ? `receiver answered ${status}, redirects are not followed`
        : `receiver answered ${status}`;
    return { ok, status, error };
  } catch (err) {
    const e = err as Error & { code?: string };
    const reason =
      e.name === "AbortError" || e.name === "TimeoutError"
        ? `no answer within ${timeoutMs} ms`
        : // A system error code (ECONNREFUSED, CERT_HAS_EXPIRED…), else our client's message.
          e.code && /^[A-Z0-9_]{2,60}$/.test(e.code)
          ? e.code
          : e.message || "request failed";
    return { ok: false, status: null, error: reason.slice(0, MAX_ERROR_CHARS) };
  }
}
