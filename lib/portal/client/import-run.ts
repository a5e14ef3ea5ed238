import type { RowCheck } from "@/lib/bulk/csv-import";
import type { RowOutcome, RowStatus } from "@/lib/bulk/import-runner";
import type { PoolControl } from "@/lib/bulk/run-pool";
import { ImportAbortedError, proxyImportIo } from "@/lib/portal/client/import-io";
import type { InviteUserBody } from "@/lib/schemas/user";

/**
 * The bulk invite that is sending, or has sent, in this tab. It lives outside React so that it
 * survives moving to another portal page and back (the sending goes on; the page shows it again
 * on return), and so that thousands of answers re-render the page a few times a second, not
 * once each.
 */

export type RunPhase = "sending" | "paused" | "stopping" | "finished" | "cancelled";

export type ImportRunState = {
  /** Changes with every update (for the React store contract). */
  version: number;
  fileName: string;
  /** Every row of the file, in file order: the ready ones and those with problems. */
  checks: readonly RowCheck[];
  /** The latest outcome of each row, by row number; a row without one was not sent. */
  outcomes: ReadonlyMap<number, RowOutcome>;
  counts: Record<RowStatus, number>;
  /** The last few outcomes, newest first (the live feed while sending). */
  recent: readonly RowOutcome[];
  /** The current pass (the first, or a retry of some rows). */
  pass: { total: number; done: number; running: number; startedAt: number };
  phase: RunPhase;
  /** The portal session ended mid-import: paused until the user signs in again. */
  sessionLost: boolean;
  finishedAt: number | null;
};

type Settled = (state: ImportRunState) => void;

const CONCURRENCY = 4;
/** At most this often the page hears about progress (ms). */
const NOTIFY_EVERY = 100;

let state: ImportRunState | null = null;
let control: PoolControl | null = null;
let outcomes = new Map<number, RowOutcome>();
let recent: RowOutcome[] = [];
const RECENT = 5;
let version = 0;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | null = null;
/** Rows caught waiting for a sign-in when the import was cancelled: never sent. */
let aborted = new WeakSet<object>();
let sessionWaiters: { resolve: () => void; reject: (e: Error) => void }[] = [];

function countsOf(map: ReadonlyMap<number, RowOutcome>): Record<RowStatus, number> {
  const c: Record<RowStatus, number> = { created: 0, existing: 0, refused: 0, failed: 0 };
  for (const o of map.values()) c[o.status]++;
  return c;
}

function publish(patch: Partial<ImportRunState> = {}) {
  if (!state) return;
  version += 1;
  state = {
    ...state,
    ...patch,
    version,
    outcomes: new Map(outcomes),
    counts: countsOf(outcomes),
    recent: [...recent],
  };
  for (const l of [...listeners]) l();
}

/** Progress in bursts: at most one update per NOTIFY_EVERY ms. */
function publishSoon() {
  if (timer) return;
  timer = setTimeout(() => {
    timer = null;
    publish();
  }, NOTIFY_EVERY);
}

function flush(patch: Partial<ImportRunState> = {}) {
  if (timer) clearTimeout(timer);
  timer = null;
  publish(patch);
}

