import path from "node:path";
import type { Logger } from "drizzle-orm/logger";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { env } from "@/lib/env";
import { fairEngine } from "./engine-queue";
import { acquireFolderLock } from "./folder-lock";
import { type ListenHandlers, type Listening, listenPglite, listenPostgres } from "./listen";
import * as schema from "./schema";

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
  | { kind: "postgresql"; url: string; poolSize?: number }
  | { kind: "embedded"; dataDir: string | null /* null: in memory */ }
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
    });
    // An idle client that errors (server restart) must not crash the process.
    pool.on("error", (err) =>
      console.error(JSON.stringify({ level: "error", msg: "pg pool error", err: err.message })),
    );
    const db = drizzlePg(pool, { schema, logger: opts.logger }) as unknown as Db;
    const client = await pool.connect();
    try {
      // Several instances may start at once on one database: migrate under an advisory lock.
      await client.query("select pg_advisory_lock(727274)");
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock(727274)").catch(() => undefined);
      client.release();
    }
    return {
      db,
      kind: "postgresql",
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      listen: (channels, handlers) => listenPostgres(opts.url, channels, handlers),
      close: () => pool.end(),
    };
  }

  const release = opts.dataDir ? acquireFolderLock(opts.dataDir) : () => undefined;
  try {
    // Loaded only for the embedded database: a PostgreSQL deployment never pays for it.
    const [
      { PGlite },
      { pg_trgm },
      { unaccent },
      { cube },
      { earthdistance },
      { btree_gist },
      { drizzle: drizzlePglite },
      { migrate: migratePglite },
    ] = await Promise.all([
      import("@electric-sql/pglite"),
      import("@electric-sql/pglite/contrib/pg_trgm"),
      import("@electric-sql/pglite/contrib/unaccent"),
      import("@electric-sql/pglite/contrib/cube"),
      import("@electric-sql/pglite/contrib/earthdistance"),
      import("@electric-sql/pglite/contrib/btree_gist"),
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
    ]);
    const client = new PGlite({
      dataDir: opts.dataDir ? path.resolve(opts.dataDir, "pg") : undefined,
      extensions: { pg_trgm, unaccent, cube, earthdistance, btree_gist },
      startParams: [
        ...PGlite.defaultStartParams,
        "-c",
        `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`,
      ],
    });
    await client.waitReady;
    // Requests take the single-session engine in turn (lib/db/engine-queue.ts).
    const db = drizzlePglite(fairEngine(client), { schema, logger: opts.logger }) as unknown as Db;
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
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

export function optionsFromEnv(): OpenOptions {
  const e = env();
  return e.DATABASE_URL
    ? { kind: "postgresql", url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
    : { kind: "embedded", dataDir: e.DATA_DIR };
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
