import { randomUUID } from "node:crypto";
import http from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import next from "next";
import { clock } from "@/lib/api-v2/clock";
import { seedDemo } from "@/lib/api-v2/demo/seed-demo";
import { Dispatcher } from "@/lib/api-v2/events/dispatcher";
import { warmDecoy } from "@/lib/api-v2/invitations/password";
import { markUnfilled } from "@/lib/api-v2/jobs/mark-unfilled";
import { liveHubOf } from "@/lib/api-v2/messages/stream";
import { sealClearPersonalData } from "@/lib/api-v2/users/personal-data";
import { type Database, openDatabase, optionsFromEnv, setDatabase } from "@/lib/db/client";
import { asRequest } from "@/lib/db/engine-queue";
import { FolderLockedError } from "@/lib/db/folder-lock";
import { demoCredentialsPath, loadDemoCredentials, saveDemoCredentials } from "@/lib/demo-keys";
import { argv, ConfigError, env } from "@/lib/env";
import { log } from "@/lib/log";
import { hostAllowed, hostRulesOf } from "@/lib/net/allowed-hosts";
import { registerEmbeddedApi } from "@/lib/net/embedded-api";
import { proxyTrustOf } from "@/lib/net/forwarded";
import { isLoopbackAddress } from "@/lib/net/loopback";
import { openChannel } from "@/lib/operator/channel";
import { observeRequest } from "./access-log";
import { analyzeChangedTables } from "./analyze-embedded";
import { apiDispatcher, type RouteEntry } from "./api-router";
import { foldJobRequestCounts } from "./fold-counts";
import { createOps, OPS_PATHS } from "./ops";
import { purgeExpired } from "./purge";
import { embeddedApiOf, trustOnlyOurHeaders } from "./request-trust";
import { applySecurityHeaders, tileOriginOf } from "./security-headers";
import { staticAssets } from "./static-assets";

/**
 * The server (`npm start` builds it if needed, then runs it on plain node): open the database (migrations run on open), seed the demo on
 * an empty database, then serve Next on PORT. Our own HTTP server sits in front of Next so
 * that the client address and scheme handlers see come from the socket (or a trusted proxy),
 * never from headers a client made up, and so that SIGTERM drains requests and releases the
 * database and its folder lock.
 */
async function main() {
  const dev = argv().includes("--dev");
  const e = env();
  const dir = process.cwd();
  // Checked before anything slow: a wrong list stops the start with the variable's name.
  const trust = proxyTrustOf(e);
  const hosts = hostRulesOf(e);

  const options = optionsFromEnv();
  let database: Database;
  try {
    database = await openDatabase(options);
  } catch (err) {
    if (err instanceof FolderLockedError) fail(err.message);
    throw err;
  }
  setDatabase(database);
  // The embedded database is this process's alone: `npm run operator` beside it asks this
  // server to run its commands (lib/operator/channel.ts).
  const channel =
    options.kind === "embedded" && options.dataDir
      ? await openChannel(database, options.dataDir)
      : null;
  await sealClearPersonalData(database.db); // SSNs and dates of birth written before sealing
  await warmDecoy(); // the first unknown e-mail at sign-in costs what a wrong password does

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
  // And what can never count again is purged, a bounded batch at a time (lib/server/purge.ts);
  // the job request counts other connections wrote are folded together (fold-counts.ts); and
  // the embedded engine, which has no autovacuum, analyzes the tables that changed
  // (analyze-embedded.ts), once now (a seed, an import while it was stopped) and then each time.
  const failed = (what: string) => (err: unknown) =>
    log.error(`${what} failed`, { err: err instanceof Error ? err.message : String(err) });
  const analyze = () => {
    if (database.kind !== "embedded") return;
    analyzeChangedTables(database.db)
      .then((tables) => {
        if (tables.length > 0) log.info("planner statistics refreshed", { tables });
      })
      .catch(failed("analyze"));
  };
  analyze();
  const sweep = setInterval(() => {
    markUnfilled(database.db, clock.now()).catch(failed("unfilled sweep"));
    purgeExpired(database.db, clock.now()).catch(failed("purge"));
    foldJobRequestCounts(database.db).catch(failed("count fold"));
    analyze();
  }, 60_000);
  sweep.unref();

  // The API and the portal's /api routes without Next, from the production bundle's route table
  // (lib/server/api-router.ts); under `npm run dev` there is none and Next serves them (with its
  // reloading). Next still serves the pages.
  const routes = dev ? null : routesOfBundle();
  const api = routes ? apiDispatcher(routes) : null;
  // The portal calls the embedded API in this process, not over a loopback socket.
  registerEmbeddedApi(api ? embeddedApiOf(api, trust) : null);
  // The build's scripts and styles, compressed once at build time (./static-assets.ts).
  const assets = dev ? null : staticAssets(dir);
  const app = next({ dev, dir, hostname: e.HOST, port: e.PORT });
  const handle = app.getRequestHandler();
  await app.prepare();

  const ops = createOps(database, {
    token: e.OPS_TOKEN,
    maxLagSeconds: e.READY_OUTBOX_LAG_SECONDS,
  });
  const sockets = new Set<Socket>();
  const security = { dev, tileOrigin: tileOriginOf(e.MAP_TILE_URL) };
  // A missing Host is answered below in the one error shape, not with Node's bare 400.
  const server = http.createServer({ requireHostHeader: false }, (req, res) =>
    // On the embedded engine each request's statements are queued as its own (lib/db/engine-queue.ts).
    database.kind === "embedded" ? asRequest(() => serve(req, res)) : serve(req, res),
  );
  const serve = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (malformedPath(req.url ?? "/")) return refuseMalformedPath(res);
    const host = trustOnlyOurHeaders(req, trust);
    applySecurityHeaders(req, res, security);
    observeRequest(req, res);
    // Health, readiness and metrics come first: a load balancer or scraper may name this
    // instance by its address, which ALLOWED_HOSTS need not list.
    if (OPS_PATHS.has((req.url ?? "/").split("?")[0] ?? "/"))
      return void ops.handle(req, res, isLoopbackAddress(req.socket.remoteAddress));
    if (!host) return refuse(res, 400, "malformed_request", "The request names no host (Host)");
    if (!hostAllowed(host, hosts)) return refuseHost(res);
    if (api?.node(req, res, `http://${host}`)) return;
    if (assets?.serve(req, res, () => void handle(req, res))) return;
    void handle(req, res);
  };
  // What Node refuses before there is a request (a broken request line, headers over 16 KiB, a
  // client too slow to send them) it would answer in bare text: answered here in the one shape.
  server.on("clientError", (err: NodeJS.ErrnoException, socket: Duplex) =>
    answerClientError(err, socket),
  );
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
    ops.setStopping();
    // Stop accepting, let in-flight requests finish (10 s at most), then close the database.
    server.close();
    // Live message streams never finish by themselves: close them now; their clients reconnect
    // to another instance (EventSource retries).
    liveHubOf(database).endAll();
    // A keep-alive connection would otherwise stay open after its last answer until the
    // deadline: answers not yet begun say "Connection: close", and idle connections are closed
    // as soon as they are idle. "Idle" is Node's own judgement, from the request side: between
    // request messages, with no answer still being written. Judging it from the response side
    // (no response attached) destroyed connections whose next request had begun to arrive, or
    // whose request body was still arriving after an early answer; closing a socket with unread
    // bytes resets it, and a reset can discard an answer the client has not read yet (seen once
    // in CI as a written invite whose answer the client lost: "terminated").
    const closeIdle = () => {
      for (const s of sockets) {
        const res = (s as Socket & { _httpMessage?: http.ServerResponse | null })._httpMessage;
        if (res && !res.headersSent) res.shouldKeepAlive = false;
      }
      server.closeIdleConnections();
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
    await channel?.close().catch(() => undefined);
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
  refuse(res, 400, "malformed_request", "The request path is not valid percent-encoded UTF-8");
}