export function subscribeImportRun(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getImportRun = (): ImportRunState | null => state;

const busy = (s: ImportRunState | null) =>
  s !== null && (s.phase === "sending" || s.phase === "paused" || s.phase === "stopping");

// Closing or reloading the tab would stop the sending halfway: ask first.
function onBeforeUnload(e: BeforeUnloadEvent) {
  if (!busy(state)) return;
  e.preventDefault();
  e.returnValue = "";
}

/** Grows with every resume: a 401 to a call made before it is stale (sent while signed out). */
let sessionEpoch = 0;

function waitForSession(body: InviteUserBody, sentIn: number): Promise<void> {
  // Cancelled already: nothing will resume this row.
  if (!state || state.phase === "stopping" || control?.cancelled) {
    aborted.add(body);
    return Promise.reject(new ImportAbortedError());
  }
  // Sent before the user signed in again and resumed: simply send it again.
  if (sentIn < sessionEpoch && !state.sessionLost) return Promise.resolve();
  if (!state.sessionLost) {
    control?.pause();
    flush({ sessionLost: true, phase: "paused" });
  }
  return new Promise<void>((resolve, reject) => {
    sessionWaiters.push({
      resolve,
      reject: (e) => {
        aborted.add(body);
        reject(e);
      },
    });
  });
}

function pass(rows: readonly RowCheck[], onSettled?: Settled) {
  if (typeof window !== "undefined") window.addEventListener("beforeunload", onBeforeUnload);
  const settle = (cancelled: boolean) => {
    control = null;
    if (typeof window !== "undefined") window.removeEventListener("beforeunload", onBeforeUnload);
    flush({ phase: cancelled ? "cancelled" : "finished", finishedAt: Date.now() });
    if (state) onSettled?.(state);
  };
  // The runner (and the import's checks it reports with) loads when the first import starts,
  // not with the import page. A chunk that cannot load ends the pass with every row unsent.
  import("@/lib/bulk/import-runner").then(
    ({ runImport }) => sendWith(runImport, rows, settle),
    () => settle(true),
  );
}

function sendWith(
  runImport: typeof import("@/lib/bulk/import-runner").runImport,
  rows: readonly RowCheck[],
  settle: (cancelled: boolean) => void,
) {
  const io = proxyImportIo({ waitForSession, sessionEpoch: () => sessionEpoch });
  const byRow = new Map(rows.map((c) => [c.row, c]));
  const run = runImport(rows, io, {
    concurrency: CONCURRENCY,
    onOutcome: (o) => {
      const check = byRow.get(o.row);
      // A row that was waiting for a sign-in when the import was cancelled was never sent.
      if (check?.body && aborted.has(check.body)) return;
      outcomes.set(o.row, o);
      recent = [o, ...recent.slice(0, RECENT - 1)];
      publishSoon();
    },
    onProgress: (p) => {
      if (!state) return;
      state.pass = { ...state.pass, done: p.done, running: p.running };
      publishSoon();
    },
  });
  control = run.control;
  // A pause or a cancel pressed while the runner was loading.
  if (state?.phase === "paused") control.pause();
  else if (state?.phase === "stopping") control.cancel();
  void run.done.then(({ cancelled }) => settle(cancelled));
}

/** Sends every ready row of the file (rows with problems are reported as refused, unsent). */
export function startImport(fileName: string, checks: readonly RowCheck[], onSettled?: Settled) {
  if (busy(state)) throw new Error("An import is already running in this tab.");
  outcomes = new Map();
  recent = [];
  aborted = new WeakSet();
  sessionWaiters = [];
  state = {
    version,
    fileName,
    checks,
    outcomes,
    counts: countsOf(outcomes),
    recent,
    pass: { total: checks.length, done: 0, running: 0, startedAt: Date.now() },
    phase: "sending",
    sessionLost: false,
    finishedAt: null,
  };
  publish();
  pass(checks, onSettled);
}

/** Sends these rows again (failed ones, or those a cancel left unsent); keeps the rest. */
export function retryRows(rows: readonly RowCheck[], onSettled?: Settled) {
  if (!state || busy(state) || rows.length === 0) return;
  aborted = new WeakSet();
  recent = [];
  for (const r of rows) outcomes.delete(r.row);
  flush({
    phase: "sending",
    finishedAt: null,
    pass: { total: rows.length, done: 0, running: 0, startedAt: Date.now() },
  });
  pass(rows, onSettled);
}

export function pauseImport() {
  if (state?.phase !== "sending") return;
  control?.pause();
  flush({ phase: "paused" });
}

/** Goes on after a pause, or after signing in again (the calls that met the 401 are re-made). */
export function resumeImport() {
  if (state?.phase !== "paused") return;
  const waiting = sessionWaiters;
  sessionWaiters = [];
  sessionEpoch += 1;
  flush({ phase: "sending", sessionLost: false });
  control?.resume();
  for (const w of waiting) w.resolve();
}

/** Stops after the rows already in flight; the rest stay unsent (and are reported so). */
export function cancelImport() {
  if (!busy(state) || state?.phase === "stopping") return;
  const waiting = sessionWaiters;
  sessionWaiters = [];
  flush({ phase: "stopping" });
  control?.cancel();
  for (const w of waiting) w.reject(new ImportAbortedError());
}

/** Forgets a finished import (to start another file). */
export function dismissImport() {
  if (busy(state)) return;
  state = null;
  outcomes = new Map();
  recent = [];
  for (const l of [...listeners]) l();
}
