import { escapeHtml, type InvitationMail } from "../events/invitation-mail";

/**
 * The worker's e-mail when an employer writes to them (our addition): who wrote, about which
 * posting, and the text. The worker's app is not ours, so the mail has no link; it rests sealed
 * in the outbox like every mail (the text is the company's and the worker's business).
 */
export function renderMessageMail(input: {
  worker: { firstName: string; lastName: string; email: string };
  senderName: string;
  companyName: string;
  jobRequestName: string;
  body: string;
  imageUrl: string | null;
  now: Date;
}): InvitationMail {
  const subject = `New message about ${input.jobRequestName}`;
  const from = `${input.senderName} (${input.companyName})`;
  const text = [
    `Hi ${input.worker.firstName},`,
    "",
    `${from} wrote about "${input.jobRequestName}":`,
    "",
    input.body,
    ...(input.imageUrl ? ["", `Image: ${input.imageUrl}`] : []),
    "",
    "Reply in the app.",
  ].join("\n");
  const h = escapeHtml;
  const paragraphs = input.body
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 12px">${h(p).replaceAll("\n", "<br>")}</p>`)
    .join("");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${h(subject)}</title></head><body style="font-family:system-ui,sans-serif;color:#0f172a"><p>Hi ${h(input.worker.firstName)},</p><p>${h(from)} wrote about <strong>${h(input.jobRequestName)}</strong>:</p><blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #4f46e5;background:#f8fafc">${paragraphs}</blockquote>${input.imageUrl ? `<p>Image: ${h(input.imageUrl)}</p>` : ""}<p>Reply in the app.</p></body></html>`;
  return {
    to: input.worker.email,
    to_name: `${input.worker.firstName} ${input.worker.lastName}`.trim(),
    subject,
    text,
    html,
    link: "",
    expires_at: input.now.toISOString(),
  };
}
