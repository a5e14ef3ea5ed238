import http from "node:http";
import net from "node:net";
import { sealData, unsealData } from "iron-session";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authenticate,
  buildOnce,
  demoKeys,
  type ServerProcess,
  startServer,
  tempDataDir,
} from "./support/server-process";

/**
 * Sessions that end, limits that count the right client, and trust only where configured, on
 * the production server as an operator runs it behind one reverse proxy (TRUST_PROXY with one
 * hop, a public name in PUBLIC_URL). This test plays the proxy: it connects from loopback and
 * writes X-Forwarded-For / -Proto / -Host the way a proxy appends them, so "the browser" can be
 * any address. Each case would have passed against the code before issue 14: sign-out left the
 * token valid for 24 h and the cookie replayable; all portal sign-ins counted against
 * 127.0.0.1 at the API; the left-most X-Forwarded-For was believed; any Host was answered.
 */

const SESSION_SECRET = "security-sessions-test-secret-0123456789abcdef";
const PUBLIC_HOST = "portal.example.com";
const ORIGIN = `https://${PUBLIC_HOST}`;
/** The portal's failed sign-ins allowed per browser address (its default). */
const PER_ADDRESS = 20;
/** Browsers signing in at once: more than the API's per-address limit (120) ever allowed. */
const BROWSERS = 150;

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string; body: any };

