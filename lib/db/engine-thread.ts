import path from "node:path";
import { Worker } from "node:worker_threads";

/**
 * The embedded engine (PGlite) on a worker thread of its own (./engine-thread-worker.mjs), with
 * the surface drizzle's PGlite driver, the migrator and ./listen.ts use: `query`, `exec`,
 * `transaction`, `listen`, `dumpDataDir` and `close`.
 *
 * Why a thread: PGlite runs PostgreSQL compiled to WebAssembly, synchronously, on the thread that
 * calls it. In the server's own thread every statement stopped everything else: reading the next
 * requests, mapping and serialising the last statement's rows, writing answers. Here the two
 * overlap on the machine's cores, and the server's thread stays free to take new connections
 * while a long statement runs (issue 29: the embedded list at 32 connections against its bare
 * baseline). Results cross by structured clone (rows of plain values, Dates, Uint8Arrays).
 */
export type EngineThreadOptions = {
  /** PGlite's data folder; undefined: in memory. */
  dataDir?: string;
  sharedBuffers: string;
  /** A migrated database to start from (lib/db/pglite-template.ts). */
  template?: Blob;
};

type QueryOptions = {
  rowMode?: "array" | "object";
  parsers?: Record<number, (v: string) => unknown>;
};
export type Results<R = unknown> = { rows: R[]; fields: unknown[]; affectedRows?: number };

export type EngineSession = {
  query<R = unknown>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<R>>;
  exec(sql: string): Promise<Results[]>;
};
/** What the server is told when the thread stops without being closed. */
export type EngineThreadEvents = { onUnexpectedExit?: (err: Error) => void };

export type EngineThread = EngineSession & {
  transaction<T>(fn: (tx: EngineSession) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(compression: "none"): Promise<Blob>;
  close(): Promise<void>;
  /** Stops the thread at once, as a crash would (tests of what follows one). */
  terminate(): Promise<void>;
};

const workerFile = path.join(process.cwd(), "lib/db/engine-thread-worker.mjs");

/** The error the thread sent, as an Error with the same fields (code, constraint, detail …). */
function rebuild(e: Record<string, unknown>): Error {
  const err = new Error(String(e.message ?? "embedded database error"));
  Object.assign(err, e);
  return err;
}

/**
 * drizzle passes parsers that keep a type's text as it is (timestamps, dates, intervals and
 * their arrays): they are sent as the list of those types. Any other parser could not cross to
 * the thread, so it is refused rather than silently ignored.
 */
function textTypesOf(parsers: QueryOptions["parsers"]): number[] | undefined {
  if (!parsers) return undefined;
  return Object.entries(parsers).map(([oid, parse]) => {
    if (parse("2026-01-02 03:04:05") !== "2026-01-02 03:04:05")
      throw new Error(`engine thread: a parser for type ${oid} that changes the text`);
    return Number(oid);
  });
}

/**
 * A thread that stopped unasked: every statement then fails as PostgreSQL's own crash shutdown
 * (57P02) does, which the API answers 503 database_unavailable and /readyz reports, instead of
 * an internal error per request.
 */
function stopped(code: number): Error {
  return Object.assign(
    new Error(`the embedded database stopped: its thread exited (code ${code})`),
    { code: "57P02" },
  );
}

export async function startEngineThread(
  options: EngineThreadOptions,
  events: EngineThreadEvents = {},
): Promise<EngineThread> {
  const worker = new Worker(workerFile, { workerData: options });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let gone: Error | undefined;

  await new Promise<void>((resolve, reject) => {
    const settle = (err?: Error) => {
      worker.off("message", onMessage).off("error", settle).off("exit", onExit);
      if (err) reject(err);
      else resolve();
    };
    const onMessage = (m: { op: string; error?: Record<string, unknown> }) =>
      settle(m.op === "ready" ? undefined : rebuild(m.error ?? {}));
    const onExit = (code: number) => settle(new Error(`the engine thread exited (${code})`));
    worker.on("message", onMessage).on("error", settle).on("exit", onExit);
  });

  worker.on(
    "message",
    (m: {
      id?: number;
      op?: string;
      ok?: boolean;
      value?: unknown;
      error?: Record<string, unknown>;
      channel?: string;
      payload?: string;
    }) => {
      if (m.op === "notice") {
        for (const cb of listeners.get(m.channel!) ?? []) cb(m.payload!);
        return;
      }
      const call = pending.get(m.id!);
      if (!call) return;
      pending.delete(m.id!);
      if (m.ok) call.resolve(m.value);
      else call.reject(rebuild(m.error ?? {}));
    },
  );
  let closing = false;
  let cause: Error | undefined;
  // An uncaught error in the thread comes first, then its exit.
  worker.on("error", (err) => {
    cause = err;
  });
  worker.on("exit", (code) => {
    const err = stopped(code);
    if (cause) Object.assign(err, { cause });
    gone = err;
    for (const call of pending.values()) call.reject(err);
    pending.clear();
    if (!closing) events.onUnexpectedExit?.(err);
  });

  // The thread keeps the process alive only while a statement is in flight, as a socket with a
  // query on it would: an idle engine (a server's between requests, or one a test left open)
  // never holds a process that is otherwise done.
  worker.unref();
  const call = <T>(op: string, fields: Record<string, unknown> = {}): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (gone) return reject(gone);
      const id = nextId++;
      if (pending.size === 0) worker.ref();
      const settle = () => {
        if (pending.size === 0) worker.unref();
      };
      pending.set(id, {
        resolve: (v) => {
          settle();
          resolve(v as T);
        },
        reject: (e) => {
          settle();
          reject(e);
        },
      });
      worker.postMessage({ id, op, ...fields });
    });

  const sessionOf = (tx: number | undefined): EngineSession => ({
    query: async <R>(sql: string, params?: unknown[], opts?: QueryOptions) =>
      call<Results<R>>("query", {
        tx,
        sql,
        params,
        rowMode: opts?.rowMode,
        textTypes: textTypesOf(opts?.parsers),
      }),
    exec: (sql) => call<Results[]>("exec", { tx, sql }),
  });

  return {
    ...sessionOf(undefined),
    async transaction(fn) {
      const tx = await call<number>("begin");
      let result: Awaited<ReturnType<typeof fn>>;
      try {
        result = await fn(sessionOf(tx));
      } catch (err) {
        await call("end", { tx, commit: false }).catch(() => undefined);
        throw err;
      }
      await call("end", { tx, commit: true });
      return result;
    },
    async listen(channel, callback) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await call("listen", { channel });
      }
      set.add(callback);
      return async () => {
        set.delete(callback);
        if (set.size === 0 && listeners.get(channel) === set) {
          listeners.delete(channel);
          await call("unlisten", { channel });
        }
      };
    },
    dumpDataDir: () => call<Blob>("dump"),
    async close() {
      if (gone) return;
      closing = true;
      await call("close");
      await worker.terminate();
    },
    async terminate() {
      await worker.terminate();
    },
  };
}
