import type { Db } from "./client";

const byDatabase = new WeakMap<Db, Map<string, unknown>>();

/**
 * A statement prepared once per database handle and name: PostgreSQL plans it once per pooled
 * connection instead of on every call (the hot reads of every request: the token, a list page,
 * its rows and badges spent more time planning than running). The name must be unique per
 * statement text. Not for transactions: a prepared statement runs on the pool.
 */
export function prepared<T>(db: Db, name: string, make: () => T): T {
  let statements = byDatabase.get(db);
  if (!statements) {
    statements = new Map();
    byDatabase.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = make();
    statements.set(name, statement);
  }
  return statement;
}
