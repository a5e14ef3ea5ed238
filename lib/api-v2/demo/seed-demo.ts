import { eq } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import {
  badges,
  companies,
  invitations,
  jobRequestBadges,
  jobRequests,
  jobs,
  jobTransitions,
  userBadges,
  userChanges,
  users,
} from "@/lib/db/schema";
import { createKeys } from "../admin/admin";
import { hashToken, randomToken } from "../hash-token";
import { resolveStartTime } from "../jobs/start-time";
import { sealPersonal } from "../users/personal-data";
import {
  DEMO_COMPANY_NAME,
  type DemoWorker,
  demoBadges,
  demoJobRequests,
  demoWorkers,
  withCrews,
} from "./demo-data";
import { seedDemoHistory } from "./seed-history";
import { seedDemoConversation } from "./seed-messages";
import { seedDemoSeries } from "./seed-series";
import { type DemoPerson, demoTeamCredentials, seedDemoTeam } from "./seed-team";

type DemoKeys = {
  company_id: number;
  private: { api_key: string; secret_key: string };
  public: { api_key: string; secret_key: string };
  /** The team and their passwords, for "Try the demo" and the start banner. */
  people: DemoPerson[];
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Marks a demo worker as having accepted: not an scrypt hash, so no password matches it. */
const DEMO_ACCEPTED = "accepted-without-password";

/**
 * The demo pool's invitations: two in three accepted, the rest waiting, and one in nine sent
 * long enough ago to have expired, so every invitation status shows in the list.
 */
function demoInvitation(index: number, now: Date) {
  if (index % 3 !== 0)
    return { createdAt: now, expiresAt: new Date(now.getTime() + 7 * DAY), usedAt: now };
  const sentDaysAgo = index % 9 === 0 ? 12 : 1;
  const createdAt = new Date(now.getTime() - sentDaysAgo * DAY);
  return { createdAt, expiresAt: new Date(createdAt.getTime() + 7 * DAY), usedAt: null };
}

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
  const team = await demoTeamCredentials();

  return db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({ name: DEMO_COMPANY_NAME, demo: true })
      .returning();
    const companyId = company!.id;
    const privateKeys = await createKeys(tx, companyId, "private", opts.environment);
    const publicKeys = await createKeys(tx, companyId, "public", opts.environment);
    const { requestorIds } = await seedDemoTeam(tx, {
      companyId,
      companyName: company!.name,
      now,
      people: team,
    });

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

    const workers = withCrews(
      demoWorkers(workerCount, { now, badgeCount: badgeRows.length }),
      badgeNames,
    );
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
            const invitation = demoInvitation(start + j, now);
            return {
              companyId,
              type: "Worker",
              externalId: w.external_id,
              firstName: w.first_name,
              lastName: w.last_name,
              email: w.email,
              phone: w.phone,
              gender: w.gender,
              dob: sealPersonal("dob", w.dob),
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
              // Accepted ones get a marker that is not an scrypt hash: no password matches it.
              passwordHash: invitation.usedAt ? DEMO_ACCEPTED : null,
              invitationExpiresAt: invitation.expiresAt,
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
          ...demoInvitation(start + j, now),
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

    await seedJobRequests(tx, {
      companyId,
      now,
      workers,
      userIds,
      badgeIds: new Map(badgeNames.map((name, i) => [name, badgeRows[i]!.id])),
      badgeNames,
      requestorIds,
    });
    // Eight weeks of recurring work and two ahead, for the home page's sections and charts.
    const [admin, ...requestors] = requestorIds;
    await seedDemoHistory(tx, {
      companyId,
      now,
      workers,
      userIds,
      badgeNames,
      posters: [...requestors, ...requestors, admin].filter((id) => id !== undefined),
    });
    await seedDemoConversation(tx, { companyId, now, requestorIds });
    // A requestor's (not the admin's) three-day series.
    await seedDemoSeries(tx, { companyId, now, employerId: requestorIds[1] ?? null });

    return {
      company_id: companyId,
      private: { api_key: privateKeys.api_key, secret_key: privateKeys.secret_key },
      public: { api_key: publicKeys.api_key, secret_key: publicKeys.secret_key },
      people: team.map(({ passwordHash: _, ...person }) => person),
    };
  });
}

/** The states a job passed through to reach its own, in order. */
const PATH: Record<string, string[]> = {
  pending: ["pending"],
  rejected: ["pending", "rejected"],
  filled: ["filled"],
  in_progress: ["filled", "in_progress"],
  paused: ["filled", "in_progress", "paused"],
  completed: ["filled", "in_progress", "completed"],
  approved: ["filled", "in_progress", "completed", "approved"],
  cancelled: ["filled", "cancelled"],
  withdrawn: ["filled", "withdrawn"],
  no_show: ["filled", "no_show"],
};

/** The steps a worker takes; the rest are the requestor's. */
const WORKER_TRANSITIONS = new Set(["in_progress", "completed", "paused", "withdrawn"]);

