import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rate-limit";

/** At most this many tables a call: each ANALYZE holds the embedded engine's one session. */
const MAX_TABLES = 40;

/**
 * The planner statistics a PostgreSQL server keeps by itself, kept for the embedded engine.
 * PGlite runs PostgreSQL in single-user mode, where no autovacuum runs: its tables were never
 * analyzed, so every plan was made on guesses. The home page's weekly figures, for one, joined
 * every rollup row the company ever had to each week (31 ms at 100,000 postings) where a
 * server, having analyzed, reads each week's rows from the index (2 ms).
 *
 * Does what autovacuum's analyze does, with its default thresholds: each table of our schema
 * that was never analyzed, or whose rows changed by more than 50 + 10 % since it last was
 * (`pg_stat_user_tables.n_mod_since_analyze`), is analyzed, the most changed first, at most
 * MAX_TABLES a call (the schema has 25). A table that changed little costs nothing: on an unchanged database this
 * is one catalogue query. Returns the tables analyzed. Not for PostgreSQL, where autovacuum
 * does it (and an ANALYZE from every instance each minute would be waste).
 */
export async function analyzeChangedTables(db: Db): Promise<string[]> {
  const stale = rowsOf<{ table: string }>(
    await db.execute(sql`
      select s.relname as "table"
      from pg_stat_user_tables s
      join pg_class c on c.oid = s.relid
      where s.schemaname = current_schema()
        and (c.reltuples < 0 or s.n_mod_since_analyze > 50 + 0.1 * c.reltuples)
      order by s.n_mod_since_analyze desc, s.relname
      limit ${MAX_TABLES}`),
  ).map((r) => r.table);
  for (const table of stale) await db.execute(sql`analyze ${sql.identifier(table)}`);
  return stale;
}
