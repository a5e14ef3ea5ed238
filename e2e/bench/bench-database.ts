/**
 * The benchmark's databases: a throwaway one (the default: a scratch database on the server,
 * or a fresh data folder), or a kept PostgreSQL database (`--database NAME`) that is seeded
 * once and reused by later runs, so a run of one section at 100,000 or 1,000,000 workers does
 * not pay minutes of seeding each time. A kept database remembers its seed (keys, ids, search
 * terms) in a table of its own, `bench_seed`; the writes a run makes (invites, edits) stay in
 * it, which a later run's figures include.
 */
import fs from "node:fs";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type OpenOptions, openDatabase } from "@/lib/db/client";
import { tempDataDir } from "../support/server-process";
import { type BenchSeed, seedBench } from "./seed";

export type Engine = "embedded" | "postgresql";

async function adminRun(pgUrl: string, statement: string) {
  const admin = new URL(pgUrl);
  admin.pathname = "/postgres";
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  try {
    return await c.query(statement);
  } finally {
    await c.end();
  }
}

/** A throwaway database: a scratch database on the server, or a fresh data folder. */
export async function throwaway(
  engine: Engine,
  pgUrl: string | undefined,
  poolSize: number,
): Promise<{ open: OpenOptions; drop: () => Promise<void> }> {
  if (engine === "embedded") {
    const dataDir = tempDataDir("bench");
    return {
      open: { kind: "embedded", dataDir },
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `bench_${process.pid}_${Date.now().toString(36)}`;
  await adminRun(pgUrl!, `create database ${name}`);
  const url = new URL(pgUrl!);
  url.pathname = `/${name}`;
  return {
    open: { kind: "postgresql", url: url.toString(), poolSize },
    drop: async () => {
      await adminRun(pgUrl!, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * The kept database `name` on the server of `pgUrl`, seeded with `workers` workers: created and
 * seeded when missing (or when it holds another size), reused as it is otherwise. Never dropped.
 */
export async function keptDatabase(
  name: string,
  pgUrl: string,
  poolSize: number,
  workers: number,
): Promise<{ open: OpenOptions; seed: BenchSeed; migrateMs: number; reused: boolean }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`--database ${name}: a plain name, please`);
  const exists =
    (await adminRun(pgUrl, `select 1 from pg_database where datname = '${name}'`)).rowCount === 1;
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const open: OpenOptions = { kind: "postgresql", url: url.toString(), poolSize };
  if (exists) {
    const c = new pg.Client({ connectionString: open.url });
    await c.connect();
    try {
      const kept = await c
        .query<{ info: BenchSeed }>("select info from bench_seed")
        .catch(() => ({ rows: [] as { info: BenchSeed }[] }));
      const info = kept.rows[0]?.info;
      if (info && info.workers === workers) return { open, seed: info, migrateMs: 0, reused: true };
    } finally {
      await c.end();
    }
    await adminRun(pgUrl, `drop database ${name} with (force)`);
  }
  await adminRun(pgUrl, `create database ${name}`);
  const t0 = performance.now();
  const database = await openDatabase(open);
  const migrateMs = Math.round(performance.now() - t0);
  try {
    const seed = await seedBench(database.db, { workers, badges: 50, now: new Date() });
    await database.db.execute(sql`create table bench_seed (info jsonb not null)`);
    await database.db.execute(sql`insert into bench_seed values (${JSON.stringify(seed)}::jsonb)`);
    return { open, seed, migrateMs, reused: false };
  } finally {
    await database.close();
  }
}
