import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase } from "@/lib/api-v2/tests/harness";
import { env, inheritedEnv } from "@/lib/env";
import { type Api, apiClient, Identities, percentile, sleep } from "./support/api-client";
import { fullGcs, mib, type RssSample, sampleRss } from "./support/rss";
import {
  authenticate,
  buildOnce,
  root,
  type ServerProcess,
  startServer,
  tempDataDir,
} from "./support/server-process";

/**
 * Load and soak: a fixed-rate mixed workload on loopback (lists, searches, single reads,
 * invites, field changes, badge adds and removes), open loop: each request is fired on its
 * schedule whether or not earlier ones have answered. Asserted: every answer is the expected
 * status (and a badge change answers the badges it was asked to make); resident memory of the
 * server grows less than 10 % between the first and the last 10 s of the measured period, and
 * so does its live heap after full collections. Latency per 10-s window is printed and written
 * to test-results/soak.json, never asserted.
 *
 * The server runs with --max-old-space-size=192 (its live heap under this load is about 90 MiB),
 * as a deployment sizes it to its container. Without a limit, V8 on a large machine lets its
 * old space grow lazily before collecting (seen: 250 MiB RSS to 510 MiB over 4 minutes while
 * the live heap stayed at 94-97 MiB), and RSS would measure that pacing, not what is kept.
 * --trace-gc gives the live heap after each full collection, the real leak signal.
 *
 * Warm-up: every kind of request five times one at a time (Next loads route code on first
 * use), then 10 s of the load itself, not measured. Quick form: 20 s measured, on PostgreSQL
 * (on the embedded database when TEST_DATABASE_URL is unset). STRESS=1: 60 s measured (the
 * issue's form), on both engines. SOAK_SECONDS=n measures n seconds instead.
 */

const STRESS = inheritedEnv().STRESS === "1";
const RATE = 40;
const WARMUP_S = 10;
const MEASURE_S = Number(inheritedEnv().SOAK_SECONDS ?? (STRESS ? 60 : 20));
const WINDOW_S = 10;
const pgUrl = env().TEST_DATABASE_URL;
const engines: ("postgresql" | "embedded")[] = STRESS
  ? pgUrl
    ? ["postgresql", "embedded"]
    : ["embedded"]
  : [pgUrl ? "postgresql" : "embedded"];
if (!pgUrl)
  process.stdout.write(
    "[soak] PostgreSQL skipped: TEST_DATABASE_URL is not set; soaking the embedded database instead\n",
  );

type Kind = "list" | "search" | "get" | "history" | "badges" | "invite" | "patch" | "badge";
type Sample = { at: number; ms: number; kind: Kind };
type Failure = { at: number; kind: Kind; what: string };

/** Share of each kind of request, out of 100. */
const MIX: [Kind, number][] = [
  ["list", 22],
  ["search", 18],
  ["get", 18],
  ["history", 4],
  ["badges", 3],
  ["invite", 10],
  ["patch", 15],
  ["badge", 10],
];
/** Upper bound of each kind's share on a 0-100 roll. */
const CUMULATIVE = MIX.map((_, i) => MIX.slice(0, i + 1).reduce((sum, [, w]) => sum + w, 0));
const SEARCH_TERMS = ["ada", "smith", "san", "chicago", "son", "mar", "lee", "@example", "+1907"];
const CITIES = ["Anchorage", "Juneau", "Fairbanks", "Sitka", "Nome", "Kodiak"];

/** A worker the workload writes to: its badges as known, and whether a write is under way. */
type Writable = { id: number; badges: Set<string>; busy: boolean; writes: number };

type Window = {
  from_s: number;
  to_s: number;
  requests: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  rss_mib: number;
};

