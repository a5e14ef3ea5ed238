import fs from "node:fs";
import path from "node:path";
import type { PGlite as PGliteClient } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { Logger } from "drizzle-orm/logger";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { env } from "@/lib/env";
import { fairEngine } from "./engine-queue";
import { type EngineThread, startEngineThread } from "./engine-thread";
import { acquireFolderLock } from "./folder-lock";
import { type ListenHandlers, type Listening, listenPglite, listenPostgres } from "./listen";
import { dropTemplate, readTemplate, saveTemplate, templateKey } from "./pglite-template";
import * as schema from "./schema";
import { ensureZipCodes, zipDataVersion } from "./zip-codes";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: "embedded" | "postgresql";
  /** The PostgreSQL pool's use right now (the embedded database has no pool). */
  poolUse?: () => { total: number; idle: number; waiting: number };
  /**
   * LISTENs on the channels (lib/db/listen.ts): PostgreSQL on a dedicated connection of its
   * own (never one of the pool's), reconnecting if it drops; PGlite through its listen API.
   */
  listen(channels: readonly string[], handlers: ListenHandlers): Promise<Listening>;
  close(): Promise<void>;
};

export type OpenOptions = (
  | {
      kind: "postgresql";
      url: string;
      poolSize?: number;
      /**
       * `url` is a transaction-mode pooler (PgBouncer): each transaction may run on another
       * server connection, so statements are sent unnamed (see UnnamedStatementsClient).
       */
      transactionPooler?: boolean;
      /** The server itself, for what needs a session of its own: LISTEN, migrations. Default: `url`. */
      directUrl?: string;
    }
  | {
      kind: "embedded";
      dataDir: string | null /* null: in memory */;
      /**
       * PGlite on a worker thread of its own (./engine-thread.ts), as the server runs it; else
       * in this thread (tests that open a database per file).
       */
      thread?: boolean;
    }
) & {
  /** Sees every statement drizzle sends (the benchmark records the SQL a request runs). */
  logger?: Logger;
};

const migrationsFolder = path.join(process.cwd(), "lib/db/migrations");

/**
 * The embedded engine's buffer cache. PGlite keeps PostgreSQL's default (128 MB) and writes all
 * of it at start, so all of it was resident from the first second, idle or not. A page the
 * cache does not hold is read from the data folder through the operating system's file cache:
 * with 100,000 workers a list page took the same time with 16 MB as with 128 MB (a direct
 * PGlite loop of the list's statement, 600 random pages), and the server starts ~110 MB
 * smaller (issue 29).
 */
const EMBEDDED_SHARED_BUFFERS = "16MB";

/** Opens the database and applies pending migrations. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.kind === "postgresql") {
    // A request waits at most this long for a connection (a restarting server refuses at once;
    // one that does not answer, or a full pool, must not hold the request for ever): then 503.
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: env().DATABASE_CONNECT_TIMEOUT_MS,
      ...(opts.transactionPooler ? { Client: UnnamedStatementsClient } : {}),
    });
    // An idle client that errors (server restart) must not crash the process.
    pool.on("error", (err) =>
      console.error(JSON.stringify({ level: "error", msg: "pg pool error", err: err.message })),
    );
    const db = drizzlePg(pool, { schema, logger: opts.logger }) as unknown as Db;
    const directUrl = opts.directUrl ?? opts.url;
    try {
      await migrateInOneTransaction(directUrl);
    } catch (err) {
      await pool.end();
      throw err;
    }
    return {
      db,
      kind: "postgresql",
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      listen: (channels, handlers) => listenPostgres(directUrl, channels, handlers),
      close: () => pool.end(),
    };
  }

  const release = opts.dataDir ? acquireFolderLock(opts.dataDir) : () => undefined;
  try {
    // Loaded only for the embedded database: a PostgreSQL deployment never pays for it.
    const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
    ]);
    const pgDir = opts.dataDir ? path.resolve(opts.dataDir, "pg") : undefined;
    // A new database starts from the migrated template when there is one (lib/db/pglite-template.ts).
    const fresh = !pgDir || !fs.existsSync(path.join(pgDir, "PG_VERSION"));
    const key = fresh ? templateKey(migrationsFolder, EMBEDDED_EXTENSIONS, zipDataVersion()) : "";
    const start = (template: Blob | undefined) =>
      opts.thread
        ? startEngineThread(
            { dataDir: pgDir, sharedBuffers: EMBEDDED_SHARED_BUFFERS, template },
            {
              // Said once, loudly; each request after it answers 503 and /readyz fails.
              onUnexpectedExit: (err) =>
                console.error(
                  JSON.stringify({
                    level: "error",
                    msg: "embedded database stopped",
                    err: err.message,
                    cause: err.cause instanceof Error ? err.cause.message : undefined,
                  }),
                ),
            },
          )
        : startInProcess(pgDir, template);
    const template = fresh ? readTemplate(key) : undefined;
    let client: EmbeddedClient;
    try {
      client = await start(template);
    } catch (err) {
      if (!template) throw err;
      // A template that does not load (written by another PGlite build, damaged): from nothing.
      dropTemplate(key);
      if (pgDir) fs.rmSync(pgDir, { recursive: true, force: true });
      client = await start(undefined);
    }
    // Requests take the single-session engine in turn (lib/db/engine-queue.ts); on its own
    // thread it is handed 2 statements at once (the embedded list at 32 connections, 100,000
    // workers: 67 req/s with 1, 73-76 with 2, 74-77 with 4; with 2 the engine's thread is
    // already busy all the time, and the queue's order is kept best).
    // drizzle's PGlite driver calls `query` and `transaction` only (drizzle-orm/pglite/session),
    // which the thread's client offers with the same signatures.
    const asPglite = (c: unknown) => c as PGliteClient;
    const db = drizzlePglite({
      client: asPglite(fairEngine(client, opts.thread ? 2 : 1)),
      schema,
      logger: opts.logger,
    }) as unknown as Db;
    const migrator = drizzlePglite({ client: asPglite(client), schema });
    await migratePglite(migrator, { migrationsFolder });
    // Data the migrations' tables are filled with (a no-op once done), before the template is made.
    await migrator.transaction((tx) => ensureZipCodes(tx));
    if (fresh && !template) await saveTemplate(key, await client.dumpDataDir("none"));
    return {
      db,
      kind: "embedded",
      listen: (channels, handlers) => listenPglite(client, channels, handlers),
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/** The extensions the embedded engine loads (the same list in ./engine-thread-worker.mjs). */
const EMBEDDED_EXTENSIONS = ["pg_trgm", "unaccent", "cube", "earthdistance", "btree_gist"];

