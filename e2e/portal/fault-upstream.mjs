// A fault-injecting stand-in for the portal's upstream, for upstream-faults.spec.ts: it sits where
// API_BASE_URL_LIVE points and, by rules you switch at run time, answers normally (by handing the
// request to a delegate, e.g. the fake real service), slowly, not at all, or with garbage. It
// counts every request by method and path, so a test can tell whether the portal retried.
//
// Rules are tried in order; the first whose method and path match applies, and a request that
// matches none is answered normally. A rule:
//   { method?: "GET", path?: "/api_v2/users/*",        (`*` is one path segment, `**` anything)
//     mode: "ok" | "slow" | "reset" | "garbage" | "flaky",
//     delayMs?: 4000,                                  (slow: then answers normally, if still asked)
//     at?: "start" | "mid",                            (reset: before any byte, or inside the body)
//     kind?: "html" | "truncated" | "wrong-shape" | "empty" | "proxy-502",   (garbage)
//     failures?: 1, failWith?: "503" | "reset" }       (flaky: the first N matching requests fail)
// "Down" (connection refused) is not a rule: down() stops listening and drops every open
// connection (keep-alive ones too), up() listens again on the same port.
//
// In the test it is driven in-process (setRules, reset, count, down, up). Run alone it is also
// driven over HTTP while it listens: POST /__fault {"rules": [...]} or one rule {"mode": …},
// GET /__fault (rules and counts), POST /__fault/reset. Control calls are not counted.
//   node e2e/portal/fault-upstream.mjs   (port FAULT_PORT, default 3498; the fake real service
//   answers whatever no rule breaks)
import http from "node:http";
import { fileURLToPath } from "node:url";
import { createFakeRealService } from "./fake-real-service.mjs";

const MODES = new Set(["ok", "slow", "reset", "garbage", "flaky"]);
const GARBAGE = new Set(["html", "truncated", "wrong-shape", "empty", "proxy-502"]);

/** `/api_v2/users/*` → a RegExp over the path (no query); `*` one segment, `**` anything. */
function pathPattern(glob) {
  const source = glob
    .split("**")
    .map((part) =>
      part
        .split("*")
        .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
        .join("[^/]+"),
    )
    .join(".*");
  return new RegExp(`^${source}/?$`);
}

function checkRule(rule) {
  if (!rule || typeof rule !== "object" || !MODES.has(rule.mode))
    throw new Error(`a fault rule needs a mode (${[...MODES].join(", ")})`);
  if (rule.mode === "garbage" && !GARBAGE.has(rule.kind ?? "html"))
    throw new Error(`garbage kind must be one of ${[...GARBAGE].join(", ")}`);
  return {
    ...rule,
    method: rule.method?.toUpperCase(),
    test: rule.path ? pathPattern(rule.path) : null,
    failed: 0,
  };
}

/** What a confused upstream or a proxy in front of it sends back with a 200 (or a 502). */
function sendGarbage(res, kind) {
  const reply = (status, type, body) => {
    res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body) });
    res.end(body);
  };
  switch (kind) {
    case "truncated":
      // A whole response whose JSON stops halfway: an upstream that crashed while writing.
      return reply(200, "application/json; charset=utf-8", '{"users":[{"id":880101,"first_na');
    case "wrong-shape":
      // Valid JSON, but nothing like a user, a list or a token.
      return reply(200, "application/json; charset=utf-8", '{"status":"ok","data":"maintenance"}');
    case "empty":
      return reply(200, "application/json; charset=utf-8", "");
    case "proxy-502":
      return reply(
        502,
        "text/html",
        "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.25.3</center>\r\n</body>\r\n</html>\r\n",
      );
    default:
      // A captive portal or a misrouted host: a friendly HTML page, with 200.
      return reply(
        200,
        "text/html; charset=utf-8",
        "<!DOCTYPE html><html><head><title>Welcome to nginx!</title></head><body><h1>Welcome to nginx!</h1><p>If you see this page, the nginx web server is successfully installed.</p></body></html>",
      );
  }
}

/** Drops the connection: before any byte ("start"), or after the headers and half a body. */
function sendReset(req, res, at) {
  if (at === "mid") {
    res.writeHead(200, {
      "content-type": "application/json; charset=utf-8",
      "content-length": "4096",
    });
    res.write('{"users":[{"id":880101,"first_name":"Maria",');
    setTimeout(() => res.socket?.destroy(), 20);
    return;
  }
  req.socket.destroy();
}