/** Today's date where the site is, plus `days`, as YYYY-MM-DD. */
function localDate(now: Date, timeZone: string, days: number): string {
  const [y, m, d] = new Intl.DateTimeFormat("en-CA", { timeZone, dateStyle: "short" })
    .format(now)
    .split("-")
    .map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The demo's postings, their required badges, and jobs (with their transitions) in states that
 * agree with each posting's: workers from the site's city who hold the badges come first.
 */
async function seedJobRequests(
  tx: Tx,
  o: {
    companyId: number;
    now: Date;
    workers: DemoWorker[];
    userIds: number[];
    badgeIds: Map<string, number>;
    badgeNames: string[];
    /** Who may request jobs (the admin, then the requestors): the postings are spread over them. */
    requestorIds: number[];
  },
): Promise<void> {
  const { companyId, now } = o;
  // The two requestors post most jobs, the admin one in five.
  const [admin, ...requestors] = o.requestorIds;
  const posters = [...requestors, ...requestors, admin].filter((id) => id !== undefined);
  let posted = 0;
  const holds = (w: DemoWorker, names: string[]) =>
    names.every((n) => w.badgeIndexes.some((bi) => o.badgeNames[bi] === n));
  for (const r of demoJobRequests()) {
    const employerId = posters[posted++ % posters.length] ?? null;
    const running = r.state === "in_progress";
    const startTime = running
      ? new Date(Math.floor((now.getTime() - 2 * HOUR) / HOUR) * HOUR)
      : resolveStartTime(
          `${localDate(now, r.timezone, r.startDay)} ${String(r.startHour).padStart(2, "0")}:00`,
          r.timezone,
        )!;
    const created =
      r.postedAgoHours !== undefined
        ? new Date(now.getTime() - r.postedAgoHours * HOUR)
        : new Date(Math.min(now.getTime(), startTime.getTime()) - 3 * DAY);
    const [row] = await tx
      .insert(jobRequests)
      .values({
        companyId,
        employerId,
        name: r.name,
        state: r.state,
        category: r.category,
        descriptionTasks: r.description_tasks,
        descriptionArrival: r.description_arrival || null,
        description: [
          `Tasks: ${r.description_tasks}`,
          r.description_arrival && `Arrival: ${r.description_arrival}`,
        ]
          .filter(Boolean)
          .join("\n\n"),
        slots: r.slots,
        startTime,
        duration: r.duration,
        timezone: r.timezone,
        wage: r.wage,
        classification: r.classification,
        w2HourlyRate: r.w2_hourly_rate ?? null,
        venue: r.venue,
        address: r.address,
        city: r.city,
        addressState: r.address_state,
        zip: r.zip,
        latitude: r.latitude,
        longitude: r.longitude,
        usePendingState: r.use_pending_state ?? false,
        postedAt: r.state === "draft" || r.state === "unassigned" ? null : created,
        createdAt: created,
        updatedAt: created,
      })
      .returning({ id: jobRequests.id });
    const requestId = row!.id;
    const required = r.badges.map((n) => o.badgeIds.get(n)).filter((id) => id !== undefined);
    if (required.length > 0) {
      await tx
        .insert(jobRequestBadges)
        .values(
          required.map((badgeId) => ({ jobRequestId: requestId, badgeId, createdAt: created })),
        );
    }

    // Workers for its jobs: the city's badge holders first, then the city, then anyone.
    const order = o.workers
      .map((w, i) => ({ w, i }))
      .sort(
        (a, b) =>
          Number(b.w.city === r.city && holds(b.w, r.badges)) -
            Number(a.w.city === r.city && holds(a.w, r.badges)) ||
          Number(b.w.city === r.city) - Number(a.w.city === r.city) ||
          a.i - b.i,
      );
    let next = 0;
    let lastChange = created;
    for (const plan of r.jobs) {
      for (let k = 0; k < plan.count && next < order.length; k++, next++) {
        const userId = o.userIds[order[next]!.i]!;
        const path = PATH[plan.state] ?? [plan.state];
        const end = new Date(startTime.getTime() + r.duration * 60_000);
        const approvedAt = plan.approvedAgoHours
          ? new Date(now.getTime() - plan.approvedAgoHours * HOUR)
          : null;
        const at: Record<string, Date> = {
          pending: new Date(created.getTime() + HOUR),
          filled: new Date(created.getTime() + (2 + k) * HOUR),
          in_progress: startTime,
          paused: new Date(Math.min(now.getTime(), startTime.getTime() + HOUR)),
          completed: end.getTime() < now.getTime() ? end : new Date(now.getTime() - 10 * 60_000),
          approved: approvedAt ?? now,
          rejected: new Date(created.getTime() + 5 * HOUR),
          cancelled: new Date(created.getTime() + 26 * HOUR),
          withdrawn: new Date(created.getTime() + 30 * HOUR),
          no_show: new Date(startTime.getTime() + HOUR),
        };
        const last = at[plan.state] ?? now;
        if (last > lastChange) lastChange = last;
        const [job] = await tx
          .insert(jobs)
          .values({
            companyId,
            jobRequestId: requestId,
            userId,
            state: plan.state,
            confirmedAt: path.includes("filled") ? at.filled! : null,
            startedAt: path.includes("in_progress") ? at.in_progress! : null,
            completedAt: path.includes("completed") ? at.completed! : null,
            finishedAt: path.includes("completed") ? at.completed! : null,
            approvedAt,
            rating: plan.state === "approved" ? 4 + (k % 2) : null,
            cancelledAt: plan.state === "cancelled" ? at.cancelled! : null,
            cancelledReason: plan.state === "cancelled" ? "admin_cancelled" : null,
            createdAt: path[0] === "pending" ? at.pending! : at.filled!,
            updatedAt: last,
          })
          .returning({ id: jobs.id });
        await tx.insert(jobTransitions).values(
          path.map((name, step) => {
            const byWorker = WORKER_TRANSITIONS.has(name);
            return {
              jobId: job!.id,
              name,
              fromState: step === 0 ? null : path[step - 1]!,
              actor: byWorker ? ("worker" as const) : ("requestor" as const),
              // The requestor's own steps are signed with the posting's requestor.
              actorUserId: byWorker ? null : employerId,
              createdAt: at[name] ?? now,
            };
          }),
        );
      }
    }
    await tx
      .update(jobRequests)
      .set({ updatedAt: lastChange })
      .where(eq(jobRequests.id, requestId));
  }
}
