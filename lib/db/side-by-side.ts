import type { DbOrTx } from "./client";

/**
 * Independent reads: side by side on the pool, one after another inside a transaction, whose
 * one connection takes one query at a time (node-postgres warns on overlapping queries on one
 * client, and pg 9 refuses them).
 */
export async function sideBySide<T extends readonly unknown[]>(
  db: DbOrTx,
  reads: { [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> {
  const inTransaction = typeof (db as { rollback?: unknown }).rollback === "function";
  if (!inTransaction) return (await Promise.all(reads.map((r) => r()))) as unknown as T;
  const out: unknown[] = [];
  for (const r of reads) out.push(await r());
  return out as unknown as T;
}
