import { randomUUID } from "node:crypto";
import http from "node:http";
import type { Socket } from "node:net";
import next from "next";
import { clock } from "@/lib/api-v2/clock";
import { seedDemo } from "@/lib/api-v2/demo/seed-demo";
import { Dispatcher } from "@/lib/api-v2/events/dispatcher";
import { markUnfilled } from "@/lib/api-v2/jobs/mark-unfilled";
import { type Database, openDatabase, optionsFromEnv, setDatabase } from "@/lib/db/client";
import { FolderLockedError } from "@/lib/db/folder-lock";
import { demoCredentialsPath, loadDemoCredentials, saveDemoCredentials } from "@/lib/demo-keys";
import { argv, ConfigError, env } from "@/lib/env";
import { log } from "@/lib/log";
import { CLIENT_IP_HEADER, PROTO_HEADER } from "@/lib/net/trusted-headers";
import { pagePathOf, REQUEST_PATH_HEADER } from "@/lib/portal/server/request-path";
import { logRequest } from "./access-log";
import { ensureBuild } from "./ensure-build";
import { applySecurityHeaders, tileOriginOf } from "./security-headers";

/**
 * `npm start`: build if needed, open the database (migrations run on open), seed the demo on
 * an empty database, then serve Next on PORT. Our own HTTP server sits in front of Next so
 * that the client address and scheme handlers see come from the socket (or a trusted proxy),
 * never from headers a client made up, and so that SIGTERM drains requests and releases the
 * database and its folder lock.
 */
