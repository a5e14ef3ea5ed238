import fs from "node:fs";
import { and, eq, or, sql } from "drizzle-orm";
import { isSupportedCountry } from "libphonenumber-js";
import type { Caller } from "@/lib/api-v2/caller";
import { notFound } from "@/lib/api-v2/errors";
import { parseBody } from "@/lib/api-v2/handler";
import { knownApiError } from "@/lib/api-v2/known-error";
import { inviteUser } from "@/lib/api-v2/users/invite-user";
import { updateUser } from "@/lib/api-v2/users/update-user";
import {
  badgeIndex,
  checkRows,
  guessMapping,
  missingRequired,
  parseCsv,
} from "@/lib/bulk/csv-import";
import {
  type ImportIo,
  type InviteAnswer,
  reportCsv,
  runImport,
  summarize,
} from "@/lib/bulk/import-runner";
import type { Db } from "@/lib/db/client";
import { badges, companies, userBadges, users } from "@/lib/db/schema";
import { inviteUserBodySchema, updateUserBodySchema } from "@/lib/schemas/user";

export class ImportUsageError extends Error {}

/**
 * `operator import`: the portal's bulk invite without a browser, same rules (lib/bulk), with
 * the service called in process. Each row is its own transaction, as through the API.
 */
export async function importWorkers(
  db: Db,
  opts: { companyId: number; file: string; country?: string; report?: string; now: () => Date },
) {
  const [company] = await db.select().from(companies).where(eq(companies.id, opts.companyId));
  if (!company) throw notFound("Company");
  let text: string;
  try {
    text = fs.readFileSync(opts.file, "utf8");
  } catch (err) {
    throw new ImportUsageError(`cannot read --file: ${(err as Error).message}`);
  }
  const parsed = parseCsv(text);
  const mapping = guessMapping(parsed.headers);
  const missing = missingRequired(mapping);
  if (missing.length > 0) {
    throw new ImportUsageError(
      `no column for ${missing.join(", ")} (headers: ${parsed.headers.join(", ")})`,
    );
  }
  const country = (opts.country ?? "US").toUpperCase();
  if (!isSupportedCountry(country))
    throw new ImportUsageError(`--country ${country} is not a country code`);
  const known = await db
    .select({ id: badges.id, name: badges.name })
    .from(badges)
    .where(eq(badges.companyId, company.id));
  const checks = checkRows(parsed, mapping, {
    defaultCountry: country,
    badges: badgeIndex(known),
  });
  const caller: Caller = {
    apiKeyId: 0,
    companyId: company.id,
    companyName: company.name,
    pool: "private",
    operator: true,
  };
  /** The service's refusal as the answer; anything else is thrown (the row fails). */
  const refusal = (caught: unknown): InviteAnswer => {
    const err = knownApiError(caught);
    if (!err) throw caught;
    return {
      ok: false,
      status: err.status,
      code: err.code,
      message: err.message,
      fields: err.fields,
    };
  };
  const io: ImportIo = {
    async invite(body) {
      try {
        const { user } = await inviteUser(
          db,
          caller,
          opts.now(),
          parseBody(inviteUserBodySchema, body as Record<string, unknown>),
        );
        return { ok: true, id: user.id };
      } catch (caught) {
        return refusal(caught);
      }
    },
    async addBadges(id, badgeIds) {
      try {
        const json = { user_badges_attributes: badgeIds.map((badge_id) => ({ badge_id })) };
        await updateUser(db, caller, opts.now(), id, parseBody(updateUserBodySchema, json), null);
        return { ok: true, id };
      } catch (caught) {
        return refusal(caught);
      }
    },
    async findExisting(body) {
      const [row] = await db
        .select({
          id: users.id,
          first_name: users.firstName,
          last_name: users.lastName,
          email: users.email,
        })
        .from(users)
        .where(
          and(
            eq(users.companyId, company.id),
            or(
              sql`lower(${users.email}) = lower(${body.email})`,
              body.external_id ? eq(users.externalId, body.external_id) : undefined,
            ),
          ),
        )
        .limit(1);
      if (!row) return null;
      const held = await db
        .select({ badgeId: userBadges.badgeId })
        .from(userBadges)
        .where(eq(userBadges.userId, row.id));
      return { ...row, badgeIds: held.map((b) => String(b.badgeId)) };
    },
  };
  const { outcomes } = await runImport(checks, io, { concurrency: 4 }).done;
  if (opts.report) fs.writeFileSync(opts.report, reportCsv(outcomes));
  return {
    company_id: company.id,
    file: opts.file,
    rows: parsed.records.length,
    ...summarize(outcomes),
    ...(opts.report ? { report: opts.report } : {}),
    outcomes: outcomes
      .sort((a, b) => a.row - b.row)
      .map((o) => ({ row: o.row, status: o.status, id: o.id, reason: o.reason })),
  };
}
