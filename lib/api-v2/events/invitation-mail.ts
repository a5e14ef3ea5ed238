import { env } from "@/lib/env";
import { seal, unseal } from "../secret-box";

export type InvitationMail = {
  to: string;
  to_name: string;
  subject: string;
  text: string;
  html: string;
  link: string;
  expires_at: string;
};

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/**
 * A portal page with a one-use token (the accept page, the reset page); the token rides in the
 * fragment, so it never reaches a server log or a Referer.
 */
export function portalTokenLink(page: string, token: string): string {
  const base = env().PUBLIC_URL ?? `http://localhost:${env().PORT}`;
  return `${base.replace(/\/+$/, "")}/${page}#token=${encodeURIComponent(token)}`;
}

const invitationLink = (token: string) => portalTokenLink("accept-invite", token);

const dateFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: "UTC",
});

/** A teammate's invitation (our addition) names who invited them and the role they will hold. */
export type TeammateInvitation = { roleLabel: string; invitedBy: string | null };

export function renderInvitationMail(input: {
  firstName: string;
  lastName: string;
  email: string;
  companyName: string;
  token: string;
  expiresAt: Date;
  /** Set for an employer user (a teammate); absent for a worker. */
  teammate?: TeammateInvitation;
}): InvitationMail {
  const link = invitationLink(input.token);
  const expires = `${dateFormat.format(input.expiresAt)} UTC`;
  const t = input.teammate;
  const subject = t
    ? `${input.companyName} invited you to their team as ${t.roleLabel}`
    : `${input.companyName} invited you to join their team`;
  // A resend ends the earlier links: the mail must not promise more than the link keeps.
  const validity = `The link can be used once, until ${expires}, or until a newer invitation replaces it.`;
  const intro = t
    ? `${t.invitedBy ?? "An administrator"} has invited you to join ${input.companyName}'s team as ${t.roleLabel}.`
    : `${input.companyName} has invited you to pick up shifts with them.`;
  const action = t
    ? "Accept the invitation and choose your own password here:"
    : "Accept the invitation and choose your password here:";
  const text = [
    `Hi ${input.firstName},`,
    "",
    intro,
    action,
    "",
    link,
    "",
    validity,
    "If you were not expecting this e-mail, you can ignore it.",
  ].join("\n");
  const h = escapeHtml;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${h(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f1f5f9;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0"><tr><td align="center">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;background:#ffffff;border-radius:12px;border:1px solid #e2e8f0">
<tr><td style="padding:28px 32px 8px;font-size:13px;letter-spacing:.04em;text-transform:uppercase;color:#4f46e5;font-weight:600">${h(input.companyName)}</td></tr>
<tr><td style="padding:0 32px;font-size:22px;font-weight:700">Hi ${h(input.firstName)}, you're invited</td></tr>
<tr><td style="padding:12px 32px 0;font-size:15px;line-height:1.6;color:#334155">${h(intro)} ${h(t ? "Accept the invitation and choose your own password to sign in." : "Accept the invitation and choose your password to get started.")}</td></tr>
<tr><td style="padding:24px 32px"><a href="${h(link)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">Accept invitation</a></td></tr>
<tr><td style="padding:0 32px 8px;font-size:13px;color:#64748b">Or paste this link into your browser:<br><a href="${h(link)}" style="color:#4f46e5;word-break:break-all">${h(link)}</a></td></tr>
<tr><td style="padding:8px 32px 28px;font-size:13px;color:#64748b">${h(validity)} If you were not expecting this e-mail, you can ignore it.</td></tr>
</table></td></tr></table></body></html>`;
  return {
    to: input.email,
    to_name: `${input.firstName} ${input.lastName}`.trim(),
    subject,
    text,
    html,
    link,
    expires_at: input.expiresAt.toISOString(),
  };
}

/**
 * How an invitation mail rests in the outbox: who, what and when in clear (the outbox list
 * shows them), the message itself sealed (AES-256-GCM, secret-box), because its link carries
 * the single-use invitation token, which the database must never hold in plain text.
 */
type StoredMail = Omit<InvitationMail, "text" | "html" | "link"> & { sealed: string };
export type MailContent = Pick<InvitationMail, "text" | "html" | "link">;

export function storedMail(mail: InvitationMail): string {
  const { text, html, link, ...meta } = mail;
  const stored: StoredMail = { ...meta, sealed: seal(JSON.stringify({ text, html, link })) };
  return JSON.stringify(stored);
}

/**
 * An outbox e-mail body read back: `content` is null when it cannot be unsealed (sealed under
 * another DATA_ENCRYPTION_KEY). Rows queued before mails were sealed hold the message in clear.
 */
export function openStoredMail(body: string): {
  meta: Omit<StoredMail, "sealed">;
  content: MailContent | null;
} {
  const parsed = JSON.parse(body) as Partial<StoredMail> & Partial<MailContent>;
  const { sealed, text, html, link, ...meta } = parsed;
  const m = meta as Omit<StoredMail, "sealed">;
  if (typeof sealed !== "string") {
    return { meta: m, content: { text: text ?? "", html: html ?? "", link: link ?? "" } };
  }
  const plain = unseal(sealed);
  return { meta: m, content: plain === null ? null : (JSON.parse(plain) as MailContent) };
}

/** What a listed mail shows in place of an invitation link that must not be seen. */
export const HIDDEN_LINK = "[invitation link hidden: it was sent to the worker]";

/**
 * The message with its invitation link hidden: every spelling of the link (as written in the
 * text, HTML-escaped in the HTML) and of the token in it becomes HIDDEN_LINK, the HTML's links
 * to it lose their href, and `link` is null. A mail without a link (a job offer) stays as it is.
 */
export function withoutInvitationLink(content: MailContent): {
  text: string;
  html: string;
  link: string | null;
} {
  const { link } = content;
  if (!link) return content;
  const token = link.split("#token=")[1] ?? "";
  // Longest first, so the link goes whole; the token alone is a safety net, never a short
  // string that could match ordinary words.
  const secrets = [escapeHtml(link), link, token, safeDecode(token)].filter((x) => x.length >= 16);
  const hide = (s: string) => secrets.reduce((out, x) => out.replaceAll(x, HIDDEN_LINK), s);
  return {
    text: hide(content.text),
    html: hide(content.html.replaceAll(` href="${escapeHtml(link)}"`, "")),
    link: null,
  };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
