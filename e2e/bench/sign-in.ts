import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { HASH_CONCURRENCY, HASH_QUEUE_LIMIT } from "@/lib/api-v2/invitations/password";
import { argv, defaultEnv } from "@/lib/env";
import { startServer, tempDataDir } from "../support/server-process";
import { runLoad } from "./load-process";
import type { LoadResult } from "./report";

defaultEnv("LOG_LEVEL", "warn");

const { values: opts } = parseArgs({
  args: argv(),
  options: {
    smoke: { type: "boolean", default: false },
    signins: { type: "string" },
    duration: { type: "string" },
    out: { type: "string" },
    markdown: { type: "string" },
  },
});
const smoke = opts.smoke ?? false;
const signIns = Number(opts.signins ?? (smoke ? 20 : 200));
const durationS = Number(opts.duration ?? (smoke ? 2 : 10));
const outDir = path.resolve(opts.out ?? (smoke ? "bench/tmp/smoke" : "bench"));
const markdownFile = path.resolve(
  opts.markdown ?? (opts.out || smoke ? path.join(outDir, "BENCHMARKS.md") : "BENCHMARKS.md"),
);
const WORKERS = 1000;
const say = (line: string) => process.stdout.write(`[bench:signin] ${line}\n`);

type Person = { email: string; password: string };
type Latency = { p50: number; p95: number; n: number };

function quantiles(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const q = (p: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! * 10) / 10;
  return { p50: q(0.5), p95: q(0.95), n: sorted.length };
}

const load = runLoad;

