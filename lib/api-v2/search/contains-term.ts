import { type AnyColumn, type SQL, sql } from "drizzle-orm";

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `haystack like %term%`, the term lower-cased and unaccented as the trigram-indexed
 * `search_text` columns are (migrations 0006 and 0012), so the GIN trigram index serves it.
 */
export const containsTerm = (haystack: SQL | AnyColumn, term: string): SQL =>
  sql`${haystack} like lower(search_unaccent(${`%${escapeLike(term.toLowerCase())}%`}))`;
