import { absoluteTime } from "@/components/ui/time-ago";

/** What became of a mail's one-use link, as the API says it (ours); absent on the real service. */
export type LinkState = "live" | "used" | "replaced" | "expired";

/**
 * The line under a mail's link. The mail itself still says the link "works once, until …";
 * the outbox says what is true now: a resend replaced it, it was used, its time ran out.
 * Without a state (another API), the mail's own promise, as before.
 */
export function linkNote(state: LinkState | null | undefined, expiresAt: string | null): string {
  const until = expiresAt ? `, until ${absoluteTime(expiresAt)}` : "";
  switch (state) {
    case "replaced":
      return "This link no longer works: a newer invitation was sent, and only its link can be used.";
    case "used":
      return "This link has been used: the worker accepted the invitation.";
    case "expired":
      return `This link has expired${expiresAt ? ` (${absoluteTime(expiresAt)})` : ""}.`;
    default:
      return `Opening it is what the worker does: it works once${until}.`;
  }
}

/** "Invited by Dana Lee" for an invitation, "Sent by …" for any other mail; null if unnamed. */
export function sentByText(mail: { event: string; sent_by?: { name: string } | null }) {
  if (!mail.sent_by?.name) return null;
  return `${mail.event === "user.invited" ? "Invited" : "Sent"} by ${mail.sent_by.name}`;
}