async function signIn(base: string, p: Person): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${base}/api_v2/authenticate`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: p.email, password: p.password }),
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`sign-in as ${p.email}: ${res.status}`);
  return performance.now() - t0;
}

async function main() {
  fs.mkdirSync(path.join(outDir, "logs"), { recursive: true });
  const dataDir = tempDataDir("bench-signin");
  say(
    `production build, demo seeded with ${WORKERS} workers; ${signIns} sign-ins, ${durationS} s per load`,
  );
  const server = await startServer({
    dataDir,
    stdoutFile: path.join(outDir, "logs", "server-signin.log"),
    env: {
      LOG_LEVEL: "info",
      SEED_DEMO: "true",
      DEMO_WORKER_COUNT: String(WORKERS),
      AUTH_RATE_LIMIT_PER_ADDRESS: "100000000",
      PASSWORD_SIGNIN_LIMIT_PER_ACCOUNT: "100000000",
    },
  });
  try {
    const saved = JSON.parse(fs.readFileSync(path.join(dataDir, "demo-keys.json"), "utf8")) as {
      private: { api_key: string; secret_key: string };
      people: Person[];
    };
    const auth = await fetch(`${server.base}/api_v2/authenticate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(saved.private),
    });
    const { token } = (await auth.json()) as { token: string };
    const people = saved.people;
    if (people.length === 0) throw new Error("the demo has no team to sign in as");

    say("warm-up");
    for (let i = 0; i < 4; i++) await signIn(server.base, people[i % people.length]!);
    const list = { base: server.base, kind: "list", connections: 8, pages: WORKERS / 50, token };
    await load({ ...list, durationS: Math.min(2, durationS) });

    say(`1. ${signIns} person sign-ins, one after another`);
    const times: number[] = [];
    for (let i = 0; i < signIns; i++)
      times.push(await signIn(server.base, people[i % people.length]!));
    const signInLatency = quantiles(times);
    say(`   person sign-in p50 ${ms(signInLatency.p50)} ms, p95 ${ms(signInLatency.p95)} ms`);

    say("2. the workers list alone, then during a sign-in flood");
    const alone = await load({ ...list, durationS });
    const [during, flood] = await Promise.all([
      load({ ...list, durationS }),
      load({ base: server.base, kind: "signin-flood", connections: 32, durationS }),
    ]);
    // The event loop alone (no database): GET /info, alone and during a second flood.
    const info = { base: server.base, kind: "info", connections: 8 };
    const infoAlone = await load({ ...info, durationS });
    const [infoDuring] = await Promise.all([
      load({ ...info, durationS }),
      load({ base: server.base, kind: "signin-flood", connections: 32, durationS }),
    ]);
    const floodPerSecond = Math.round((flood.requests / durationS) * 10) / 10;
    say(
      `   list alone p50 ${ms(alone.latencyMs.p50)} ms, p95 ${ms(alone.latencyMs.p95)} ms (${alone.perSecond}/s)`,
    );
    say(
      `   list during the flood p50 ${ms(during.latencyMs.p50)} ms, p95 ${ms(during.latencyMs.p95)} ms (${during.perSecond}/s)`,
    );
    say(
      `   GET /info alone p50 ${ms(infoAlone.latencyMs.p50)} ms, p95 ${ms(infoAlone.latencyMs.p95)} ms; during the flood p50 ${ms(infoDuring.latencyMs.p50)} ms, p95 ${ms(infoDuring.latencyMs.p95)} ms`,
    );
    say(
      `   the flood: ${floodPerSecond} sign-ins/s answered, statuses ${JSON.stringify(flood.statuses)}, p95 ${ms(flood.latencyMs.p95)} ms`,
    );
    const results = {
      at: new Date().toISOString(),
      smoke,
      hashConcurrency: HASH_CONCURRENCY,
      hashQueueLimit: HASH_QUEUE_LIMIT,
      signIn: signInLatency,
      list: { alone, duringFlood: during },
      info: { alone: infoAlone, duringFlood: infoDuring },
      flood: { ...flood, perSecond: floodPerSecond },
    };
    fs.writeFileSync(
      path.join(outDir, "signin-results.json"),
      `${JSON.stringify(results, null, 2)}\n`,
    );
    writeMarkdown(results);
  } finally {
    await server.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Milliseconds as printed: one decimal. */
const ms = (v: number | null) => (v === null ? "–" : v.toFixed(1));
/** during ÷ alone, as printed. */
const ratio = (during: number | null, alone: number | null) =>
  during === null || alone === null || alone === 0 ? "–" : `${(during / alone).toFixed(2)}×`;

const START = "<!-- bench:signin -->";
const END = "<!-- /bench:signin -->";

function writeMarkdown(r: {
  at: string;
  smoke: boolean;
  hashConcurrency: number;
  hashQueueLimit: number;
  signIn: Latency;
  list: { alone: LoadResult; duringFlood: LoadResult };
  info: { alone: LoadResult; duringFlood: LoadResult };
  flood: LoadResult & { perSecond: number };
}) {
  const { alone, duringFlood: during } = r.list;
  const block = [
    START,
    "## Person sign-in (`npm run bench:signin`)",
    "",
    `Run ${r.at.slice(0, 16).replace("T", " ")} UTC on this machine${r.smoke ? " (SMOKE RUN: too short to compare)" : ""}, the production build on loopback, demo seeded (${WORKERS} workers). The password hash (scrypt, N = 2^15) runs on libuv's thread pool, at most ${r.hashConcurrency} at once, ${r.hashQueueLimit} waiting (429 past that). The limits per address and per account were lifted for the flood: in production they stop it long before the hasher.`,
    "",
    "| figure | p50 ms | p95 ms | n / throughput |",
    "|---|---:|---:|---:|",
    `| person sign-in, one after another | ${ms(r.signIn.p50)} | ${ms(r.signIn.p95)} | ${r.signIn.n} sign-ins |`,
    `| workers list (8 connections), alone | ${ms(alone.latencyMs.p50)} | ${ms(alone.latencyMs.p95)} | ${alone.perSecond}/s |`,
    `| workers list (8 connections), during the flood | ${ms(during.latencyMs.p50)} | ${ms(during.latencyMs.p95)} | ${during.perSecond}/s |`,
    `| the list during the flood ÷ alone | ${ratio(during.latencyMs.p50, alone.latencyMs.p50)} | ${ratio(during.latencyMs.p95, alone.latencyMs.p95)} | ${ratio(during.perSecond, alone.perSecond)} |`,
    `| GET /api_v2/info (no database: the event loop), alone | ${ms(r.info.alone.latencyMs.p50)} | ${ms(r.info.alone.latencyMs.p95)} | ${r.info.alone.perSecond}/s |`,
    `| GET /api_v2/info, during the flood | ${ms(r.info.duringFlood.latencyMs.p50)} | ${ms(r.info.duringFlood.latencyMs.p95)} | ${r.info.duringFlood.perSecond}/s |`,
    `| the flood: made-up sign-ins (32 connections) | ${ms(r.flood.latencyMs.p50)} | ${ms(r.flood.latencyMs.p95)} | ${r.flood.perSecond}/s, ${JSON.stringify(r.flood.statuses)} |`,
    END,
  ].join("\n");
  const current = fs.existsSync(markdownFile) ? fs.readFileSync(markdownFile, "utf8") : "";
  const next = current.includes(START)
    ? current.replace(new RegExp(`${START}[\\s\\S]*?${END}`), block)
    : `${current.trimEnd()}\n\n${block}\n`;
  fs.mkdirSync(path.dirname(markdownFile), { recursive: true });
  fs.writeFileSync(markdownFile, next);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