/**
 * @param {{ delegate?: (req: http.IncomingMessage, res: http.ServerResponse) => void }} opts
 *   delegate answers whatever no rule breaks (default: a fresh fake real service).
 */
export function createFaultUpstream({ delegate } = {}) {
  const answer = delegate ?? createFakeRealService().listeners("request")[0]?.bind(null);
  if (typeof answer !== "function") throw new Error("no delegate to answer normal requests");
  let rules = [];
  /** "GET /api_v2/users" → how many arrived. */
  const counts = new Map();
  const sockets = new Set();
  let port = 0;
  let listening = false;

  const readJson = async (req) => {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const text = Buffer.concat(chunks).toString("utf8");
    return text ? JSON.parse(text) : {};
  };
  const json = (res, status, body) => {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
    res.end(JSON.stringify(body));
  };

  async function control(req, res, pathname) {
    try {
      if (req.method === "GET" && pathname === "/__fault")
        return json(res, 200, { rules: rules.map(({ test, ...r }) => r), counts: countsObject() });
      if (req.method === "POST" && pathname === "/__fault/reset") {
        api.reset();
        return json(res, 200, { rules: [] });
      }
      if (req.method === "POST" && pathname === "/__fault") {
        const body = await readJson(req);
        api.setRules(Array.isArray(body.rules) ? body.rules : [body]);
        return json(res, 200, { rules: rules.length });
      }
      return json(res, 404, { error: "unknown control call" });
    } catch (err) {
      return json(res, 400, { error: err instanceof Error ? err.message : String(err) });
    }
  }

  const countsObject = () => Object.fromEntries(counts);

  function handle(req, res) {
    const url = new URL(req.url ?? "/", "http://fault.invalid");
    const pathname = url.pathname;
    if (pathname === "/__fault" || pathname.startsWith("/__fault/"))
      return void control(req, res, pathname);
    const key = `${req.method} ${pathname}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const rule = rules.find(
      (r) => (!r.method || r.method === req.method) && (!r.test || r.test.test(pathname)),
    );
    switch (rule?.mode) {
      case "slow": {
        const timer = setTimeout(() => {
          if (!res.destroyed && !req.socket.destroyed) answer(req, res);
        }, rule.delayMs ?? 10_000);
        res.once("close", () => clearTimeout(timer));
        return;
      }
      case "reset":
        return sendReset(req, res, rule.at ?? "start");
      case "garbage":
        return sendGarbage(res, rule.kind ?? "html");
      case "flaky":
        if (rule.failed < (rule.failures ?? 1)) {
          rule.failed += 1;
          if (rule.failWith === "reset") return sendReset(req, res, "start");
          return json(res, 503, { errors: ["Service temporarily unavailable"] });
        }
        return answer(req, res);
      default:
        return answer(req, res);
    }
  }

  const server = http.createServer(handle);
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });

  const listen = (p) =>
    new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(p, "127.0.0.1", () => {
        server.off("error", reject);
        listening = true;
        port = server.address().port;
        resolve();
      });
    });

  const api = {
    /** Listens on 127.0.0.1 (port 0: any free one). */
    async start(p = 0) {
      await listen(p);
      return api;
    },
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    /** Replaces the rules (and the flaky counters with them). */
    setRules(list) {
      rules = list.map(checkRule);
    },
    /** No rules, no counts, listening again: everything answers normally. */
    async reset() {
      rules = [];
      counts.clear();
      if (!listening) await api.up();
    },
    clearCounts() {
      counts.clear();
    },
    /** Requests that arrived for `method` and `path` (a glob as in rules; counts summed). */
    count(method, path) {
      const test = pathPattern(path);
      let n = 0;
      for (const [key, c] of counts) {
        const [m, p] = key.split(" ");
        if (m === method.toUpperCase() && test.test(p)) n += c;
      }
      return n;
    },
    counts: countsObject,
    /** Connection refused from now on: stop listening and drop every open connection. */
    async down() {
      if (!listening) return;
      listening = false;
      const closed = new Promise((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
    /** Listening again, on the same port. */
    async up() {
      if (listening) return;
      await listen(port);
    },
    async close() {
      await api.down();
    },
  };
  return api;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const fault = await createFaultUpstream().start(Number(process.env.FAULT_PORT || 3498));
  process.stderr.write(`fault-injecting upstream on ${fault.url}/api_v2 (control: /__fault)\n`);
}