describe("sessions, client limits and proxy trust (production server behind one proxy)", () => {
  const dataDir = tempDataDir("sessions");
  let server: ServerProcess;

  /** A request as the proxy forwards it for `client`: its X-Forwarded-* appended, https. */
  const send = (
    method: string,
    path: string,
    opts: {
      client?: string;
      /** What the browser itself put in X-Forwarded-For (the proxy appends the client to it). */
      forgedFor?: string;
      host?: string;
      forwardedHost?: string;
      headers?: Record<string, string>;
      body?: string;
    } = {},
  ): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const forwardedFor = [opts.forgedFor, opts.client ?? "198.51.100.10"].filter(Boolean);
      const req = http.request(
        {
          host: "127.0.0.1",
          port: server.port,
          method,
          path,
          headers: {
            host: opts.host ?? `127.0.0.1:${server.port}`,
            "x-forwarded-for": forwardedFor.join(", "),
            "x-forwarded-proto": "https",
            "x-forwarded-host": opts.forwardedHost ?? PUBLIC_HOST,
            ...opts.headers,
            ...(opts.body !== undefined && { "content-length": Buffer.byteLength(opts.body) }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            let body: unknown;
            try {
              body = text ? JSON.parse(text) : null;
            } catch {
              body = undefined;
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
          });
        },
      );
      req.on("error", reject);
      req.end(opts.body);
    });

  const signIn = (keys: { api_key: string; secret_key: string } | { demo: true }, client: string) =>
    send("POST", "/api/session", {
      client,
      headers: { "content-type": "application/json", origin: ORIGIN },
      body: JSON.stringify(keys),
    });

  const cookieOf = (a: Answer) => {
    const set = ([] as string[]).concat(a.headers["set-cookie"] ?? []);
    const c = set.find((s) => s.startsWith("ep_session="));
    if (!c) throw new Error(`no session cookie: ${a.status} ${a.text}`);
    return c.split(";")[0]!;
  };

  type Sealed = { sid: string; token: string; expiresAt: string; environment: string };
  const unseal = (cookie: string) =>
    unsealData<Sealed>(decodeURIComponent(cookie.slice("ep_session=".length)), {
      password: SESSION_SECRET,
    });

  const wrongKeys = (n: number) => ({
    api_key: `pk_test_wrong${n}${"x".repeat(20)}`,
    secret_key: `sk_test_wrong${n}${"y".repeat(20)}`,
  });

  beforeAll(async () => {
    buildOnce();
    server = await startServer({
      dataDir,
      env: {
        TRUST_PROXY: "true",
        TRUST_PROXY_HOPS: "1",
        PUBLIC_URL: ORIGIN,
        SESSION_SECRET,
      },
    });
  });
  afterAll(async () => {
    await server?.kill("SIGTERM");
  });

  it("sign-out revokes the token and the session: a copied cookie or token replayed after it is refused", async () => {
    const cookie = cookieOf(await signIn({ demo: true }, "198.51.100.20"));
    const { sid, token } = await unseal(cookie);
    expect(sid).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const read = () =>
      send("GET", "/api/proxy/users?per=1", { client: "203.0.113.99", headers: { cookie } });
    expect((await read()).status).toBe(200);
    expect((await send("GET", `/api_v2/me?token=${token}`)).status).toBe(200);

    const out = await send("DELETE", "/api/session", {
      client: "198.51.100.20",
      headers: { cookie, origin: ORIGIN },
    });
    expect(out.status).toBe(204);

    // The copied cookie, from anywhere: the portal's routes, its pages, the session.
    const replay = await read();
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe("session_expired");
    expect((await send("GET", "/api/session", { headers: { cookie } })).status).toBe(401);
    const page = await send("GET", "/workers?q=ada", { headers: { cookie } });
    expect(page.status).toBe(307);
    // A cookie that opens no session any more: sign-in says the session ended (and no more).
    expect(page.headers.location).toBe("/sign-in?expired=1&next=%2Fworkers%3Fq%3Dada");
    // The copied token, straight at the API.
    const api = await send("GET", `/api_v2/me?token=${token}`);
    expect(api.status).toBe(401);
    expect(api.body.error.code).toBe("invalid_token");
  });

  it("refuses a signed-out session id even with a valid token inside (an upstream that cannot revoke tokens)", async () => {
    const cookie = cookieOf(await signIn({ demo: true }, "198.51.100.21"));
    const data = await unseal(cookie);
    await send("DELETE", "/api/session", { headers: { cookie, origin: ORIGIN } });
    // The same session id around a token the API still honours, sealed as the portal would.
    const fresh = await authenticate(server.base, dataDir);
    const forged = `ep_session=${await sealData({ ...data, token: fresh }, { password: SESSION_SECRET, ttl: 86_400 })}`;
    expect((await send("GET", `/api_v2/me?token=${fresh}`)).status).toBe(200);
    const replay = await send("GET", "/api/proxy/users?per=1", { headers: { cookie: forged } });
    expect(replay.status).toBe(401);
    // A new sign-in is a new session id, and works.
    const again = cookieOf(await signIn({ demo: true }, "198.51.100.21"));
    expect((await unseal(again)).sid).not.toBe(data.sid);
    expect(
      (await send("GET", "/api/proxy/users?per=1", { headers: { cookie: again } })).status,
    ).toBe(200);
  });

  it("uses only the session's token: a ?token= from the browser neither overrides it nor signs the user out", async () => {
    const cookie = cookieOf(await signIn({ demo: true }, "198.51.100.22"));
    const junk = await send("GET", "/api/proxy/users?per=1&token=junk", { headers: { cookie } });
    expect(junk.status, junk.text).toBe(200);
    expect(junk.body.users).toHaveLength(1);
    expect((await send("GET", "/api/session", { headers: { cookie } })).status).toBe(200);
  });

  it(`counts sign-ins per browser: ${BROWSERS} browsers failing once each lock nobody out`, async () => {
    const answers: Answer[] = [];
    for (let start = 0; start < BROWSERS; start += 10) {
      const batch = Array.from({ length: Math.min(10, BROWSERS - start) }, (_, i) => {
        const n = start + i;
        return signIn(wrongKeys(n), `203.0.${113 + Math.floor(n / 250)}.${(n % 250) + 1}`);
      });
      answers.push(...(await Promise.all(batch)));
    }
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect(statuses.every((s) => s === 401)).toBe(true);
    // An employer signing in now, from yet another browser, is let in.
    const ok = await signIn(demoKeys(dataDir).private, "192.0.2.55");
    expect(ok.status, ok.text).toBe(200);
  });

  it("believes only the proxy's hop: rotating the left-most X-Forwarded-For does not dodge the limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < PER_ADDRESS + 5; i++) {
      const a = await send("POST", "/api/session", {
        client: "198.51.100.77",
        forgedFor: `10.${i}.0.1`,
        headers: { "content-type": "application/json", origin: ORIGIN },
        body: JSON.stringify(wrongKeys(1_000 + i)),
      });
      statuses.push(a.status);
    }
    expect(statuses.slice(0, PER_ADDRESS).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(PER_ADDRESS).every((s) => s === 429)).toBe(true);
    // Another browser is not affected.
    expect((await signIn(demoKeys(dataDir).private, "198.51.100.78")).status).toBe(200);
  });

  it("answers only for its own names: another Host (DNS rebinding) or X-Forwarded-Host is 421 in the error shape", async () => {
    for (const opts of [
      { forwardedHost: "evil.example" },
      { forwardedHost: "portal.example.com.evil.example" },
    ]) {
      const a = await send("GET", "/api_v2/info", opts);
      expect(a.status).toBe(421);
      expect(a.body).toEqual({
        error: {
          code: "host_not_allowed",
          message:
            "This server does not answer for that host name (see ALLOWED_HOSTS and PUBLIC_URL)",
        },
      });
    }
    expect((await send("GET", "/api_v2/info")).status).toBe(200);
  });

  it("answers what Node refuses before there is a request (bad request line, huge headers, no Host) in the error shape", async () => {
    const raw = (text: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(server.port, "127.0.0.1", () => socket.end(text));
        let got = "";
        socket.on("data", (c: Buffer) => {
          got += c.toString("utf8");
        });
        socket.on("end", () => resolve(got));
        socket.on("error", reject);
      });
    const answerOf = (text: string) => {
      const [head = "", body = ""] = text.split("\r\n\r\n");
      return { status: head.split("\r\n")[0], json: head.includes("application/json"), body };
    };
    const cases: [string, RegExp, string][] = [
      ["GARBAGE\r\n\r\n", /^HTTP\/1\.1 400 /, "malformed_request"],
      [
        `GET /api_v2/info HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
        /^HTTP\/1\.1 431 /,
        "headers_too_large",
      ],
      // HTTP/1.0 needs no Host; we do (the allow-list is judged on it).
      ["GET /api_v2/info HTTP/1.0\r\n\r\n", /^HTTP\/1\.[01] 400 /, "malformed_request"],
    ];
    for (const [request, status, code] of cases) {
      const a = answerOf(await raw(request));
      expect(a.status, a.body).toMatch(status);
      expect(a.json).toBe(true);
      expect(JSON.parse(a.body).error.code).toBe(code);
    }
  });

  it("takes writes only from the public origin, scheme included", async () => {
    for (const origin of ["https://evil.example", `http://${PUBLIC_HOST}`]) {
      const a = await send("POST", "/api/session", {
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({ demo: true }),
      });
      expect(a.status).toBe(403);
      expect(a.body.error.code).toBe("forbidden_origin");
    }
  });

  it("redirects a sign-in's next= safely, whatever characters it holds", async () => {
    const keys = demoKeys(dataDir).private;
    for (const [next, location] of [
      ["/中文", "/%E4%B8%AD%E6%96%87"],
      ["/\u0001/x", "/home"],
      ["//evil.example", "/home"],
    ]) {
      const a = await send("POST", "/api/session", {
        headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
        body: new URLSearchParams({ ...keys, next: next! }).toString(),
      });
      expect({ next, status: a.status, location: a.headers.location }).toEqual({
        next,
        status: 303,
        location,
      });
    }
  });
});
