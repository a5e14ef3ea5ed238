import { and, count, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/lib/db/client";
import { companies, jobRequestTemplates } from "@/lib/db/schema";
import {
  type CreateJobRequestTemplateBody,
  TEMPLATE_LIMITS,
  type TemplateFields,
  type UpdateJobRequestTemplateBody,
} from "@/lib/schemas/job-request-template";
import type { Caller } from "../caller";
import { notFound, TAKEN, validationError } from "../errors";
import { formatTimestamp } from "../format";

/**
 * Job request templates (our addition): a company's named postings to start from. Company-
 * scoped like everything else: another company's template is "not found". The list is the
 * whole set, by name: at most TEMPLATE_LIMITS.perCompany, which creation enforces under a lock
 * on the company's row (two creations at once cannot both pass the count).
 */

type TemplateRow = typeof jobRequestTemplates.$inferSelect;

export function serializeTemplate(r: TemplateRow) {
  return {
    id: r.id,
    name: r.name,
    job_request: r.body as TemplateFields,
    created_by_id: r.createdById,
    created_at: formatTimestamp(r.createdAt),
    updated_at: formatTimestamp(r.updatedAt),
  };
}

export async function listTemplates(db: Db, caller: Caller) {
  const rows = await db
    .select()
    .from(jobRequestTemplates)
    .where(eq(jobRequestTemplates.companyId, caller.companyId))
    .orderBy(sql`lower(${jobRequestTemplates.name})`, jobRequestTemplates.id)
    .limit(TEMPLATE_LIMITS.perCompany);
  return { job_request_templates: rows.map(serializeTemplate), total: rows.length };
}

export async function findTemplate(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(jobRequestTemplates)
    .where(and(eq(jobRequestTemplates.id, id), eq(jobRequestTemplates.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound("Job request template");
  return row;
}

export async function getTemplate(db: Db, caller: Caller, id: number) {
  return { job_request_template: serializeTemplate(await findTemplate(db, caller.companyId, id)) };
}

/** A name already used by another of the company's templates (the unique index decides races). */
async function nameTaken(tx: DbOrTx, companyId: number, name: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: jobRequestTemplates.id })
    .from(jobRequestTemplates)
    .where(
      and(
        eq(jobRequestTemplates.companyId, companyId),
        sql`lower(${jobRequestTemplates.name}) = lower(${name})`,
        exceptId ? sql`${jobRequestTemplates.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function createTemplate(
  db: Db,
  caller: Caller,
  body: CreateJobRequestTemplateBody,
  now: Date,
) {
  return db.transaction(async (tx) => {
    // One creation at a time per company, so the count below is still true at the insert.
    await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, caller.companyId))
      .for("update");
    const [held] = await tx
      .select({ n: count() })
      .from(jobRequestTemplates)
      .where(eq(jobRequestTemplates.companyId, caller.companyId));
    if (Number(held?.n ?? 0) >= TEMPLATE_LIMITS.perCompany) {
      throw validationError({
        name: [
          `cannot be added: a company keeps at most ${TEMPLATE_LIMITS.perCompany} templates (delete one first)`,
        ],
      });
    }
    if (await nameTaken(tx, caller.companyId, body.name)) {
      throw validationError({ name: [TAKEN] });
    }
    const [row] = await tx
      .insert(jobRequestTemplates)
      .values({
        companyId: caller.companyId,
        name: body.name,
        body: body.job_request,
        createdById: caller.person?.id ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return { job_request_template: serializeTemplate(row!) };
  });
}

export async function updateTemplate(
  db: Db,
  caller: Caller,
  id: number,
  body: UpdateJobRequestTemplateBody,
  now: Date,
) {
  await findTemplate(db, caller.companyId, id);
  if (body.name !== undefined && (await nameTaken(db, caller.companyId, body.name, id))) {
    throw validationError({ name: [TAKEN] });
  }
  const [row] = await db
    .update(jobRequestTemplates)
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.job_request !== undefined ? { body: body.job_request } : {}),
      updatedAt: now,
    })
    .where(and(eq(jobRequestTemplates.id, id), eq(jobRequestTemplates.companyId, caller.companyId)))
    .returning();
  if (!row) throw notFound("Job request template");
  return { job_request_template: serializeTemplate(row) };
}

export async function deleteTemplate(db: Db, caller: Caller, id: number) {
  const gone = await db
    .delete(jobRequestTemplates)
    .where(and(eq(jobRequestTemplates.id, id), eq(jobRequestTemplates.companyId, caller.companyId)))
    .returning({ id: jobRequestTemplates.id });
  if (gone.length === 0) throw notFound("Job request template");
}
