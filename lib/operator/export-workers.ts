import fs from "node:fs";
import { eq } from "drizzle-orm";
import type { Caller } from "@/lib/api-v2/caller";
import { notFound } from "@/lib/api-v2/errors";
import { listUsers } from "@/lib/api-v2/users/list-users";
import { CSV_BOM, csvLines, WORKER_CSV_HEADER, workerCsvRow } from "@/lib/bulk/worker-csv";
import type { Db } from "@/lib/db/client";
import { badges, companies } from "@/lib/db/schema";
import { listUsersQuerySchema } from "@/lib/schemas/user";

export class ExportUsageError extends Error {}

/**
 * `operator export`: the company's workers as the portal exports them (same columns, badge
 * names, cells safe for spreadsheets), filtered like GET /users (`--filter "q=ada&suspended=false"`),
 * every page, written as it is read. The SSN and date of birth columns stay empty unless
 * `includeSensitive` (`--include-sensitive`).
 */
export async function exportWorkers(
  db: Db,
  opts: { companyId: number; file: string; filter?: string; includeSensitive?: boolean; now: Date },
) {
  const [company] = await db.select().from(companies).where(eq(companies.id, opts.companyId));
  if (!company) throw notFound("Company");
  const parsed = listUsersQuerySchema.safeParse(
    Object.fromEntries(new URLSearchParams(opts.filter ?? "")),
  );
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    throw new ExportUsageError(`--filter: ${i?.path.join(".")} ${i?.message}`);
  }
  const caller: Caller = {
    apiKeyId: 0,
    companyId: company.id,
    companyName: company.name,
    pool: "private",
    operator: true,
  };
  const names = new Map(
    (
      await db
        .select({ id: badges.id, name: badges.name })
        .from(badges)
        .where(eq(badges.companyId, company.id))
    ).map((b) => [String(b.id), b.name]),
  );
  const out = fs.openSync(opts.file, "w");
  let rows = 0;
  try {
    fs.writeSync(out, CSV_BOM + csvLines([WORKER_CSV_HEADER]));
    for (let page = 1; ; page++) {
      // Larger pages than the API's 50: this runs in process.
      const { users } = await listUsers(db, caller, opts.now, { ...parsed.data, page, per: 500 });
      if (users.length > 0) {
        const includeSensitive = opts.includeSensitive === true;
        fs.writeSync(out, csvLines(users.map((u) => workerCsvRow(u, names, { includeSensitive }))));
        rows += users.length;
      }
      if (users.length < 500) break;
    }
  } finally {
    fs.closeSync(out);
  }
  return {
    company_id: company.id,
    file: opts.file,
    rows,
    filter: opts.filter ?? null,
    include_sensitive: opts.includeSensitive === true,
  };
}
