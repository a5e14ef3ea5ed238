/**
 * analyzeChangedTables (lib/server/analyze-embedded.ts): the planner statistics autovacuum keeps
 * on a server, kept for the embedded engine, where none runs. Tables never analyzed are, then a
 * table is analyzed again only once its rows changed past autovacuum's threshold, and a call on
 * an unchanged database analyzes nothing. Run on both engines: the function is plain SQL.
 */
import { sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { rowsOf } from "@/lib/db/rate-limit";
import { analyzeChangedTables } from "@/lib/server/analyze-embedded";
import { describeApi, type Tenant } from "./harness";

describeApi("planner statistics", (api) => {
  let a: Tenant;
  const db = () => api.database.db;
  const reltuples = async (table: string) =>
    Number(
      rowsOf<{ n: number }>(
        await db().execute(sql`select reltuples as n from pg_class where oid = ${table}::regclass`),
      )[0]?.n,
    );
  /** Analyzes until nothing is left to analyze (each call takes at most 40 tables). */
  const settle = async () => {
    const analyzed: string[] = [];
    for (let i = 0; i < 10; i++) {
      const tables = await analyzeChangedTables(db());
      if (tables.length === 0) return analyzed;
      analyzed.push(...tables);
    }
    throw new Error(`still analyzing after 10 calls: ${analyzed.join(", ")}`);
  };

  beforeAll(async () => {
    a = await api.tenant("Statistics");
    // On the server, autovacuum could analyze the table first (this file's database is its own).
    await db().execute(sql`alter table badges set (autovacuum_enabled = false)`);
  });

  it("analyzes the tables never analyzed, then nothing while nothing changes", async () => {
    const first = await settle();
    expect(first).toContain("users");
    expect(first).toContain("home_rollups");
    expect(await reltuples("home_rollups")).toBeGreaterThanOrEqual(0);
    expect(await analyzeChangedTables(db())).toEqual([]);
  });

  it("analyzes a table again once more than 50 + 10 % of its rows changed, and only it", async () => {
    await settle();
    // Past the threshold (the statistics of a write reach pg_stat_user_tables within about a
    // second, or at the next idle moment: asked until they do).
    await db().execute(sql`insert into badges (company_id, name, description, created_at, updated_at)
      select ${a.companyId}, 'Statistics badge ' || g, 'Counted', now(), now()
      from generate_series(1, 400) g`);
    await expect
      .poll(async () => analyzeChangedTables(db()), { timeout: 20_000, interval: 500 })
      .toEqual(["badges"]);
    expect(await reltuples("badges")).toBeGreaterThanOrEqual(400);

    // Under it: a handful of rows on 400 is not worth an ANALYZE.
    await db().execute(sql`update badges set description = 'Recounted'
      where company_id = ${a.companyId} and name in ('Statistics badge 1', 'Statistics badge 2')`);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await analyzeChangedTables(db())).toEqual([]);
  });
});
