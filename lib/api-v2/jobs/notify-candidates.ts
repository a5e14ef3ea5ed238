import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { companies } from "@/lib/db/schema";
import { enqueueMail } from "../events/emit";
import type { InvitationMail } from "../events/invitation-mail";
import { rankCandidates, requiredBadgesOf } from "./candidates";
import type { JobRequestRow } from "./serialize-job-request";

/** How many of the top-ranked workers hear of a request when it is posted. */
export const NOTIFY_TOP = 10;

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

function renderOfferMail(
  r: JobRequestRow,
  companyName: string,
  worker: { firstName: string; lastName: string; email: string },
  distanceKm: number | null,
): InvitationMail {
  const when = r.startTime
    ? new Intl.DateTimeFormat("en-US", {
        dateStyle: "full",
        timeStyle: "short",
        timeZone: r.timezone,
      }).format(r.startTime)
    : "a time to be confirmed";
  const where = [r.venue, r.address, r.city].filter(Boolean).join(", ") || "the site";
  const away =
    distanceKm === null ? "" : ` It is ${(distanceKm / 1.609344).toFixed(1)} miles from you.`;
  const subject = `New job near you: ${r.name}`;
  const text = [
    `Hi ${worker.firstName},`,
    "",
    `${companyName} posted "${r.name}"${r.category ? ` (${r.category})` : ""} at ${where}, starting ${when}.${away}`,
    r.wage ? `Pay: $${Number(r.wage).toFixed(2)}.` : "",
    "Open the app to accept it before the slots are taken.",
  ]
    .filter((l) => l !== "")
    .join("\n");
  const h = escapeHtml;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${h(subject)}</title></head><body style="font-family:system-ui,sans-serif;color:#0f172a"><p>Hi ${h(worker.firstName)},</p><p>${h(companyName)} posted <strong>${h(r.name)}</strong> at ${h(where)}, starting ${h(when)}.${h(away)}</p><p>Open the app to accept it before the slots are taken.</p></body></html>`;
  return {
    to: worker.email,
    to_name: `${worker.firstName} ${worker.lastName}`.trim(),
    subject,
    text,
    html,
    // The worker's app is not ours: the offer has no link of its own.
    link: "",
    expires_at: (r.startTime ?? new Date(Date.now() + 7 * 86_400_000)).toISOString(),
  };
}

/**
 * When a request becomes `posted`, its top-ranked workers are told, through the outbox, in the
 * same transaction (a rolled-back posting notifies nobody). Preferred candidates rank first
 * among equals, as the reference has them notified first.
 */
export async function notifyTopCandidates(
  tx: DbOrTx,
  r: JobRequestRow,
  now: Date,
  /** The teammate who posted it (ours): the outbox names them. */
  actorUserId: number | null = null,
): Promise<number> {
  const required = await requiredBadgesOf(tx, r.id);
  const { rows } = await rankCandidates(
    tx,
    r,
    required.map((b) => b.badgeId),
    { offset: 0, per: NOTIFY_TOP },
    now,
  );
  if (rows.length === 0) return 0;
  await mailOffers(
    tx,
    r,
    rows.map((c) => ({ user: c.user, distanceM: c.distanceM })),
    now,
    actorUserId,
  );
  return rows.length;
}

/** One offer e-mail per worker, queued in the outbox within the caller's transaction. */
export async function mailOffers(
  tx: DbOrTx,
  r: JobRequestRow,
  workers: {
    user: { firstName: string; lastName: string; email: string };
    distanceM: number | null;
  }[],
  now: Date,
  actorUserId: number | null,
): Promise<void> {
  if (workers.length === 0) return;
  const [company] = await tx
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, r.companyId));
  for (const c of workers) {
    await enqueueMail(tx, {
      companyId: r.companyId,
      event: "job_request.offered",
      actorUserId,
      mail: renderOfferMail(
        r,
        company?.name ?? "",
        c.user,
        c.distanceM === null ? null : c.distanceM / 1000,
      ),
      now,
    });
  }
}
