import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { checkRows, guessMapping, parseCsv } from "@/lib/bulk/csv-import";
import { type ImportIo, runImport, summarize } from "@/lib/bulk/import-runner";
import { outbox, users } from "@/lib/db/schema";
import { call, describeApi, type Tenant } from "./harness";

/**
 * Bulk invite as the portal runs it: the shipped sample spreadsheet, one invite per row through
 * the real route handlers, twice. The second run creates nothing and says "existing".
 */
describeApi("bulk invite from a spreadsheet", (api) => {
  let t: Tenant;
  beforeAll(async () => {
    t = await api.tenant("Northside Staffing");
  });

  const io = (): ImportIo => ({
    async invite(body) {
      const res = await call("POST", "/api_v2/users/invite", { token: t.privateToken, json: body });
      if (res.status === 201) return { ok: true, id: res.body.id };
      return { ok: false, status: res.status, ...res.body.error };
    },
    async findExisting(body) {
      const queries: Record<string, string>[] = [{ email: body.email }];
      if (body.external_id) queries.push({ external_id: body.external_id });
      for (const query of queries) {
        const res = await call("GET", "/api_v2/users", { token: t.privateToken, query });
        const u = res.body.users?.[0];
        if (u)
          return {
            id: u.id as number,
            first_name: u.first_name,
            last_name: u.last_name,
            email: u.email,
          };
      }
      return null;
    },
    addBadges: () => Promise.reject(new Error("the sample names no badges")),
  });

  it("creates every valid worker once; re-running the file reports them existing", async () => {
    const text = fs.readFileSync(
      path.join(process.cwd(), "public/samples/workers-import-sample.csv"),
      "utf8",
    );
    const parsed = parseCsv(text);
    // The first 150 rows hold three of the sample's problems (rows 19, 90 and 144).
    parsed.records = parsed.records.slice(0, 150);
    const checks = checkRows(parsed, guessMapping(parsed.headers));

    const first = await runImport(checks, io(), { concurrency: 4 }).done;
    expect(summarize(first.outcomes)).toEqual({ created: 147, existing: 0, refused: 3, failed: 0 });
    expect(
      first.outcomes
        .filter((o) => o.status === "refused")
        .map((o) => o.row)
        .sort((a, b) => a - b),
    ).toEqual([19, 90, 144]);

    const second = await runImport(checks, io(), { concurrency: 4 }).done;
    expect(summarize(second.outcomes)).toEqual({
      created: 0,
      existing: 147,
      refused: 3,
      failed: 0,
    });
    const firstIds = new Map(first.outcomes.map((o) => [o.row, o.id]));
    for (const o of second.outcomes.filter((x) => x.status === "existing"))
      expect(o.id).toBe(firstIds.get(o.row));

    const db = api.database.db;
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.companyId, t.companyId));
    expect(count?.n).toBe(147);
    // One invitation e-mail per created worker, none for the second run.
    const [mails] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(eq(outbox.companyId, t.companyId));
    expect(mails?.n).toBe(147);
  });
});
