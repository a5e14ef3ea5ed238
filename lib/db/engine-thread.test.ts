import { spawn } from "node:child_process";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable, isUniqueViolation, pgErrorOf } from "@/lib/api-v2/pg-error";
import { openDatabase } from "./client";
import { type EngineThread, startEngineThread } from "./engine-thread";
import { rowsOf } from "./rate-limit";

// The embedded engine on its own thread (./engine-thread.ts), as the server runs it: the
// semantics the app relies on must be PGlite's own, across the thread.
describe("the embedded engine on a thread of its own", () => {
  let engine: EngineThread;
  beforeAll(async () => {
    engine = await startEngineThread({ sharedBuffers: "16MB" });
    await engine.exec(
      "create table t (id int primary key, name text not null unique, at timestamptz default now())",
    );
  });
  afterAll(() => engine.close());

  it("answers statements with parameters, in array and object rows", async () => {
    await engine.query("insert into t (id, name) values ($1, $2), ($3, $4)", [1, "a", 2, "b"]);
    const objects = await engine.query("select id, name from t order by id");
    expect(objects.rows).toEqual([
      { id: 1, name: "a" },
      { id: 2, name: "b" },
    ]);
    const arrays = await engine.query("select id, name from t where id = $1", [2], {
      rowMode: "array",
    });
    expect(arrays.rows).toEqual([[2, "b"]]);
  });

  it("keeps a timestamp's text when drizzle's parsers ask for it, and refuses other parsers", async () => {
    const asDate = await engine.query("select at from t where id = 1");
    expect((asDate.rows[0] as { at: unknown }).at).toBeInstanceOf(Date);
    const asText = await engine.query("select at from t where id = 1", [], {
      parsers: { 1184: (v: string) => v },
    });
    expect(typeof (asText.rows[0] as { at: unknown }).at).toBe("string");
    await expect(
      engine.query("select 1", [], { parsers: { 23: (v: string) => Number(v) * 2 } }),
    ).rejects.toThrow(/parser for type 23/);
  });

  it("sends a database error back with its SQLSTATE, constraint and detail", async () => {
    const err = await engine.query("insert into t (id, name) values (3, 'a')").then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    const info = pgErrorOf(err);
    expect(isUniqueViolation(info)).toBe(true);
    expect(info?.constraint).toBe("t_name_key");
    expect(info?.detail).toMatch(/already exists/);
  });

  it("commits a transaction, rolls one back on a throw, and keeps other statements out of it", async () => {
    await engine.transaction(async (tx) => {
      await tx.query("insert into t (id, name) values (10, 'ten')");
    });
    await expect(
      engine.transaction(async (tx) => {
        await tx.query("insert into t (id, name) values (11, 'eleven')");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");

    // A statement sent while a transaction is open waits for it: it never runs inside it, and
    // never sees what it has not committed.
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const tx = engine.transaction(async (t) => {
      await t.query("insert into t (id, name) values (12, 'twelve')");
      await held;
      await t.query("delete from t where id = 12");
    });
    const outside = engine.query<{ n: number }>("select count(*)::int as n from t where id >= 10");
    await new Promise((r) => setTimeout(r, 50));
    release();
    await tx;
    expect((await outside).rows).toEqual([{ n: 1 }]);
    const ids = await engine.query("select id from t where id >= 10 order by id", [], {
      rowMode: "array",
    });
    expect(ids.rows).toEqual([[10]]);
  });

  it("hears NOTIFY through LISTEN, and stops hearing once unlistened", async () => {
    const heard: string[] = [];
    const off = await engine.listen("news", (p) => heard.push(p));
    await engine.query("select pg_notify('news', 'one')");
    await expect.poll(() => heard).toEqual(["one"]);
    await off();
    await engine.query("select pg_notify('news', 'two')");
    await engine.query("select 1");
    expect(heard).toEqual(["one"]);
  });

  it("refuses statements at once after it is closed, instead of leaving them waiting", async () => {
    const other = await startEngineThread({ sharedBuffers: "16MB" });
    await other.close();
    await expect(other.query("select 1")).rejects.toThrow(/stopped/);
  });

  it("a thread that dies says so once, and every statement after fails as 'database unavailable'", async () => {
    const deaths: Error[] = [];
    const other = await startEngineThread(
      { sharedBuffers: "16MB" },
      { onUnexpectedExit: (err) => deaths.push(err) },
    );
    await other.terminate();
    await expect.poll(() => deaths.length).toBe(1);
    const err = await other.query("select 1").then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(String(err)).toMatch(/embedded database stopped/);
  });
});

describe("the engine thread and the process's life", () => {
  it("keeps a process alive while a statement runs, and not once it is idle", async () => {
    // A script that starts an engine, runs a statement and never closes it: the statement must
    // finish (the thread holds the process while it runs) and the process must then end by
    // itself (an idle thread does not hold it).
    const script = `import("./lib/db/engine-thread.ts").then(async (m) => {
      const { startEngineThread } = m.default ?? m;
      const engine = await startEngineThread({ sharedBuffers: "16MB" });
      const { rows } = await engine.query("select 41 + 1 as n");
      console.log("answered", rows[0].n);
    });`;
    const child = spawn(process.execPath, ["--import", "tsx", "-e", script], {
      cwd: process.cwd(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        reject(new Error(`still running after 30 s: ${out}`));
      }, 30_000);
      child.once("exit", (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    expect(out).toContain("answered 42");
    expect(code).toBe(0);
  });
});

describe("the app's database on the engine thread", () => {
  it("migrates, and runs drizzle's transactions and savepoints", async () => {
    const database = await openDatabase({ kind: "embedded", dataDir: null, thread: true });
    try {
      const { db } = database;
      await db.execute(sql`create table probe (n int primary key)`);
      await db.transaction(async (tx) => {
        await tx.execute(sql`insert into probe values (1)`);
        await tx
          .transaction(async (inner) => {
            await inner.execute(sql`insert into probe values (2)`);
            throw new Error("inner only");
          })
          .catch(() => undefined);
        await tx.execute(sql`insert into probe values (3)`);
      });
      const rows = rowsOf<{ n: number }>(await db.execute(sql`select n from probe order by n`));
      expect(rows.map((r) => r.n)).toEqual([1, 3]);
      // The migrations ran: the app's tables are there.
      const users = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from users`),
      );
      expect(users[0]?.n).toBe(0);
    } finally {
      await database.close();
    }
  });
});
