import { asc, eq, getTableColumns, type InferSelectModel, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { companies, jobRequests, jobs, jobTransitions, userBadges, users } from "@/lib/db/schema";
import { sideBySide } from "@/lib/db/side-by-side";
import { ACTIVE_JOB_STATES } from "@/lib/schemas/job";
import type { Caller } from "../caller";
import { formatDecimal, formatTimestamp } from "../format";
import { serializeUser, type UserJson } from "../users/serialize-user";

export type JobRow = InferSelectModel<typeof jobs>;
/** A transition with the name of the teammate behind it, read at read time from their row. */
type TransitionRow = InferSelectModel<typeof jobTransitions> & { actorName?: string | null };

const APPROVED_WINDOW_MS = 24 * 60 * 60 * 1000;
const num = (v: string | null) => (v === null ? null : Number(v));

type EmployerRow = Pick<
  InferSelectModel<typeof users>,
  "id" | "firstName" | "lastName" | "email" | "phone" | "role"
>;

/**
 * The job's requestor, as the real jobs answer nests it: the employer user its request names
 * (`employer_id`), or, for a posting that names none (a key pair's), the company standing in
 * with `id: null`.
 */
function employerOf(company: { id: number; name: string }, who: EmployerRow | undefined) {
  return {
    id: who?.id ?? null,
    type: "Employer",
    first_name: who?.firstName ?? null,
    last_name: who?.lastName ?? null,
    email: who?.email ?? null,
    phone: who?.phone ?? null,
    business_name: company.name,
    customer_id: company.id,
    role: who?.role ?? "requestor",
  };
}

export function serializeTransition(t: TransitionRow) {
  return {
    id: t.id,
    job_id: t.jobId,
    created_at: formatTimestamp(t.createdAt)!,
    name: t.name,
    latitude: num(t.latitude),
    longitude: num(t.longitude),
    // Ours.
    from_state: t.fromState,
    actor: t.actor,
    // Ours: the teammate who acted with their own sign-in; null for a key pair, the system.
    actor_user: t.actorUserId !== null ? { id: t.actorUserId, name: t.actorName ?? "" } : null,
  };
}

type Context = {
  worker: UserJson | null;
  employer: ReturnType<typeof employerOf>;
  request: { classification: string; w2HourlyRate: string | null } | undefined;
  transitions: TransitionRow[];
};

/** Minutes worked: what the requestor set, else the time between start and completion. */
function minutesWorked(j: JobRow): number | null {
  if (j.actualDuration !== null) return j.actualDuration;
  if (j.startedAt && j.completedAt) {
    return Math.max(0, Math.round((j.completedAt.getTime() - j.startedAt.getTime()) / 60_000));
  }
  return null;
}

/**
 * The job as the real service returns it (its reference's fields, nested worker and employer,
 * transitions), then our additions: user_id, approved_at, cancelled_at, rating.
 */
export function serializeJob(j: JobRow, c: Context) {
  const minutes = minutesWorked(j);
  return {
    id: j.id,
    state: j.state,
    job_request_id: j.jobRequestId,
    created_at: formatTimestamp(j.createdAt)!,
    updated_at: formatTimestamp(j.updatedAt)!,
    confirmed_at: formatTimestamp(j.confirmedAt),
    started_at: formatTimestamp(j.startedAt),
    completed_at: formatTimestamp(j.completedAt),
    finished_at: formatTimestamp(j.finishedAt),
    hours_worked: minutes === null ? null : Math.round((minutes / 60) * 100) / 100,
    actual_duration: j.actualDuration,
    time_to_start: null,
    adjusted_wage: num(j.adjustedWage),
    requestor_notes: j.requestorNotes,
    classification: c.request?.classification ?? "1099",
    w2_hourly_rate: formatDecimal(c.request?.w2HourlyRate ?? null),
    w2_payment_ref: j.w2PaymentRef,
    w2_pay_status: j.w2PayStatus,
    cancelled_reason: j.cancelledReason,
    worker: c.worker,
    employer: c.employer,
    transitions: c.transitions.map(serializeTransition),
    // Ours.
    user_id: j.userId,
    approved_at: formatTimestamp(j.approvedAt),
    cancelled_at: formatTimestamp(j.cancelledAt),
    rating: j.rating,
  };
}
export type JobJson = ReturnType<typeof serializeJob>;

/**
 * A private-pool key sees the workers of its own pool. Any other worker on a job (a public-pool
 * key's view, or another company's worker hired through the public pool) is shown only while
 * the public-pool rule lets the company see that worker (an active job, or approved within 24
 * hours); otherwise `worker` is null.
 */
function workerVisible(
  j: JobRow,
  workerCompanyId: number,
  caller: Caller | null,
  now: Date,
): boolean {
  if (!caller) return true;
  if (caller.pool === "private" && workerCompanyId === caller.companyId) return true;
  if ((ACTIVE_JOB_STATES as readonly string[]).includes(j.state)) return true;
  return (
    j.state === "approved" &&
    j.approvedAt !== null &&
    j.approvedAt.getTime() > now.getTime() - APPROVED_WINDOW_MS
  );
}

/**
 * Serialises a page of jobs with batched look-ups (workers, their badges, transitions, the
 * requests' classification, the companies). `caller` null: a webhook payload, where the
 * worker's SSN and date of birth are left out (blank, the shape unchanged).
 */
export async function serializeJobs(
  db: DbOrTx,
  rows: JobRow[],
  caller: Caller | null,
  now: Date,
): Promise<JobJson[]> {
  if (rows.length === 0) return [];
  const userIds = [...new Set(rows.map((r) => r.userId))];
  const requestIds = [...new Set(rows.map((r) => r.jobRequestId))];
  const companyIds = [...new Set(rows.map((r) => r.companyId))];
  const [workerRows, badgeRows, transitionRows, requestRows, companyRows] = await sideBySide(db, [
    () => db.select().from(users).where(inArray(users.id, userIds)),
    () =>
      db
        .select()
        .from(userBadges)
        .where(inArray(userBadges.userId, userIds))
        .orderBy(asc(userBadges.id)),
    () =>
      db
        .select({
          ...getTableColumns(jobTransitions),
          actorName: sql<
            string | null
          >`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
        })
        .from(jobTransitions)
        .leftJoin(users, eq(users.id, jobTransitions.actorUserId))
        .where(
          inArray(
            jobTransitions.jobId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(jobTransitions.id)),
    () =>
      db
        .select({
          id: jobRequests.id,
          classification: jobRequests.classification,
          w2HourlyRate: jobRequests.w2HourlyRate,
          employerId: jobRequests.employerId,
        })
        .from(jobRequests)
        .where(inArray(jobRequests.id, requestIds)),
    () =>
      db
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(inArray(companies.id, companyIds)),
  ]);
  const employerIds = [
    ...new Set(requestRows.map((r) => r.employerId).filter((id): id is number => id !== null)),
  ];
  const employerRows: EmployerRow[] =
    employerIds.length === 0
      ? []
      : await db
          .select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
            phone: users.phone,
            role: users.role,
          })
          .from(users)
          .where(inArray(users.id, employerIds));
  return rows.map((j) => {
    const u = workerRows.find((w) => w.id === j.userId);
    let worker: UserJson | null = null;
    if (u && workerVisible(j, u.companyId, caller, now)) {
      // SSN and date of birth only for the private pool owning the worker, never in events.
      worker = serializeUser(
        u,
        badgeRows.filter((b) => b.userId === u.id),
        caller,
      );
    }
    const company = companyRows.find((c) => c.id === j.companyId) ?? { id: j.companyId, name: "" };
    const request = requestRows.find((r) => r.id === j.jobRequestId);
    return serializeJob(j, {
      worker,
      employer: employerOf(
        company,
        employerRows.find((e) => e.id === request?.employerId),
      ),
      request,
      transitions: transitionRows.filter((t) => t.jobId === j.id),
    });
  });
}

export async function serializeOneJob(db: DbOrTx, row: JobRow, caller: Caller | null, now: Date) {
  const [json] = await serializeJobs(db, [row], caller, now);
  return json!;
}

export async function jobById(db: DbOrTx, id: number): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row;
}
