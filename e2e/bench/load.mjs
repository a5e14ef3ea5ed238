// The load generator: autocannon, in a process of its own so that its work is not counted
// against the server it measures. Reads one scenario as JSON (argv[2]), drives it for its
// duration, and prints one JSON line: throughput, latency percentiles computed from every
// response time (autocannon's own summary has no p95), and every status seen.
//
//   node e2e/bench/load.mjs '{"base":"http://127.0.0.1:3000","kind":"list",...}'
import autocannon from "autocannon";

const s = JSON.parse(process.argv[2] ?? "{}");
const rand = (n) => Math.floor(Math.random() * n);
const pick = (list) => list[rand(list.length)];
const auth = s.token ? { authorization: `Bearer ${s.token}` } : {};
const json = { "content-type": "application/json" };
let seq = 0;

/** One request of the scenario, fresh each time (random page, term, worker, unique invitee). */
const scenarios = {
  list: () => ({
    method: "GET",
    path: `/api_v2/users?per=50&page=${1 + rand(s.pages)}`,
    headers: auth,
  }),
  // The same list through the portal: its proxy unseals the session cookie and calls the API.
  "proxy-list": () => ({
    method: "GET",
    path: `/api/proxy/users?per=50&page=${1 + rand(s.pages)}`,
    headers: { cookie: s.cookie },
  }),
  search: () => ({
    method: "GET",
    path: `/api_v2/users?q=${encodeURIComponent(pick(s.terms))}`,
    headers: auth,
  }),
  invite: () => {
    seq++;
    // Area code 907 (Alaska) and exchanges 200-999: the seeded workers never use them.
    const n = s.runId * 1_000_000 + seq;
    const line = String(n % 10_000).padStart(4, "0");
    const exchange = 200 + (Math.floor(n / 10_000) % 800);
    return {
      method: "POST",
      path: "/api_v2/users/invite",
      headers: { ...auth, ...json },
      body: JSON.stringify({
        type: "Worker",
        first_name: "Bench",
        last_name: `Invitee ${seq}`,
        email: `bench.${s.runId}.${seq}@example.com`,
        phone: `+1907${exchange}${line}`,
        external_id: `bench-${s.runId}-${seq}`,
        city: "Anchorage",
        address_state: "AK",
      }),
    };
  },
  // A flood of password sign-ins (our addition) with made-up e-mails: each one is a decoy hash
  // and a 401, or a 429 once the bounded hash queue is full. None reaches an account's limit.
  "signin-flood": () => {
    seq++;
    return {
      method: "POST",
      path: "/api_v2/authenticate",
      headers: json,
      body: JSON.stringify({ email: `flood.${seq}@example.com`, password: "not the password" }),
    };
  },
  // A field and the badge set change together: one transaction, one history entry.
  patch: () => {
    const id = s.userIds.min + rand(s.userIds.max - s.userIds.min + 1);
    const a = pick(s.badgeIds);
    const b = pick(s.badgeIds);
    return {
      method: "PATCH",
      path: `/api_v2/users/${id}`,
      headers: { ...auth, ...json },
      body: JSON.stringify({
        city: `Bench City ${rand(1000)}`,
        user_badges: a === b ? [a] : [a, b],
      }),
    };
  },
};

const make = scenarios[s.kind];
if (!make) throw new Error(`unknown scenario ${s.kind}`);

const latencies = [];
const statuses = {};
const started = performance.now();
const instance = autocannon(
  {
    url: s.base,
    connections: s.connections,
    duration: s.durationS,
    timeout: 10,
    requests: [{ setupRequest: (req) => ({ ...req, ...make() }) }],
  },
  (err, result) => {
    if (err) {
      process.stderr.write(`${err.stack ?? err}\n`);
      process.exit(1);
    }
    const elapsedS = (performance.now() - started) / 1000;
    latencies.sort((x, y) => x - y);
    const q = (p) =>
      latencies.length === 0
        ? null
        : latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)];
    const ok = Object.entries(statuses)
      .filter(([code]) => code.startsWith("2"))
      .reduce((n, [, c]) => n + c, 0);
    const out = {
      kind: s.kind,
      connections: s.connections,
      durationS: Math.round(elapsedS * 100) / 100,
      requests: latencies.length,
      ok,
      perSecond: Math.round((ok / s.durationS) * 10) / 10,
      // Anything but a 2xx, plus connection errors and timeouts: the write benchmark wants 0.
      errors: latencies.length - ok + result.errors + result.timeouts,
      timeouts: result.timeouts,
      statuses,
      latencyMs: {
        p50: q(50),
        p95: q(95),
        p99: q(99),
        max: latencies.at(-1) ?? null,
        mean: latencies.length ? latencies.reduce((a, b) => a + b, 0) / latencies.length : null,
      },
    };
    process.stdout.write(`${JSON.stringify(out)}\n`);
  },
);
instance.on("response", (_client, statusCode, _bytes, responseTime) => {
  latencies.push(responseTime);
  statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
});
