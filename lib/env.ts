import { z } from "zod";

/**
 * The one place configuration is read. Everything else imports `env()`.
 * A bad value stops the start with a message naming the variable and why.
 */
const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  /** Folder of the embedded database (PGlite). Ignored when DATABASE_URL is set. */
  DATA_DIR: z.string().min(1).default("./data"),
  /** postgres://… switches storage from the embedded database to a PostgreSQL server. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  /** How long a request waits for a PostgreSQL connection before it is answered 503. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * `transaction`: DATABASE_URL is a transaction-mode pooler (PgBouncer): statements are sent
   * unnamed, and what needs a session of its own (LISTEN, migrations) goes to
   * DATABASE_DIRECT_URL. See docs/pooler.md.
   */
  DATABASE_POOLER: z.enum(["none", "transaction"]).default("none"),
  /** The PostgreSQL server itself, past any pooler: LISTEN and migrations. Unset: DATABASE_URL. */
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  /** The environment this deployment serves: test keys (pk_test_…) or live keys (pk_live_…). */
  API_ENVIRONMENT: z.enum(["test", "live"]).default("test"),
  TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(86_400),
  INVITE_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** Accept plain HTTP from loopback clients (the local/demo default). */
  ALLOW_HTTP_LOOPBACK: bool.default(true),
  /**
   * Behind a reverse proxy: take the client's address, scheme and host from X-Forwarded-For /
   * -Proto / -Host as the trusted proxies wrote them (the right-most untrusted address, never a
   * value the client put on the left). True alone trusts one proxy.
   */
  TRUST_PROXY: bool.default(false),
  /** With TRUST_PROXY: how many proxies stand in front of the app (default 1). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(20).optional(),
  /**
   * With TRUST_PROXY, instead of a count: the proxies' addresses, comma-separated IPs or CIDRs
   * (10.0.0.0/8, fd00::/8) and the words loopback and private. A hop is trusted when it is listed.
   */
  TRUSTED_PROXIES: z.string().optional(),
  AUTH_RATE_LIMIT_PER_KEY: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(120),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  /**
   * Failed portal sign-ins allowed per browser address and per API key in each window; over
   * either, 429 with Retry-After. Counted in the database, so it holds across instances.
   */
  PORTAL_SIGNIN_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  PORTAL_SIGNIN_LIMIT_PER_KEY: z.coerce.number().int().min(1).default(10),
  PORTAL_SIGNIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(300),
  /**
   * Invitation accepts (POST /api_v2/invitations/accept) allowed per client address, and per
   * live invitation, in each window; over either, 429 with Retry-After. Only an accept of a live
   * invitation hashes a password (scrypt, about 100 ms of CPU and 32 MiB), and it counts against
   * both; an unknown, used or expired link costs one lookup.
   */
  INVITATION_ACCEPT_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  INVITATION_ACCEPT_LIMIT_PER_INVITATION: z.coerce.number().int().min(1).default(5),
  INVITATION_ACCEPT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(300),
  /**
   * Failed e-mail and password sign-ins (POST /api_v2/authenticate, our addition) allowed per
   * account in each window; over it, 429 with Retry-After. A success gives its attempt back. Per
   * client address, password and key sign-ins share AUTH_RATE_LIMIT_PER_ADDRESS.
   */
  PASSWORD_SIGNIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  PASSWORD_SIGNIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(300),
  /**
   * Password reset requests (POST /api_v2/password_resets) and confirmations allowed per client
   * address, and reset requests per account (e-mail address), in each window; over either, 429.
   */
  PASSWORD_RESET_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  PASSWORD_RESET_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(3),
  PASSWORD_RESET_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3_600),
  /** Seed the demo company, keys and workers into an empty database at start. */
  SEED_DEMO: bool.default(true),
  DEMO_WORKER_COUNT: z.coerce.number().int().min(0).max(200_000).default(300),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** Append log lines to this file instead of writing them to stdout/stderr (the test suite's capture). */
  LOG_FILE: z.string().min(1).optional(),
  RELEASE_VERSION: z.string().default("0.1.0"),
  /**
   * Seals the portal's session cookie (32+ characters). Unset: a random one is generated once
   * and kept in DATA_DIR, so `npm start` needs no setup. Several instances must share it.
   */
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Where test / live keys are sent; unset = this app's own embedded API. https only, except loopback. */
  API_BASE_URL_TEST: z.url().optional(),
  API_BASE_URL_LIVE: z.url().optional(),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /**
   * A tile server for the portal's maps ({z}/{x}/{y} placeholders). Unset: none; the maps draw
   * their own offline base map (land, countries, US states) and ask no other host for anything.
   */
  MAP_TILE_URL: z
    .string()
    .refine((v) => v === "" || ["{z}", "{x}", "{y}"].every((p) => v.includes(p)), {
      message: "must contain {z}, {x} and {y}",
    })
    .default(""),
  /**
   * Where links in e-mails point (the invitation's accept page). Unset: http://localhost:PORT.
   */
  PUBLIC_URL: z.url().optional(),
  /**
   * More origins (scheme://host[:port], comma-separated) the portal's pages are served from.
   * Portal writes must carry one of these, PUBLIC_URL's, or the request's own origin as Origin.
   */
  PUBLIC_ORIGINS: z.string().optional(),
  /**
   * Host names this server answers for, besides loopback, HOST, PUBLIC_URL's and
   * PUBLIC_ORIGINS' (comma-separated; .example.com for its subdomains; * for any). Any other
   * Host is refused with 421 (DNS rebinding).
   */
  ALLOWED_HOSTS: z.string().optional(),
  /** smtp(s)://user:pass@host:port: invitation e-mails go out by SMTP. Unset: kept in the database for the demo outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Employer Portal <no-reply@employer-portal.local>"),
  /**
   * Seals the API secret keys that sign webhooks (32+ characters). Unset: generated once and
   * kept in DATA_DIR, like SESSION_SECRET. Several instances must share it.
   */
  DATA_ENCRYPTION_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  /**
   * Opens /readyz and /metrics to callers that are not on this machine, with
   * `Authorization: Bearer <OPS_TOKEN>` (32+ characters). Unset: loopback callers only.
   */
  OPS_TOKEN: z.string().min(32, "must be at least 32 characters").optional(),
  /** /readyz answers 503 when a due delivery has waited longer than this (seconds). */
  READY_OUTBOX_LAG_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** Run the outbox dispatcher inside the server (off: run `operator outbox run` instead). */
  OUTBOX_DISPATCHER: bool.default(true),
  /** How often an idle dispatcher looks for due rows (writes in this process wake it at once). */
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
  /** Retries after the first attempt. Webhooks: three, after 60, 120 and 240 s, as the real service. */
  WEBHOOK_RETRIES: z.coerce.number().int().min(0).max(20).default(3),
  MAIL_RETRIES: z.coerce.number().int().min(0).max(30).default(10),
  /** First retry delay; each further retry doubles it (plus up to 10 % jitter), capped at 6 h. */
  OUTBOX_RETRY_SECONDS: z.coerce.number().min(0.001).max(86_400).default(60),
  /** How long a dispatcher owns the rows it claimed; a crashed one's rows are retried after it. */
  OUTBOX_LEASE_SECONDS: z.coerce.number().min(0.1).max(3_600).default(60),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * Webhooks may reach this machine (127.0.0.0/8, ::1, localhost). Unset: only on a local demo,
   * i.e. the embedded database (no DATABASE_URL), HOST a loopback address and no TRUST_PROXY.
   * Link-local and cloud metadata addresses are never reached, whatever is set.
   */
  WEBHOOK_ALLOW_LOOPBACK: bool.optional(),
  /** Webhooks may reach private networks (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7). */
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  /**
   * Resolve webhook hosts with this DNS server (`ip` or `ip:port`, `[ipv6]:port`) instead of the
   * system's resolver (the test suite's local DNS stub).
   */
  WEBHOOK_DNS_SERVER: z
    .string()
    .regex(
      /^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-fA-F:]+\](:\d{1,5})?|[0-9a-fA-F:]+)$/,
      "must be an IP address, optionally with :port",
    )
    .optional(),
  /** Tests only: a PostgreSQL server where the API suite also runs (a database per test file). */
  TEST_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  /** Set by CI services (any value but false/0): a test that cannot run here fails instead of skipping. */
  CI: z
    .string()
    .optional()
    .transform((v) => v !== undefined && v !== "false" && v !== "0"),
  /**
   * Tests only: which engine this test project runs on (pooler: TEST_DATABASE_URL's server
   * behind a PgBouncer in transaction mode that the test starts).
   */
  DB_UNDER_TEST: z.enum(["embedded", "postgresql", "pooler"]).default("embedded"),
});

