import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/lib/db/client";
import {
  apiKeys,
  badges,
  companies,
  companyUserCounts,
  jobRequests,
  jobs,
  jobTransitions,
  users,
} from "@/lib/db/schema";
import {
  JOB_REQUEST_STATES,
  JOB_STATES,
  type JobRequestState,
  type JobState,
} from "@/lib/schemas/job";
import { notFound, validationError } from "../errors";
import { emitEvent } from "../events/emit";
import { hashToken } from "../hash-token";
import { serializeOneJob } from "../jobs/serialize-job";
import { serializeOneJobRequest } from "../jobs/serialize-job-request";
import { noticeJob } from "../messages/live-notify";
import { seal } from "../secret-box";

/**
 * What the operator does outside the interface: companies, key pairs, and the jobs the
 * public-pool rule depends on. Used by the operator command, the demo seed and the tests.
 */

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
function base62(length: number): string {
  const bytes = randomBytes(length * 2);
  let out = "";
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    const b = bytes[i]!;
    if (b < 248) out += ALPHABET[b % 62]; // 248 = 4 × 62: no modulo bias
  }
  return out.length === length ? out : base62(length);
}

export async function createCompany(db: DbOrTx, name: string): Promise<{ company_id: number }> {
  if (!name.trim()) throw validationError({ name: ["can't be blank"] });
  const [row] = await db
    .insert(companies)
    .values({ name: name.trim() })
    .returning({ id: companies.id });
  return { company_id: row!.id };
}

/** Every company, oldest first, with how many workers its private pool holds (the counter). */
export async function listCompanies(db: DbOrTx): Promise<{
  companies: { company_id: number; name: string; demo: boolean; workers: number }[];
}> {
  const rows = await db
    .select({
      company_id: companies.id,
      name: companies.name,
      demo: companies.demo,
      workers: sql<number>`coalesce(${companyUserCounts.users}, 0)::int`,
    })
    .from(companies)
    .leftJoin(companyUserCounts, eq(companyUserCounts.companyId, companies.id))
    .orderBy(asc(companies.id));
  return { companies: rows };
}

export async function createKeys(
  db: DbOrTx,
  companyId: number,
  pool: "private" | "public",
  environment: "test" | "live",
): Promise<{ api_key: string; secret_key: string; pool: string; environment: string }> {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw notFound("Company");
  const apiKey = `pk_${environment}_${base62(24)}`;
  const secretKey = `sk_${environment}_${base62(32)}`;
  await db.insert(apiKeys).values({
    companyId,
    publicKey: apiKey,
    secretHash: hashToken(secretKey),
    secretSealed: seal(secretKey),
    pool,
    environment,
  });
  return { api_key: apiKey, secret_key: secretKey, pool, environment };
}

/** Revoking a key also ends every token issued for it (checked on each request). */
export async function revokeKey(
  db: DbOrTx,
  apiKey: string,
  now: Date,
): Promise<{ revoked: boolean }> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.publicKey, apiKey), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (rows.length === 0) {
    const [exists] = await db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(eq(apiKeys.publicKey, apiKey));
    if (!exists) throw notFound("API key");
  }
  return { revoked: true };
}

export async function createBadgeFor(
  db: DbOrTx,
  companyId: number,
  b: {
    name: string;
    description: string;
    info_url?: string | null;
    icon_url?: string | null;
    is_soft?: boolean;
  },
  now: Date,
): Promise<{ badge_id: number }> {
  const [row] = await db
    .insert(badges)
    .values({
      companyId,
      name: b.name,
      description: b.description,
      infoUrl: b.info_url ?? null,
      iconUrl: b.icon_url ?? null,
      isSoft: b.is_soft ?? false,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: badges.id });
  return { badge_id: row!.id };
}

function checkState<T extends string>(state: string, allowed: readonly T[], field: string): T {
  if (!(allowed as readonly string[]).includes(state)) {
    throw validationError({ [field]: [`must be one of ${allowed.join(", ")}`] });
  }
  return state as T;
}

export async function createJobRequest(
  db: DbOrTx,
  companyId: number,
  name: string,
  state: string,
  now: Date,
): Promise<{ job_request_id: number }> {
  const s = checkState<JobRequestState>(state, JOB_REQUEST_STATES, "state");
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw notFound("Company");
  const [row] = await db
    .insert(jobRequests)
    .values({ companyId, name, state: s, createdAt: now, updatedAt: now })
    .returning({ id: jobRequests.id });
  return { job_request_id: row!.id };
}

export async function createJob(
  db: DbOrTx,
  jobRequestId: number,
  userId: number,
  state: string,
  now: Date,
): Promise<{ job_id: number }> {
  const s = checkState<JobState>(state, JOB_STATES, "state");
  const [jr] = await db.select().from(jobRequests).where(eq(jobRequests.id, jobRequestId));
  if (!jr) throw notFound("Job request");
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound("User");
  const [row] = await db
    .insert(jobs)
    .values({
      companyId: jr.companyId,
      jobRequestId,
      userId,
      state: s,
      approvedAt: s === "approved" ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: jobs.id });
  await db.insert(jobTransitions).values({
    jobId: row!.id,
    name: s,
    fromState: null,
    actor: "operator",
    createdAt: now,
  });
  await noticeJob(db, { companyId: jr.companyId, jobRequestId, jobId: row!.id });
  return { job_id: row!.id };
}

/**
 * Moving a job to approved stamps approved_at: the public-pool window counts from it. A real
 * change of state queues `job.state_changed` in the same transaction.
 */
export async function setJobState(
  db: Db,
  jobId: number,
  state: string,
  now: Date,
): Promise<{ job_id: number; state: string; approved_at: string | null }> {
  const s = checkState<JobState>(state, JOB_STATES, "state");
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for("update");
    if (!before) throw notFound("Job");
    const [row] = await tx
      .update(jobs)
      .set({ state: s, updatedAt: now, ...(s === "approved" ? { approvedAt: now } : {}) })
      .where(eq(jobs.id, jobId))
      .returning();
    if (before.state !== s) {
      await tx.insert(jobTransitions).values({
        jobId,
        name: s,
        fromState: before.state,
        actor: "operator",
        createdAt: now,
      });
      await emitEvent(tx, {
        companyId: row!.companyId,
        event: "job.state_changed",
        live: { jobRequestId: row!.jobRequestId, jobId: row!.id },
        data: async () => ({
          job: await serializeOneJob(tx, row!, null, now),
          previous_state: before.state,
        }),
        now,
      });
    }
    return {
      job_id: row!.id,
      state: row!.state,
      approved_at: row!.approvedAt?.toISOString() ?? null,
    };
  });
}

export async function setJobRequestState(
  db: Db,
  jobRequestId: number,
  state: string,
  now: Date,
): Promise<{ job_request_id: number; state: string }> {
  const s = checkState<JobRequestState>(state, JOB_REQUEST_STATES, "state");
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(jobRequests)
      .where(eq(jobRequests.id, jobRequestId))
      .for("update");
    if (!before) throw notFound("Job request");
    const [row] = await tx
      .update(jobRequests)
      .set({ state: s, updatedAt: now })
      .where(eq(jobRequests.id, jobRequestId))
      .returning();
    if (before.state !== s) {
      await emitEvent(tx, {
        companyId: row!.companyId,
        event: "job_request.state_changed",
        live: { jobRequestId: row!.id },
        data: async () => ({
          job_request: await serializeOneJobRequest(tx, row!),
          previous_state: before.state,
        }),
        now,
      });
    }
    return { job_request_id: row!.id, state: row!.state };
  });
}
