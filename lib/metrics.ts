import client from "prom-client";

/**
 * The process's Prometheus metrics (prom-client), served at /metrics (local or with OPS_TOKEN:
 * lib/server/ops.ts). One registry per process, kept on globalThis like the database: the
 * server bootstrap and Next's compiled route handlers are separate module graphs, and both
 * count into it.
 *
 * Every label has a bounded set of values: routes are templates (ids replaced), at most
 * MAX_ROUTES of them, and limits are named by their code-defined prefix.
 */
export type Metrics = {
  registry: client.Registry;
  requests: client.Counter<"method" | "route" | "status">;
  duration: client.Histogram<"method" | "route" | "status">;
  deliveries: client.Counter<"kind" | "outcome">;
  rateLimited: client.Counter<"limit">;
  /** Read at each scrape: pool use and the outbox backlog. */
  setCollector: (collect: () => Promise<Gauges>) => void;
};

export type Gauges = {
  pool?: { total: number; idle: number; waiting: number };
  outbox?: { pending: number; oldestDueSeconds: number };
};

const KEY = Symbol.for("employer-portal.metrics");
type Holder = { [KEY]?: Metrics };

function create(): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  let collector: (() => Promise<Gauges>) | null = null;
  let last: Promise<Gauges> | null = null;
  // One read of the database per scrape, shared by the gauges below.
  const gauges = () => {
    last ??= (collector?.() ?? Promise.resolve({})).finally(() => {
      setTimeout(() => {
        last = null;
      }, 500).unref();
    });
    return last;
  };
  const gauge = (name: string, help: string, read: (g: Gauges) => number | undefined) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const v = read(await gauges().catch(() => ({}) as Gauges));
        if (v !== undefined) this.set(v);
      },
    });
  gauge("db_pool_connections", "PostgreSQL pool connections open", (g) => g.pool?.total);
  gauge("db_pool_idle", "PostgreSQL pool connections idle", (g) => g.pool?.idle);
  gauge("db_pool_waiting", "Queries waiting for a pool connection", (g) => g.pool?.waiting);
  gauge("outbox_pending", "E-mails and webhooks waiting to be delivered", (g) => g.outbox?.pending);
  gauge(
    "outbox_oldest_due_seconds",
    "How long the oldest due delivery has waited (0: none due)",
    (g) => g.outbox?.oldestDueSeconds,
  );
  return {
    registry,
    requests: new client.Counter({
      name: "http_requests_total",
      help: "HTTP requests answered, by route template and status",
      labelNames: ["method", "route", "status"],
      registers: [registry],
    }),
    duration: new client.Histogram({
      name: "http_request_duration_seconds",
      help: "HTTP request latency, by route template and status",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    deliveries: new client.Counter({
      name: "outbox_deliveries_total",
      help: "Outbox delivery attempts, by kind (email, webhook) and outcome",
      labelNames: ["kind", "outcome"],
      registers: [registry],
    }),
    rateLimited: new client.Counter({
      name: "rate_limit_refusals_total",
      help: "Requests refused by a rate limit, by limit",
      labelNames: ["limit"],
      registers: [registry],
    }),
    setCollector(collect) {
      collector = collect;
    },
  };
}

export function metrics(): Metrics {
  const g = globalThis as Holder;
  g[KEY] ??= create();
  return g[KEY];
}

const MAX_ROUTES = 200;
const seen = new Set<string>();

/**
 * A request path as a route template for a label: ids, UUIDs and tokens become `:id`, build
 * assets one wildcard, and past MAX_ROUTES distinct templates the rest are "other".
 */
export function routeTemplate(url: string): string {
  const pathOnly = url.split("?")[0] ?? "/";
  if (pathOnly.startsWith("/_next/")) return "/_next/*";
  const template =
    pathOnly
      .split("/")
      .map((seg) =>
        /^\d+$/.test(seg) || /^[0-9a-f-]{16,}$/i.test(seg) || seg.length > 40 ? ":id" : seg,
      )
      .join("/") || "/";
  if (seen.has(template)) return template;
  if (seen.size >= MAX_ROUTES) return "other";
  seen.add(template);
  return template;
}