/** What no one variable can say alone. */
const checkedEnvSchema = envSchema.superRefine((e, ctx) => {
  // Through a transaction-mode pooler, LISTEN would hold no session: the live streams would
  // hear nothing, silently.
  if (e.DATABASE_URL && e.DATABASE_POOLER === "transaction" && !e.DATABASE_DIRECT_URL) {
    ctx.addIssue({
      code: "custom",
      path: ["DATABASE_DIRECT_URL"],
      message:
        "required with DATABASE_POOLER=transaction: the server itself, past the pooler, for LISTEN and migrations",
    });
  }
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function env(): Env {
  if (cached) return cached;
  // `FOO=` in a shell or an .env file means "not set": let the default apply.
  const given = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== ""));
  const parsed = checkedEnvSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  cached = parsed.data;
  return cached;
}

/** For tests and the operator command: apply overrides on top of process.env and re-read. */
export function resetEnv(overrides: Record<string, string | undefined> = {}): Env {
  for (const [k, v] of Object.entries(overrides)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  cached = undefined;
  return env();
}

/** Set a variable only when the environment does not already choose it. */
export function defaultEnv(name: string, value: string): void {
  process.env[name] ??= value;
  cached = undefined;
}

/** The whole environment, for handing on to a child process (tests that start the server). */
export function inheritedEnv(): NodeJS.ProcessEnv {
  return { ...process.env };
}

/** Command-line arguments are configuration too; exposed here so nothing else reads process. */
export function argv(): string[] {
  return process.argv.slice(2);
}