/** What both embedded engines offer: PGlite itself, or PGlite on its own thread. */
type EmbeddedClient = EngineThread | PGliteClient;

/** PGlite in this thread (tests: a database per file, without a thread's start each time). */
async function startInProcess(pgDir: string | undefined, template: Blob | undefined) {
  const [{ PGlite }, { pg_trgm }, { unaccent }, { cube }, { earthdistance }, { btree_gist }] =
    await Promise.all([
      import("@electric-sql/pglite"),
      import("@electric-sql/pglite/contrib/pg_trgm"),
      import("@electric-sql/pglite/contrib/unaccent"),
      import("@electric-sql/pglite/contrib/cube"),
      import("@electric-sql/pglite/contrib/earthdistance"),
      import("@electric-sql/pglite/contrib/btree_gist"),
    ]);
  const extensions = { pg_trgm, unaccent, cube, earthdistance, btree_gist };
  const c = new PGlite({
    dataDir: pgDir,
    extensions,
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
    ...(template ? { loadDataDir: template } : {}),
  });
  await c.waitReady;
  return c;
}

export function optionsFromEnv(): OpenOptions {
  const e = env();
  return e.DATABASE_URL
    ? {
        kind: "postgresql",
        url: e.DATABASE_URL,
        poolSize: e.DATABASE_POOL_SIZE,
        transactionPooler: e.DATABASE_POOLER === "transaction",
        directUrl: e.DATABASE_DIRECT_URL,
      }
    : { kind: "embedded", dataDir: e.DATA_DIR, thread: true };
}

/**
 * Applies pending migrations on a connection of its own, all in one transaction under a
 * transaction-level advisory lock: several instances may start at once on one database (the
 * first migrates, the others wait, then find nothing to do), and the lock ends with the
 * transaction, so a pooler can never leave it held on a server connection. drizzle's migrator
 * opens a transaction of its own: here it joins this one.
 */
async function migrateInOneTransaction(url: string): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: env().DATABASE_CONNECT_TIMEOUT_MS,
  });
  await client.connect();
  try {
    await drizzlePg(client, { schema }).transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727274)`);
      const session = Object.assign(Object.create(tx._.session), {
        transaction: (run: (t: typeof tx) => Promise<unknown>) => run(tx),
      });
      const config = { migrationsFolder };
      await new PgDialect().migrate(readMigrationFiles(config), session, config);
      await ensureZipCodes(tx);
    });
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * pg's client with every statement unnamed, for a transaction-mode pooler: PgBouncer (before
 * 1.21, or without max_prepared_statements) hands each transaction to whichever server
 * connection is free, where a statement prepared by name on another is missing ("prepared
 * statement … does not exist"). An unnamed one is parsed, bound and run in the same round
 * trip, so it stays correct; only its plan is not kept. The one place names are dropped:
 * drizzle's `.prepare(name)` call sites stay as they are.
 */
class UnnamedStatementsClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query() is a dozen overloads; this passes them on.
  override query(config: any, ...rest: any[]): any {
    if (
      config &&
      typeof config === "object" &&
      config.name &&
      typeof config.submit !== "function"
    ) {
      const { name: _name, ...unnamed } = config;
      return (super.query as (...a: unknown[]) => unknown)(unnamed, ...rest);
    }
    return (super.query as (...a: unknown[]) => unknown)(config, ...rest);
  }
}

// One database per process, kept on globalThis so that the server bootstrap, Next's compiled
// route handlers (a separate module graph) and dev reloads all share it.
const KEY = Symbol.for("employer-portal.database");
type Holder = { [KEY]?: Promise<Database> };

/** The process's database (opened on first use). */
export function getDatabase(): Promise<Database> {
  const g = globalThis as Holder;
  if (!g[KEY]) {
    g[KEY] = openDatabase(optionsFromEnv());
    g[KEY].catch(() => {
      delete g[KEY];
    });
  }
  return g[KEY];
}

/** Install an already-open database as the process's one (tests, the server bootstrap). */
export function setDatabase(database: Database | undefined): void {
  const g = globalThis as Holder;
  if (database) g[KEY] = Promise.resolve(database);
  else delete g[KEY];
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}