async function main() {
  const dev = argv().includes("--dev");
  const e = env();
  const dir = process.cwd();
  if (!dev) ensureBuild(dir);

  let database: Database;
  try {
    database = await openDatabase(optionsFromEnv());
  } catch (err) {
    if (err instanceof FolderLockedError) fail(err.message);
    throw err;
  }
  setDatabase(database);

  let seeded = false;
  if (e.SEED_DEMO) {
    const keys = await seedDemo(database.db, {
      now: clock.now(),
      workerCount: e.DEMO_WORKER_COUNT,
      environment: e.API_ENVIRONMENT,
    });
    if (keys) {
      saveDemoCredentials(keys);
      seeded = true;
    }
  }

  // Delivers invitation e-mails and webhooks from the outbox. Safe beside dispatchers of other
  // instances on the same PostgreSQL database; OUTBOX_DISPATCHER=false leaves it to them.
  const dispatcher = e.OUTBOX_DISPATCHER ? new Dispatcher({ db: database.db }) : null;
  dispatcher?.start();
  // Time moves job requests too: a posting whose start passed with no one hired is unfilled.
  const sweep = setInterval(() => {
    markUnfilled(database.db, clock.now()).catch((err: unknown) =>
      log.error("unfilled sweep failed", { err: err instanceof Error ? err.message : String(err) }),
    );
  }, 60_000);
  sweep.unref();

  const app = next({ dev, dir, hostname: e.HOST, port: e.PORT });
  const handle = app.getRequestHandler();
  await app.prepare();

  const sockets = new Set<Socket>();
  const security = { dev, tileOrigin: tileOriginOf(e.MAP_TILE_URL) };
  const server = http.createServer((req, res) => {
    if (malformedPath(req.url ?? "/")) return refuseMalformedPath(res);
    trustOnlyOurHeaders(req, e.TRUST_PROXY);
    applySecurityHeaders(req, res, security);
    logRequest(req, res);
    void handle(req, res);
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(e.PORT, e.HOST, resolve);
  });

  banner({
    url: `http://${e.HOST === "0.0.0.0" ? "localhost" : e.HOST}:${e.PORT}`,
    database,
    seeded,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("shutting down", { signal });
    // Stop accepting, let in-flight requests finish (10 s at most), then close the database.
    server.close();
    // A keep-alive connection would otherwise stay open after its last answer until the
    // deadline: in-flight answers say "Connection: close", and idle connections are closed as
    // soon as they are idle.
    const closeIdle = () => {
      for (const s of sockets) {
        const res = (s as Socket & { _httpMessage?: http.ServerResponse | null })._httpMessage;
        if (res) res.shouldKeepAlive = false;
        else s.destroy();
      }
    };
    const deadline = setTimeout(() => {
      for (const s of sockets) s.destroy();
    }, 10_000);
    await new Promise<void>((resolve) => {
      const check = () => {
        closeIdle();
        if (sockets.size === 0) resolve();
        else setTimeout(check, 50);
      };
      check();
    });
    clearTimeout(deadline);
    // The batch in hand finishes (each call has its timeout); what is left is delivered later.
    clearInterval(sweep);
    await dispatcher?.stop().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

/**
 * A path whose percent-escapes do not decode ("/api_v2/users/%2", "/workers/%E0%A4%A"): Next
 * answers those on dynamic routes with a bare text 500 and logs nothing, so they are refused
 * here, in the one error shape the API and the portal share.
 */
function malformedPath(rawUrl: string): boolean {
  try {
    decodeURIComponent(rawUrl.split("?")[0] ?? "");
    return false;
  } catch {
    return true;
  }
}

function refuseMalformedPath(res: http.ServerResponse) {
  res.writeHead(400, {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "x-request-id": randomUUID(),
  });
  res.end(
    JSON.stringify({
      error: {
        code: "malformed_request",
        message: "The request path is not valid percent-encoded UTF-8",
      },
    }),
  );
}

/** Client address and scheme from the socket, or from X-Forwarded-* only behind a trusted proxy. */
function trustOnlyOurHeaders(req: http.IncomingMessage, trustProxy: boolean) {
  const h = req.headers;
  delete h[CLIENT_IP_HEADER];
  delete h[PROTO_HEADER];
  let ip = req.socket.remoteAddress ?? "";
  let proto = (req.socket as { encrypted?: boolean }).encrypted ? "https" : "http";
  if (trustProxy) {
    const fwdFor = String(h["x-forwarded-for"] ?? "")
      .split(",")[0]
      ?.trim();
    const fwdProto = String(h["x-forwarded-proto"] ?? "")
      .split(",")[0]
      ?.trim()
      .toLowerCase();
    if (fwdFor) ip = fwdFor;
    if (fwdProto === "https" || fwdProto === "http") proto = fwdProto;
  } else {
    // Next builds request URLs from these when present: a client must not choose them.
    delete h["x-forwarded-for"];
    delete h["x-forwarded-proto"];
    delete h["x-forwarded-host"];
    delete h["x-forwarded-port"];
  }
  h[CLIENT_IP_HEADER] = ip;
  h[PROTO_HEADER] = proto;
  h[REQUEST_PATH_HEADER] = pagePathOf(req.url ?? "/");
}

function banner({ url, database, seeded }: { url: string; database: Database; seeded: boolean }) {
  const e = env();
  const keys = loadDemoCredentials();
  const lines = [
    "",
    `  Employer portal and API v2 are running at ${url}`,
    `  Portal: ${url}/sign-in  (choose "Try the demo" to open the demo company)`,
    `  API:  ${url}/api_v2/info   ·   Docs: ${url}/docs   ·   OpenAPI: ${url}/api_v2/openapi.json`,
    `  Database: ${database.kind === "embedded" ? `embedded (PGlite) in ${e.DATA_DIR}` : "PostgreSQL (DATABASE_URL)"}   ·   Environment: ${e.API_ENVIRONMENT}`,
  ];
  if (keys) {
    lines.push("", `  Demo company "Demo Staffing Co"${seeded ? " (just seeded)" : ""}:`);
    // Secret keys are for the person at the terminal. When the output goes to a file or a log
    // collector (not a TTY), it names the file that holds them instead.
    if (process.stdout.isTTY) {
      lines.push(
        `    private pool  api_key=${keys.private.api_key}  secret_key=${keys.private.secret_key}`,
        `    public pool   api_key=${keys.public.api_key}  secret_key=${keys.public.secret_key}`,
      );
    } else {
      lines.push(
        `    private pool  api_key=${keys.private.api_key}`,
        `    public pool   api_key=${keys.public.api_key}`,
        `    secret keys: in ${demoCredentialsPath()} (not printed: this output is not a terminal)`,
      );
    }
  }
  lines.push("");
  process.stdout.write(`${lines.join("\n")}\n`);
}

function fail(message: string): never {
  process.stderr.write(`\n  Cannot start: ${message}\n\n`);
  process.exit(1);
}

main().catch((err) => {
  if (err instanceof ConfigError) fail(err.message);
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
