import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "@/lib/db/client";
import { tokens } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { createScratchDatabase, describeApi } from "./harness";
import { type PgBouncer, startPgBouncer } from "./pgbouncer";

const rows = async <T>(db: Database, query: ReturnType<typeof sql>) =>
  ((await db.db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Behind PgBouncer in transaction mode, what the rest of the api:pooler project shows only as a
 * whole: instances starting at once migrate through the pooler alone (no direct URL), and a
 * statement prepared by name breaks when its client's next transaction gets another server
 * connection, unless the switch sends it unnamed. (describeApi runs these on the pooler
 * project only, and fails them on CI when PgBouncer is missing.)
 */
describe.skipIf(env().DB_UNDER_TEST !== "pooler")("behind a transaction-mode pooler", () => {
  describeApi("pooler", () => {
    let url: string;
    let drop: () => Promise<void>;
    let bouncer: PgBouncer;
    beforeAll(async () => {
      ({ url, drop } = await createScratchDatabase(env().TEST_DATABASE_URL!));
      bouncer = await startPgBouncer(url);
    });
    afterAll(async () => {
      await bouncer?.stop();
      await drop?.();
    });

    it("four instances starting at once through the pooler alone migrate once and leave no lock", async () => {
      const started = await Promise.allSettled(
        [1, 2, 3, 4].map(() =>
          openDatabase({
            kind: "postgresql",
            url: bouncer.urlFor(url),
            poolSize: 2,
            transactionPooler: true,
          }),
        ),
      );
      const opened = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
      try {
        expect(started.map((s) => s.status)).toEqual(Array(4).fill("fulfilled"));
        const [applied] = await rows<{ n: number; distinct: number }>(
          opened[0]!,
          sql`select count(*)::int as n, count(distinct hash)::int as distinct
                from drizzle.__drizzle_migrations`,
        );
        expect(applied!.n).toBeGreaterThan(0);
        expect(applied!.n).toBe(applied!.distinct);
        const [locks] = await rows<{ n: number }>(
          opened[0]!,
          // This database's only: pg_locks is the whole server's, and other test files migrate
          // their own databases at the same moment.
          sql`select count(*)::int as n from pg_locks
               where locktype = 'advisory'
                 and database = (select oid from pg_database where datname = current_database())`,
        );
        expect(locks!.n).toBe(0);
      } finally {
        for (const d of opened) await d.close();
      }
    });

    /**
     * One app connection runs a named statement (server connection S1, the one PgBouncer hands
     * out next, most recently used first); another client then holds S1 in a transaction, so
     * the app's next run of the statement gets S2, where no statement of that name exists.
     */
    const secondRunOnAnotherServerConnection = async (transactionPooler: boolean) => {
      const database = await openDatabase({
        kind: "postgresql",
        url: bouncer.urlFor(url),
        poolSize: 1,
        transactionPooler,
        directUrl: url,
      });
      const holder = new pg.Client({ connectionString: bouncer.urlFor(url) });
      await holder.connect();
      try {
        const statement = database.db
          .select({ id: tokens.id })
          .from(tokens)
          .where(sql`${tokens.id} = ${sql.placeholder("id")}`)
          .prepare(`pooler_probe_${transactionPooler}`);
        const pid = async () =>
          (await rows<{ pid: number }>(database, sql`select pg_backend_pid() as pid`))[0]!.pid;
        await statement.execute({ id: 1 });
        const first = await pid();
        await holder.query("begin");
        await holder.query("select 1");
        try {
          const second = await pid();
          expect(second).not.toBe(first);
          return await statement.execute({ id: 1 }).then(
            () => "ran",
            (err: Error) => String((err.cause as Error | undefined)?.message ?? err.message),
          );
        } finally {
          await holder.query("rollback");
        }
      } finally {
        await holder.end();
        await database.close();
      }
    };

    it("without the switch, a named statement breaks on the next server connection", async () => {
      expect(await secondRunOnAnotherServerConnection(false)).toMatch(
        /prepared statement "pooler_probe_false" does not exist/,
      );
    });

    it("with the switch, the same statement goes unnamed and runs", async () => {
      expect(await secondRunOnAnotherServerConnection(true)).toBe("ran");
    });
  });
});
