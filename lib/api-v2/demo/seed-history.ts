import type { Tx } from "@/lib/db/client";
import { jobRequests, jobs, jobTransitions } from "@/lib/db/schema";
import { type DemoWorker, demoJobRequests } from "./demo-data";
import { demoHistory, type HistoryJob } from "./demo-history";

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table here. */
const BATCH = 1000;

async function insertAll<T>(rows: T[], insert: (batch: T[]) => Promise<{ id: number }[]>) {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    ids.push(...(await insert(rows.slice(i, i + BATCH))).map((r) => r.id));
  }
  return ids;
}

/** The states a job passed through, with when. */
function steps(j: HistoryJob): { name: string; at: Date }[] {
  const s = [{ name: "filled", at: j.filledAt }];
  if (j.noShowAt) s.push({ name: "no_show", at: j.noShowAt });
  if (j.startedAt) s.push({ name: "in_progress", at: j.startedAt });
  if (j.completedAt) s.push({ name: "completed", at: j.completedAt });
  if (j.approvedAt) s.push({ name: "approved", at: j.approvedAt });
  return s;
}

const BY_WORKER = new Set(["in_progress", "completed"]);

/**
 * The demo's eight weeks of recurring work and two weeks ahead (demo-history.ts), in a few bulk
 * INSERTs: the postings, their jobs (workers from the site's city, none twice on a posting, no
 * suspended worker, none of those the demo's own postings rank first), and each job's
 * transitions.
 */
export async function seedDemoHistory(
  tx: Tx,
  o: {
    companyId: number;
    now: Date;
    workers: DemoWorker[];
    userIds: number[];
    badgeNames: string[];
    /** Who posts: spread over them in turn. */
    posters: number[];
  },
): Promise<void> {
  const postings = demoHistory(o.now);
  if (postings.length === 0 || o.userIds.length === 0) return;
  // Not the ones the demo's own postings rank first (a posting's badge holders in its city):
  // their pages keep only the demo's jobs, as the journeys that hire them expect.
  const ranked = demoJobRequests()
    .filter((r) => r.badges.length > 0)
    .map((r) => ({ city: r.city, need: r.badges.map((b) => o.badgeNames.indexOf(b)) }));
  const active = o.workers
    .map((w, i) => ({ w, i }))
    .filter(
      ({ w }) =>
        !w.suspended &&
        !ranked.some((r) => r.city === w.city && r.need.every((b) => w.badgeIndexes.includes(b))),
    );
  const byCity = new Map<string, number[]>();
  for (const { w, i } of active) byCity.set(w.city, [...(byCity.get(w.city) ?? []), i]);
  const everyone = active.map(({ i }) => i);
  // Too small a pool to staff them (a test's handful of workers): no history at all, rather
  // than postings whose state their jobs do not bear out.
  if (postings.some((p) => p.jobs.length > everyone.length)) return;

  const employerOf = (p: number) =>
    o.posters.length > 0 ? o.posters[p % o.posters.length]! : null;
  const requestIds = await insertAll(
    postings.map((p, n) => ({
      companyId: o.companyId,
      employerId: employerOf(n),
      name: p.name,
      state: p.state,
      category: p.site.category,
      descriptionTasks: p.site.description_tasks,
      descriptionArrival: p.site.description_arrival,
      description: `Tasks: ${p.site.description_tasks}\n\nArrival: ${p.site.description_arrival}`,
      slots: p.site.slots,
      startTime: p.start,
      duration: p.site.duration,
      timezone: p.site.timezone,
      wage: p.site.wage,
      classification: "1099",
      venue: p.site.venue,
      address: p.site.address,
      city: p.site.city,
      addressState: p.site.address_state,
      zip: p.site.zip,
      latitude: p.site.latitude,
      longitude: p.site.longitude,
      postedAt: p.created,
      createdAt: p.created,
      updatedAt: p.updated,
    })),
    (batch) => tx.insert(jobRequests).values(batch).returning({ id: jobRequests.id }),
  );

  const jobRows: (typeof jobs.$inferInsert)[] = [];
  const jobSteps: { name: string; at: Date }[][] = [];
  const jobEmployer: (number | null)[] = [];
  postings.forEach((p, n) => {
    if (p.jobs.length === 0) return;
    const city = byCity.get(p.site.city) ?? [];
    const pool = city.length >= p.jobs.length ? city : everyone;
    // A different stretch of the city's pool for each posting, so many workers have a history.
    const offset = (n * 7) % pool.length;
    p.jobs.forEach((j, k) => {
      const worker = pool[(offset + k) % pool.length]!;
      const s = steps(j);
      const last = s[s.length - 1]!.at;
      jobRows.push({
        companyId: o.companyId,
        jobRequestId: requestIds[n]!,
        userId: o.userIds[worker]!,
        state: j.state,
        confirmedAt: j.filledAt,
        startedAt: j.startedAt,
        completedAt: j.completedAt,
        finishedAt: j.completedAt,
        approvedAt: j.approvedAt,
        rating: j.rating,
        createdAt: j.filledAt,
        updatedAt: last,
      });
      jobSteps.push(s);
      jobEmployer.push(employerOf(n));
    });
  });
  const jobIds = await insertAll(jobRows, (batch) =>
    tx.insert(jobs).values(batch).returning({ id: jobs.id }),
  );
  const transitions = jobIds.flatMap((jobId, j) =>
    jobSteps[j]!.map((step, i) => {
      const byWorker = BY_WORKER.has(step.name);
      return {
        jobId,
        name: step.name,
        fromState: i === 0 ? null : jobSteps[j]![i - 1]!.name,
        actor: byWorker ? ("worker" as const) : ("requestor" as const),
        actorUserId: byWorker ? null : jobEmployer[j]!,
        createdAt: step.at,
      };
    }),
  );
  await insertAll(transitions, (batch) =>
    tx.insert(jobTransitions).values(batch).returning({ id: jobTransitions.id }),
  );
}
