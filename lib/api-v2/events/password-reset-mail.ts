import { escapeHtml as h, type InvitationMail, portalTokenLink } from "./invitation-mail";

const dateFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: "UTC",
});

/**
 * The password reset e-mail (our addition): a one-use link to the portal's reset page, shaped as
 * an invitation mail is, so the outbox stores it sealed and lists it by the same rules (its link
 * shown only in the demo company's outbox).
 */
export function renderPasswordResetMail(input: {
  firstName: string;
  lastName: string;
  email: string;
  companyName: string;
  token: string;
  expiresAt: Date;
}): InvitationMail {
  const link = portalTokenLink("reset-password", input.token);
  const expires = `${dateFormat.format(input.expiresAt)} UTC`;
  const subject = `Reset your ${input.companyName} portal password`;
  const text = [
    `Hi ${input.firstName},`,
    "",
    `Someone (we hope you) asked to reset the password you use to sign in to ${input.companyName}'s employer portal.`,
    "Choose a new password here:",
    "",
    link,
    "",
    `The link works once and expires on ${expires}. Setting a new password signs you out everywhere.`,
    "If you did not ask for this, ignore this e-mail: your password stays as it is.",
  ].join("\n");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${h(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f1f5f9;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0"><tr><td align="center">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;background:#ffffff;border-radius:12px;border:1px solid #e2e8f0">
<tr><td style="padding:28px 32px 8px;font-size:13px;letter-spacing:.04em;text-transform:uppercase;color:#4f46e5;font-weight:600">${h(input.companyName)}</td></tr>
<tr><td style="padding:0 32px;font-size:22px;font-weight:700">Hi ${h(input.firstName)}, reset your password</td></tr>
<tr><td style="padding:12px 32px 0;font-size:15px;line-height:1.6;color:#334155">Someone (we hope you) asked to reset the password you use to sign in to ${h(input.companyName)}'s employer portal.</td></tr>
<tr><td style="padding:24px 32px"><a href="${h(link)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">Choose a new password</a></td></tr>
<tr><td style="padding:0 32px 8px;font-size:13px;color:#64748b">Or paste this link into your browser:<br><a href="${h(link)}" style="color:#4f46e5;word-break:break-all">${h(link)}</a></td></tr>
<tr><td style="padding:8px 32px 28px;font-size:13px;color:#64748b">The link works once and expires on ${h(expires)}. Setting a new password signs you out everywhere. If you did not ask for this, ignore this e-mail: your password stays as it is.</td></tr>
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
