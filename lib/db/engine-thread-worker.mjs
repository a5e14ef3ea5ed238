// The embedded engine (PGlite) on a thread of its own: the server's thread sends statements here
// (lib/db/engine-thread.ts) and goes on with its own work (parsing requests, mapping rows,
// writing answers) while PostgreSQL, compiled to WebAssembly, runs the statement. Plain
// JavaScript, read as it is by the bundled server, tsx and vitest alike.
//
// Messages in: { id, op, ... }; out: { id, ok: true, value } | { id, ok: false, error } and
// { op: "notice", channel, payload } for LISTEN. One PGlite, one session: PGlite runs one
// statement at a time in the order the statements arrive, and a transaction holds it until the
// server's thread says commit or rollback.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { cube } from "@electric-sql/pglite/contrib/cube";
import { earthdistance } from "@electric-sql/pglite/contrib/earthdistance";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

/** @type {{ dataDir?: string, sharedBuffers: string, template?: Blob }} */
const config = workerData;
const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);

/** Everything of an error the server's thread reads (pg-error.ts): a class does not cross. */
function errorOf(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  const out = { name: err.name, message: err.message, stack: err.stack };
  for (const [k, v] of Object.entries(err)) {
    if (v === undefined || typeof v === "function") continue;
    try {
      structuredClone(v);
      out[k] = v;
    } catch {
      // A field that cannot cross (a parser function): left out.
    }
  }
  return out;
}

/** The statement's options as PGlite takes them: drizzle's parsers are "keep the text". */
const optionsOf = (m) => ({
  rowMode: m.rowMode,
  ...(m.textTypes ? { parsers: Object.fromEntries(m.textTypes.map((t) => [t, (v) => v])) } : {}),
});

let db;
try {
  db = new PGlite({
    dataDir: config.dataDir,
    extensions: { pg_trgm, unaccent, cube, earthdistance, btree_gist },
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${config.sharedBuffers}`],
    ...(config.template ? { loadDataDir: config.template } : {}),
  });
  await db.waitReady;
  port.postMessage({ op: "ready" });
} catch (err) {
  port.postMessage({ op: "failed", error: errorOf(err) });
  process.exit(1);
}

/** Open transactions by id: their handle, and how to end them. */
const open = new Map();
let nextTx = 1;
const listening = new Map();

const ops = {
  query: (m) => (m.tx ? open.get(m.tx).tx : db).query(m.sql, m.params, optionsOf(m)),
  exec: (m) => (m.tx ? open.get(m.tx).tx : db).exec(m.sql),
  begin: () =>
    new Promise((started, failed) => {
      const id = nextTx++;
      const entry = {};
      open.set(id, entry);
      entry.done = db
        .transaction(
          (tx) =>
            new Promise((commit, rollback) => {
              Object.assign(entry, { tx, commit, rollback });
              started(id);
            }),
        )
        .finally(() => open.delete(id));
      entry.done.catch(failed);
    }),
  end: async (m) => {
    const t = open.get(m.tx);
    if (!t) throw new Error(`no open transaction ${m.tx}`);
    const { done } = t;
    if (m.commit) t.commit();
    else t.rollback(Object.assign(new Error("rolled back"), { rolledBack: true }));
    try {
      await done;
    } catch (err) {
      if (!(err instanceof Error && err.rolledBack)) throw err;
    }
  },
  listen: async (m) => {
    if (listening.has(m.channel)) return;
    const off = await db.listen(m.channel, (payload) =>
      port.postMessage({ op: "notice", channel: m.channel, payload }),
    );
    listening.set(m.channel, off);
  },
  unlisten: async (m) => {
    const off = listening.get(m.channel);
    listening.delete(m.channel);
    await off?.();
  },
  dump: () => db.dumpDataDir("none"),
  close: async () => {
    await db.close();
  },
};

port.on("message", (m) => {
  Promise.resolve()
    .then(() => ops[m.op](m))
    .then(
      (value) => port.postMessage({ id: m.id, ok: true, value }),
      (err) => port.postMessage({ id: m.id, ok: false, error: errorOf(err) }),
    )
    .finally(() => {
      if (m.op === "close") port.close();
    });
});