function refuse(res: http.ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "x-request-id": randomUUID(),
  });
  res.end(JSON.stringify({ error: { code, message } }));
}

/**
 * A Host this server was not told to answer for: 421 Misdirected Request. The name is not
 * echoed; the operator finds ALLOWED_HOSTS in the message and in docs/security.md.
 */
function refuseHost(res: http.ServerResponse) {
  refuse(
    res,
    421,
    "host_not_allowed",
    "This server does not answer for that host name (see ALLOWED_HOSTS and PUBLIC_URL)",
  );
}

const CLIENT_ERRORS: Record<string, [number, string, string, string]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    "Request Header Fields Too Large",
    "headers_too_large",
    "The request's headers are too large",
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [
    408,
    "Request Timeout",
    "request_timeout",
    "The request was not received in time",
  ],
};

/** Writes a whole HTTP answer on the raw socket and closes it; nothing if the peer is gone. */
function answerClientError(err: NodeJS.ErrnoException, socket: Duplex) {
  const busy = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })
    ._httpMessage;
  if (err.code === "ECONNRESET" || !socket.writable || busy?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, reason, code, message] = CLIENT_ERRORS[err.code ?? ""] ?? [
    400,
    "Bad Request",
    "malformed_request",
    "The request is not valid HTTP",
  ];
  const body = JSON.stringify({ error: { code, message } });
  socket.end(
    [
      `HTTP/1.1 ${status} ${reason}`,
      "Content-Type: application/json; charset=utf-8",
      `Content-Length: ${Buffer.byteLength(body)}`,
      "Cache-Control: no-store",
      "X-Content-Type-Options: nosniff",
      `X-Request-Id: ${randomUUID()}`,
      "Connection: close",
      "",
      body,
    ].join("\r\n"),
  );
}

function banner({ url, database, seeded }: { url: string; database: Database; seeded: boolean }) {
  const e = env();
  const keys = loadDemoCredentials();
  const lines = [
    "",
    `  Employer portal and API v2 are running at ${url}`,
    `  Portal: ${url}/sign-in  (choose "Try the demo" to open the demo company)`,
    `  API:  ${url}/api_v2/info   ·   Docs: ${url}/docs   ·   OpenAPI: ${url}/api_v2/openapi.json`,
    `  Database: ${database.kind === "embedded" ? `embedded (PGlite) in ${e.DATA_DIR}` : `PostgreSQL (DATABASE_URL${e.DATABASE_POOLER === "transaction" ? ", through a transaction-mode pooler" : ""})`}   ·   Environment: ${e.API_ENVIRONMENT}`,
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
    // The team signs in with e-mail and password; passwords follow the secret keys' rule.
    for (const p of keys.people) {
      const who = `    ${p.name} (${p.role})`.padEnd(36);
      lines.push(
        process.stdout.isTTY
          ? `${who}email=${p.email}  password=${p.password}`
          : `${who}email=${p.email}  (password in the same file)`,
      );
    }
  }
  lines.push("");
  process.stdout.write(`${lines.join("\n")}\n`);
}

/**
 * The bundle's table of the API's and the portal's route files; null when not running from the
 * bundle.
 */
function routesOfBundle(): RouteEntry[] | null {
  try {
    return (require("virtual:server-routes") as { routes: RouteEntry[] }).routes;
  } catch (err) {
    // Only "there is no such module" (tsx); a route file that fails to load is a real error.
    if ((err as NodeJS.ErrnoException).code === "MODULE_NOT_FOUND") return null;
    throw err;
  }
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
