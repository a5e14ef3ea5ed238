import { sql } from "drizzle-orm";
import { rowsOf } from "@/lib/api-v2/rate-limit";
import type { Db } from "@/lib/db/client";

/**
 * A fingerprint of every row of every table, so a test can tell that a request changed nothing:
 * one md5 per table over the text of its rows in primary-key order, all tables in one query.
 * The table list is read from the catalogue, so a table added later is covered without a
 * change here. Sequences are not tables: a refused insert may advance one, which changes no row.
 */

/**
 * What a refused request may legitimately change, each with its reason. Nothing else is
 * excluded: a refusal that writes anywhere else is a bug.
 */
export const DIGEST_EXCLUSIONS: Record<string, string> = {
  rate_limits:
    "/authenticate counts every attempt, refused or not, before it looks at the keys: counting refused attempts is what the limit is for",
  zip_codes:
    "reference data (42,555 US ZIP codes) written only by the migrate step (lib/db/zip-codes.ts), never by a request; hashing it on every digest made the fuzz suite minutes slower",
};

export type Digest = Map<string, string>;

export type DigestReader = {
  tables: string[];
  read(): Promise<Digest>;
  /**
   * The digest now, given the one taken before: recomputed only when a transaction id was
   * handed out since. PostgreSQL gives every transaction that writes a row an id, and none to
   * one that only reads, so an unchanged next id proves that no row changed (a write that was
   * rolled back still takes an id: then the full digest decides).
   */
  readSince(previous: Digest): Promise<Digest>;
};

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function digestReader(db: Db): Promise<DigestReader> {
  const found = rowsOf<{ table: string; keys: string | null }>(
    await db.execute(sql`
      select c.relname as "table",
             (select string_agg(a.attname, ',' order by array_position(i.indkey::int2[], a.attnum))
                from pg_index i
                join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
               where i.indrelid = c.oid and i.indisprimary) as keys
        from pg_class c
       where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
       order by c.relname`),
  );
  const tables = found.filter((t) => !(t.table in DIGEST_EXCLUSIONS));
  if (tables.length === 0) throw new Error("digest: no tables found in schema public");
  const parts = tables.map((t) => {
    // Without a primary key the row text itself orders the rows (still deterministic).
    const order = t.keys
      ? t.keys
          .split(",")
          .map((k) => `r.${ident(k)}`)
          .join(", ")
      : "r::text";
    return `select '${t.table.replace(/'/g, "''")}' as t, count(*)::int as n, md5(coalesce(string_agg(r::text, E'\\n' order by ${order}), '')) as h from ${ident(t.table)} r`;
  });
  const query = sql.raw(
    `select '' as t, 0 as n, pg_snapshot_xmax(pg_current_snapshot())::text as h\nunion all\n${parts.join("\nunion all\n")}`,
  );
  const nextXid = sql.raw("select pg_snapshot_xmax(pg_current_snapshot())::text as h");
  const read = async (): Promise<Digest> => {
    const rows = rowsOf<{ t: string; n: number; h: string }>(await db.execute(query));
    return new Map(rows.map((r) => [r.t, r.t === "" ? r.h : `${r.n}:${r.h}`]));
  };
  return {
    tables: tables.map((t) => t.table),
    read,
    async readSince(previous) {
      const [row] = rowsOf<{ h: string }>(await db.execute(nextXid));
      return row?.h === previous.get("") ? previous : read();
    },
  };
}

/** The tables whose rows differ between two digests (empty when nothing changed). */
export function changedTables(before: Digest, after: Digest): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  names.delete(""); // the transaction-id mark, not a table
  return [...names].filter((n) => before.get(n) !== after.get(n)).sort();
}
