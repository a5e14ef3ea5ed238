import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import {
  badges,
  companies,
  invitations,
  jobRequests,
  jobs,
  userBadges,
  userChanges,
  users,
} from "@/lib/db/schema";
import { createKeys } from "../admin/admin";
import { hashToken, randomToken } from "../hash-token";
import { DEMO_COMPANY_NAME, demoBadges, demoJobRequests, demoWorkers } from "./demo-data";

type DemoKeys = {
  company_id: number;
  private: { api_key: string; secret_key: string };
  public: { api_key: string; secret_key: string };
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The demo company: key pairs, ~20 badges, realistic workers around a few US cities with
 * badges, and jobs in every state, so the public-pool key sees a sensible subset (active
 * jobs, and approvals of the last 24 hours only). One transaction: all of it or none.
 * Returns null when the demo company already exists.
 */
export async function seedDemo(
  db: Db,
  opts: { now: Date; workerCount: number; environment: "test" | "live" },
): Promise<DemoKeys | null> {
  const { now, workerCount } = opts;
  const [existing] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, DEMO_COMPANY_NAME));
  if (existing) return null;

  return db.transaction(async (tx) => {
    const [company] = await tx.insert(companies).values({ name: DEMO_COMPANY_NAME }).returning();
    const companyId = company!.id;
    const privateKeys = await createKeys(tx, companyId, "private", opts.environment);
    const publicKeys = await createKeys(tx, companyId, "public", opts.environment);

    const badgeNames = demoBadges().map((b) => b.name);
    const badgeRows = await tx
      .insert(badges)
      .values(
        demoBadges().map((b, i) => ({
          companyId,
          name: b.name,
          description: b.description,
          infoUrl: b.info_url,
          iconUrl: b.icon_url,
          isSoft: b.is_soft,
          createdAt: new Date(now.getTime() - (90 - i) * DAY),
          updatedAt: new Date(now.getTime() - (90 - i) * DAY),
        })),
      )
      .returning({ id: badges.id });

    const workers = demoWorkers(workerCount, { now, badgeCount: badgeRows.length });
    const userIds: number[] = [];
    for (let start = 0; start < workers.length; start += 500) {
      const batch = workers.slice(start, start + 500);
      const rows = await tx
        .insert(users)
        .values(
          batch.map((w, j) => {
            // Spread creation over the last 60 days so lists and sorting look lived-in.
            const created = new Date(
              now.getTime() - ((start + j) % 60) * DAY - ((start + j) % 24) * HOUR,
            );
            return {
              companyId,
              type: "Worker",
              externalId: w.external_id,
              firstName: w.first_name,
              lastName: w.last_name,
              email: w.email,
              phone: w.phone,
              gender: w.gender,
              dob: w.dob,
              address: w.address,
              addressState: w.address_state,
              city: w.city,
              zip: w.zip,
              homeLatitude: w.home_latitude,
              homeLongitude: w.home_longitude,
              latitude: w.latitude,
              longitude: w.longitude,
              drugTested: w.drug_tested,
              referredBy: w.referred_by,
              w2EmployeeId: w.w2_employee_id,
              w2OnboardingStatus: w.w2_onboarding_status,
              suspended: w.suspended,
              suspendedUntil: w.suspended_until ? new Date(w.suspended_until) : null,
              createdAt: created,
              updatedAt: created,
            };
          }),
        )
        .returning({ id: users.id });
      userIds.push(...rows.map((r) => r.id));
      await tx.insert(invitations).values(
        rows.map((r, j) => ({
          userId: r.id,
          companyId,
          email: batch[j]!.email,
          tokenHash: hashToken(randomToken()),
          createdAt: now,
          expiresAt: new Date(now.getTime() + 7 * DAY),
          usedAt: j % 3 === 0 ? null : now,
        })),
      );
      const assignments = batch.flatMap((w, j) =>
        w.badgeIndexes.map((bi) => ({
          userId: rows[j]!.id,
          badgeId: badgeRows[bi]!.id,
          createdAt: now,
        })),
      );
      if (assignments.length > 0) await tx.insert(userBadges).values(assignments);
      // Their history starts with the invitation, so the History panel has a first line.
      await tx.insert(userChanges).values(
        rows.map((r, j) => {
          const created = new Date(
            now.getTime() - ((start + j) % 60) * DAY - ((start + j) % 24) * HOUR,
          );
          const w = batch[j]!;
          return {
            userId: r.id,
            kind: "invited" as const,
            companyId,
            actor: "operator" as const,
            occurredAt: created,
            changes: Object.fromEntries(
              (["first_name", "last_name", "email", "phone", "external_id"] as const).map((f) => [
                f,
                { from: null, to: w[f] },
              ]),
            ),
            badgesAdded: w.badgeIndexes.map((bi) => ({
              badge_id: String(badgeRows[bi]!.id),
              name: badgeNames[bi] ?? "",
            })),
            badgesRemoved: [],
          };
        }),
      );
    }

    const requestRows = await tx
      .insert(jobRequests)
      .values(
        demoJobRequests().map((r, i) => ({
          companyId,
          name: r.name,
          state: r.state,
          createdAt: new Date(now.getTime() - (20 - i) * DAY),
          updatedAt: new Date(now.getTime() - (10 - i) * HOUR),
        })),
      )
      .returning({ id: jobRequests.id });

    // Jobs in every state. Active ones (and approvals in the last 24 h) make those workers
    // visible to the public-pool key; the rest must stay invisible to it.
    const plan: { state: string; count: number; approvedAgo?: number }[] = [
      { state: "filled", count: 6 },
      { state: "in_progress", count: 6 },
      { state: "paused", count: 2 },
      { state: "completed", count: 5 },
      { state: "approved", count: 4, approvedAgo: 3 * HOUR },
      { state: "approved", count: 4, approvedAgo: 3 * DAY },
      { state: "pending", count: 4 },
      { state: "rejected", count: 2 },
      { state: "cancelled", count: 3 },
      { state: "withdrawn", count: 2 },
      { state: "no_show", count: 2 },
    ];
    const jobValues: (typeof jobs.$inferInsert)[] = [];
    let w = 0;
    for (const p of plan) {
      for (let k = 0; k < p.count && w < userIds.length; k++, w++) {
        const approvedAt = p.approvedAgo ? new Date(now.getTime() - p.approvedAgo) : null;
        jobValues.push({
          companyId,
          jobRequestId: requestRows[w % requestRows.length]!.id,
          userId: userIds[(w * 3) % userIds.length]!,
          state: p.state,
          approvedAt,
          createdAt: new Date(now.getTime() - 5 * DAY),
          updatedAt: approvedAt ?? new Date(now.getTime() - (w % 48) * HOUR),
        });
      }
    }
    if (jobValues.length > 0) await tx.insert(jobs).values(jobValues);

    return {
      company_id: companyId,
      private: { api_key: privateKeys.api_key, secret_key: privateKeys.secret_key },
      public: { api_key: publicKeys.api_key, secret_key: publicKeys.secret_key },
    };
  });
}