type Report = {
  engine: string;
  rate_per_s: number;
  warmup_s: number;
  measured_s: number;
  requests: number;
  /** Measured period: count, p50 and p99 of each kind of request. */
  by_kind: Record<string, { requests: number; p50_ms: number; p99_ms: number }>;
  errors: number;
  rss_first_10s_mib: number;
  rss_last_10s_mib: number;
  rss_growth_pct: number;
  live_heap_after_full_gc_mib: {
    first: number;
    last: number;
    growth_pct: number;
    collections: number;
  };
  scheduler_max_lag_ms: number;
  windows: Window[];
  /** Every second from the start of the warm-up. */
  rss_mib_per_s: number[];
};

const reports: Report[] = [];

function soak(engine: "postgresql" | "embedded") {
  let dataDir = "";
  const ids = new Identities();
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let server: ServerProcess | undefined;
  let api: Api;
  const badgeIds: string[] = [];
  const readIds: number[] = [];
  const writable: Writable[] = [];

  beforeAll(async () => {
    buildOnce();
    dataDir = tempDataDir(`soak-${engine}`);
    if (engine === "postgresql")
      ({ url: databaseUrl, drop: dropDatabase } = await createScratchDatabase(pgUrl!));
    server = await startServer({
      dataDir,
      databaseUrl,
      env: { DEMO_WORKER_COUNT: "300" },
      nodeArgs: ["--max-old-space-size=192", "--trace-gc"],
    });
    api = apiClient(server.base, await authenticate(server.base, dataDir));
    for (const name of ["Reach Truck", "Cold Chain", "Food Handler", "Crane Signals"]) {
      const r = await api("POST", "/badges", { name: `Soak ${name}`, description: "Soak test." });
      expect(r.status).toBe(201);
      badgeIds.push(String(r.body.id));
    }
    for (let page = 1; page <= 6; page++) {
      const r = await api("GET", `/users?per=50&page=${page}`);
      expect(r.status).toBe(200);
      readIds.push(...r.body.users.map((u: { id: number }) => u.id));
    }
    for (let i = 0; i < 20; i++) {
      const r = await api("POST", "/users/invite", invite(ids));
      expect(r.status).toBe(201);
      writable.push({ id: r.body.id, badges: new Set(), busy: false, writes: 0 });
    }
  });

  afterAll(async () => {
    if (server) expect(await server.kill("SIGTERM")).toEqual({ code: 0, signal: null });
    await dropDatabase?.();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** One request of the given kind; resolves to a failure description, or null when as expected. */
  async function fire(kind: Kind): Promise<string | null> {
    const pickOf = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
    const check = (status: number, want: number, body: unknown) =>
      status === want ? null : `${status} ${JSON.stringify(body).slice(0, 300)}`;
    switch (kind) {
      case "list": {
        const sort = pickOf(["-updated_at", "last_name", "-id"]);
        const r = await api(
          "GET",
          `/users?per=25&page=${1 + Math.floor(Math.random() * 6)}&sort=${sort}`,
        );
        return check(r.status, 200, r.body);
      }
      case "search": {
        const r = await api("GET", `/users?q=${encodeURIComponent(pickOf(SEARCH_TERMS))}&per=25`);
        return check(r.status, 200, r.body);
      }
      case "get": {
        const r = await api("GET", `/users/${pickOf(readIds)}`);
        return check(r.status, 200, r.body);
      }
      case "history": {
        const r = await api("GET", `/users/${pickOf(writable).id}/history?per=10`);
        return check(r.status, 200, r.body);
      }
      case "badges": {
        const r = await api("GET", "/badges?query=soak");
        return check(r.status, 200, r.body);
      }
      case "invite": {
        const r = await api("POST", "/users/invite", invite(ids));
        if (r.status === 201)
          writable.push({ id: r.body.id, badges: new Set(), busy: false, writes: 0 });
        return check(r.status, 201, r.body);
      }
      case "patch":
      case "badge": {
        // One write at a time per worker, so its expected state is exact.
        const free = writable.filter((w) => !w.busy);
        if (free.length === 0) return fire("get");
        const w = pickOf(free);
        w.busy = true;
        try {
          const after = new Set(w.badges);
          let body: Record<string, unknown>;
          if (kind === "patch") {
            body = { city: pickOf(CITIES), tracking_code: `soak-${++w.writes}` };
          } else {
            const held = [...w.badges];
            const missing = badgeIds.filter((b) => !w.badges.has(b));
            if (held.length > 0 && (missing.length === 0 || Math.random() < 0.5)) {
              const b = pickOf(held);
              after.delete(b);
              body = { user_badges_attributes: [{ badge_id: b, _destroy: true }] };
            } else {
              const b = pickOf(missing);
              after.add(b);
              body = { user_badges_attributes: [{ badge_id: b }] };
            }
          }
          const r = await api("PATCH", `/users/${w.id}`, { user: body });
          const wrong = check(r.status, 200, r.body);
          if (wrong) return wrong;
          const got = (r.body.user_badges as { badge_id: string }[]).map((b) => b.badge_id).sort();
          if (JSON.stringify(got) !== JSON.stringify([...after].sort()))
            return `answered badges ${JSON.stringify(got)}, expected ${JSON.stringify([...after].sort())}`;
          w.badges = after;
          return null;
        } finally {
          w.busy = false;
        }
      }
    }
  }

  /**
   * Next loads each route's code on its first request, and V8 compiles hot paths in the first
   * seconds: every kind of request a few times, one at a time, before the clock starts.
   */
  async function warmUp() {
    for (let i = 0; i < 5; i++)
      for (const [kind] of MIX) {
        const wrong = await fire(kind);
        expect(wrong, `warm-up ${kind}`).toBeNull();
      }
  }

  it(
    `${RATE} requests/s for ${WARMUP_S} s of warm-up and ${MEASURE_S} s measured: no errors, memory growth under 10 %`,
    async () => {
      await warmUp();
      const total = RATE * (WARMUP_S + MEASURE_S);
      const samples: Sample[] = [];
      const failures: Failure[] = [];
      const inFlight: Promise<void>[] = [];
      const rss = sampleRss(server!.pid, 1000);
      const t0 = performance.now();
      const measureFrom = t0 + WARMUP_S * 1000;
      let maxLag = 0;
      for (let i = 0; i < total; i++) {
        const due = t0 + (i * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        maxLag = Math.max(maxLag, performance.now() - due);
        const roll = Math.random() * 100;
        const kind = MIX[CUMULATIVE.findIndex((c) => roll < c)]![0];
        const started = performance.now();
        inFlight.push(
          fire(kind)
            .catch((err: Error) => `network: ${err.message}`)
            .then((wrong) => {
              const at = (started - measureFrom) / 1000;
              if (wrong) failures.push({ at, kind, what: wrong });
              else samples.push({ at, ms: performance.now() - started, kind });
            }),
        );
      }
      await Promise.all(inFlight);
      rss.stop();

      expect(failures.slice(0, 10)).toEqual([]);
      expect(samples).toHaveLength(total);

      const measured = samples.filter((s) => s.at >= 0);
      const rssAt = (from: number, to: number) =>
        rss.samples
          .filter(
            (r: RssSample) => r.at >= measureFrom + from * 1000 && r.at < measureFrom + to * 1000,
          )
          .map((r) => r.bytes);
      const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
      const windows: Window[] = [];
      for (let from = 0; from < MEASURE_S; from += WINDOW_S) {
        const ms = measured
          .filter((s) => s.at >= from && s.at < from + WINDOW_S)
          .map((s) => s.ms)
          .sort((a, b) => a - b);
        windows.push({
          from_s: from,
          to_s: from + WINDOW_S,
          requests: ms.length,
          p50_ms: Math.round(percentile(ms, 50)),
          p99_ms: Math.round(percentile(ms, 99)),
          max_ms: Math.round(ms.at(-1) ?? Number.NaN),
          rss_mib: mib(mean(rssAt(from, from + WINDOW_S))),
        });
      }
      const first = mean(rssAt(0, WINDOW_S));
      const last = mean(rssAt(MEASURE_S - WINDOW_S, MEASURE_S));
      const growth = (last - first) / first;
      const gcs = fullGcs(server!.output(), server!.startedAt).filter(
        (g) => g.at >= measureFrom && g.at < measureFrom + MEASURE_S * 1000,
      );
      const heapFirst = gcs[0]?.liveMib ?? Number.NaN;
      const heapLast = gcs.at(-1)?.liveMib ?? Number.NaN;
      const heapGrowth = (heapLast - heapFirst) / heapFirst;
      const byKind: Report["by_kind"] = {};
      for (const [kind] of MIX) {
        const ms = measured
          .filter((m) => m.kind === kind)
          .map((m) => m.ms)
          .sort((a, b) => a - b);
        byKind[kind] = {
          requests: ms.length,
          p50_ms: Math.round(percentile(ms, 50)),
          p99_ms: Math.round(percentile(ms, 99)),
        };
      }
      const report: Report = {
        engine,
        rate_per_s: RATE,
        warmup_s: WARMUP_S,
        measured_s: MEASURE_S,
        requests: samples.length,
        by_kind: byKind,
        errors: failures.length,
        rss_first_10s_mib: mib(first),
        rss_last_10s_mib: mib(last),
        rss_growth_pct: Math.round(growth * 1000) / 10,
        live_heap_after_full_gc_mib: {
          first: heapFirst,
          last: heapLast,
          growth_pct: Math.round(heapGrowth * 1000) / 10,
          collections: gcs.length,
        },
        scheduler_max_lag_ms: Math.round(maxLag),
        windows,
        rss_mib_per_s: rss.samples.filter((r) => r.at >= t0).map((r) => mib(r.bytes)),
      };
      reports.push(report);
      fs.mkdirSync(path.join(root, "test-results"), { recursive: true });
      fs.writeFileSync(
        path.join(root, "test-results/soak.json"),
        `${JSON.stringify({ stress: STRESS, runs: reports }, null, 2)}\n`,
      );
      process.stdout.write(
        `[soak ${engine}] ${samples.length} requests at ${RATE}/s (${WARMUP_S} s warm-up + ${MEASURE_S} s), ${failures.length} errors; scheduler lag max ${report.scheduler_max_lag_ms} ms; p50/p99 by kind: ${Object.entries(
          byKind,
        )
          .map(([k, v]) => `${k} ${v.p50_ms}/${v.p99_ms}`)
          .join(", ")} ms\n` +
          windows
            .map(
              (w) =>
                `[soak ${engine}]   ${String(w.from_s).padStart(2)}-${w.to_s} s: ${w.requests} requests, p50 ${w.p50_ms} ms, p99 ${w.p99_ms} ms, max ${w.max_ms} ms, RSS ${w.rss_mib} MiB\n`,
            )
            .join("") +
          `[soak ${engine}] RSS ${report.rss_first_10s_mib} MiB (first 10 s) -> ${report.rss_last_10s_mib} MiB (last 10 s): ${report.rss_growth_pct} %; live heap after full GC ${heapFirst} -> ${heapLast} MiB over ${gcs.length} collections: ${report.live_heap_after_full_gc_mib.growth_pct} %\n`,
      );

      expect(rss.samples.length).toBeGreaterThanOrEqual(WARMUP_S + MEASURE_S - 1);
      expect(growth).toBeLessThan(0.1);
      expect(gcs.length, "full collections in the measured period").toBeGreaterThanOrEqual(2);
      expect(heapGrowth).toBeLessThan(0.1);
    },
    (WARMUP_S + MEASURE_S) * 1000 + 120_000,
  );
}

function invite(ids: Identities) {
  const who = ids.next("soak");
  return {
    type: "Worker",
    first_name: "Soak",
    last_name: `Worker ${who.n}`,
    email: who.email,
    phone: who.phone,
    external_id: who.external_id,
    city: "Anchorage",
  };
}

for (const engine of engines)
  describe(`soak on ${engine === "postgresql" ? "PostgreSQL" : "the embedded database"}`, () =>
    soak(engine));
