import http from "node:http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type PortalRequest,
  type PortalWorld,
  portalRequestArb,
} from "@/e2e/support/fuzz/portal-requests";
import {
  freePort,
  type RunningServer,
  startProductionServer,
} from "@/e2e/support/fuzz/production-server";
import {
  clip,
  errorShapeProblems,
  internalsIn,
  OpenApiChecker,
  preview,
} from "@/e2e/support/fuzz/response-checks";
import { RunStats } from "@/e2e/support/fuzz/run-stats";
import { buildOpenApiDocument } from "@/lib/api-v2/openapi/openapi-document";

/**
 * Hostile input against the portal's own routes, over real HTTP to the production server (a
 * fresh embedded database, its own port): /api/session, /api/proxy/[...path] with every method
 * on allowed and refused paths, /api/export/workers, and the pages, with a valid sealed session
 * cookie, none, or a tampered one. Whatever is sent: no 5xx, every error of the portal's routes
 * in its one shape ({"error": {"code", "message"[, "fields"]}}), a success that the proxy passes
 * on valid against the OpenAPI document, redirects only to this site, never a stack trace in a
 * body, and nothing logged as an error by the server.
 *
 * Quick form: 2,000 requests, four at a time; STRESS=1 sends ten times as many. A failure
 * prints fast-check's seed; FUZZ_SEED=<seed> replays it.
 */

const BATCH = 4;
const REQUESTS =
  Number(process.env.FUZZ_PORTAL_RUNS ?? 2_000) * (process.env.STRESS === "1" ? 10 : 1);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string };

const agent = new http.Agent({ keepAlive: true, maxSockets: BATCH });

/** One request, as sent by a client that writes exactly what it is given. */
function send(
  base: string,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: target,
        agent,
        headers: {
          ...headers,
          ...(body !== undefined && { "content-length": Buffer.byteLength(body) }),
        },
        timeout: 60_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer in 60 s: ${method} ${target}`)));
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

function malformedPath(target: string): boolean {
  try {
    decodeURIComponent(target.split("?")[0]!);
    return false;
  } catch {
    return true;
  }
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** "/api_v2/users/{id}" for an API path behind the proxy ("users/12"), or null. */
function apiTemplate(doc: ReturnType<typeof buildOpenApiDocument>, apiPath: string): string | null {
  const segs = apiPath.split("/");
  for (const template of Object.keys(doc.paths ?? {})) {
    const t = template.split("/").slice(2);
    if (
      t.length === segs.length &&
      t.every((p, i) => p === segs[i] || (p === "{id}" && /^\d+$/.test(segs[i]!)))
    )
      return template;
  }
  return null;
}

describe("hostile input on the portal's routes (production server, real HTTP)", () => {
  const doc = buildOpenApiDocument({ releaseVersion: "fuzz", environment: "test" });
  const checker = new OpenApiChecker(doc);
  let server: RunningServer;
  let world: PortalWorld;

  beforeAll(async () => {
    server = await startProductionServer(await freePort());
    const origin = server.base;
    const signIn = await send(
      server.base,
      "POST",
      "/api/session",
      { "content-type": "application/json", origin },
      JSON.stringify({ demo: true }),
    );
    expect(signIn.status, signIn.text).toBe(200);
    const cookieOf = (a: Answer) => {
      const setCookie = a.headers["set-cookie"]?.find((c) => c.startsWith("ep_session="));
      expect(setCookie).toBeDefined();
      return setCookie!.split(";")[0]!;
    };
    const cookie = cookieOf(signIn);
    const spare = await send(
      server.base,
      "POST",
      "/api/session",
      { "content-type": "application/json", origin },
      JSON.stringify({ demo: true }),
    );
    expect(spare.status, spare.text).toBe(200);
    const get = async (p: string) => {
      const r = await send(server.base, "GET", `/api/proxy/${p}`, { cookie });
      expect(r.status, `${p}: ${r.text}`).toBe(200);
      return JSON.parse(r.text);
    };
    const hook = await send(
      server.base,
      "POST",
      "/api/proxy/webhooks",
      { cookie, origin, "content-type": "application/json" },
      // The demo company's webhooks may only reach this machine (nobody listens on port 9).
      JSON.stringify({ url: "http://127.0.0.1:9/portal-fuzz" }),
    );
    expect(hook.status, hook.text).toBe(201);
    const users = (await get("users?per=20")).users as { id: number }[];
    // A change queues a delivery to the hook, so resend has something to find.
    const patched = await send(
      server.base,
      "PATCH",
      `/api/proxy/users/${users[0]!.id}`,
      { cookie, origin, "content-type": "application/json" },
      JSON.stringify({ city: "Fuzzville" }),
    );
    expect(patched.status, patched.text).toBe(200);
    world = {
      cookie,
      signOutCookie: cookieOf(spare),
      origin,
      userIds: users.map((u) => u.id),
      badgeIds: ((await get("badges?per=10")).badges as { id: number }[]).map((b) => b.id),
      webhookIds: [JSON.parse(hook.text).id],
      deliveryIds: ((await get("webhook_deliveries")).deliveries as { id: number }[]).map(
        (d) => d.id,
      ),
    };
  });

  afterAll(async () => {
    agent.destroy();
    await server?.stop();
  });

  /**
   * The request's headers, with the spare session on a sign-out ("/api/x/../session" too). Any
   * cookie is swapped, not only the run's own: some of its tampered copies still open (an
   * appended character the seal's base64 ignores, say) and would end the same session.
   */
  function spareForSignOut(r: PortalRequest): Record<string, string> {
    const signOut =
      r.method === "DELETE" &&
      r.headers.cookie !== undefined &&
      new URL(r.target, world.origin).pathname === "/api/session";
    return signOut ? { ...r.headers, cookie: world.signOutCookie } : r.headers;
  }

  function problemsOf(r: PortalRequest, a: Answer): string[] {
    const out: string[] = [];
    if (a.status === 0) return [a.text];
    if (malformedPath(r.target)) {
      // Refused by our server in front of Next, in the one shape, whatever the route.
      if (a.status !== 400) out.push(`a path that does not decode answered ${a.status}`);
      if (r.method !== "HEAD") out.push(...errorShapeProblems(parse(a.text)));
      return out;
    }
    if (a.status >= 500) out.push(`status ${a.status}`);
    const leak = internalsIn(a.text);
    if (leak) out.push(`internals in the body: ${preview(leak)}`);
    const location = a.headers.location;
    if (a.status >= 300 && a.status < 400) {
      // Only to this site: a path ("/x", never "//x") or this very origin.
      if (!location) out.push(`${a.status} without Location`);
      else if (!/^\/(?![/\\])/.test(location) && !location.startsWith(`${world.origin}/`))
        out.push(`redirect off the site: ${preview(location)}`);
    }
    const type = String(a.headers["content-type"] ?? "");
    if (r.kind === "page") {
      if (![200, 303, 307, 308, 404].includes(a.status)) out.push(`page answered ${a.status}`);
      if (a.text.includes("This page could not be shown"))
        out.push("the page shows the error boundary: a server component failed");
      return out;
    }
    // HEAD: the GET handler's answer without its body (Next answers HEAD with GET).
    if (r.method === "HEAD") return out;
    const body = parse(a.text);
    if (a.status >= 400) {
      if (!type.startsWith("application/json"))
        out.push(`error as ${preview(type)}: ${preview(a.text)}`);
      else out.push(...errorShapeProblems(body));
      return out;
    }
    if (r.kind === "session" && a.status === 200) {
      const keys = body && typeof body === "object" ? Object.keys(body).sort() : [];
      if (JSON.stringify(keys) !== JSON.stringify(["companyName", "environment", "person", "pool"]))
        out.push(`session summary ${preview(body)}`);
      if (/sk_(test|live)_|"token"/.test(a.text)) out.push("a secret in the session answer");
    }
    // The path as the server sees it: dot segments resolved ("users/1/../../x").
    const pathname = new URL(r.target, world.origin).pathname;
    if (r.kind === "proxy" && a.status < 300 && r.method !== "OPTIONS") {
      if (!pathname.startsWith("/api/proxy/")) out.push(`${pathname} answered ${a.status}`);
      const apiPath = pathname.slice("/api/proxy/".length);
      const template = apiTemplate(doc, apiPath);
      if (!template) out.push(`the proxy answered ${a.status} for ${apiPath}`);
      else if (r.method !== "HEAD")
        out.push(
          ...checker.successBodyProblems(
            template,
            r.method,
            a.status,
            a.status === 204 ? null : body,
          ),
        );
    }
    if (
      r.kind === "export" &&
      a.status === 200 &&
      r.method === "GET" &&
      !type.startsWith("text/csv")
    )
      out.push(`export as ${preview(type)}`);
    return out;
  }

  it("refuses a path whose escapes do not decode with a 400 in the house shape, API and portal alike", async () => {
    for (const target of [
      "/api_v2/users/%2",
      "/api_v2/%zz",
      "/api_v2/badges/%E0%A4%A?token=x",
      "/api/proxy/users/%2",
      "/api/session%E0%A4%A",
      "/workers/%2",
    ]) {
      const a = await send(server.base, "GET", target, { cookie: world.cookie });
      expect({ target, status: a.status, body: parse(a.text) }).toEqual({
        target,
        status: 400,
        body: {
          error: {
            code: "malformed_request",
            message: "The request path is not valid percent-encoded UTF-8",
          },
        },
      });
      expect(a.headers["x-request-id"]).toBeTruthy();
    }
  });

  it("reads a session cookie forged in any of its parts as no session: 401, never a 500", async () => {
    const [name, sealed] = world.cookie.split(/=(.*)/s) as [string, string];
    const [body, version] = sealed.split("~");
    const parts = body!.split("*");
    expect(parts).toHaveLength(8);
    for (let i = 0; i < parts.length; i++) {
      for (const forged of ["", "x", "-1", "99999999999999999999", "%00"]) {
        const copy = [...parts];
        copy[i] = forged;
        const a = await send(server.base, "GET", "/api/session", {
          cookie: `${name}=${copy.join("*")}~${version}`,
        });
        expect({ part: i, forged, status: a.status, body: parse(a.text) }).toEqual({
          part: i,
          forged,
          status: 401,
          body: { error: { code: "signed_out", message: "Not signed in." } },
        });
      }
    }
  });

  it(
    `answers ${REQUESTS} generated hostile requests: no 5xx, one error shape, no stack trace, no error logged`,
    async () => {
      const stats = new RunStats();
      const logBefore = server.output().length;
      let logSeen = logBefore;
      await fc.assert(
        fc.asyncProperty(
          fc.array(portalRequestArb(world), { minLength: BATCH, maxLength: BATCH }),
          async (batch) => {
            // A dropped connection or no answer is a failure of that request, not of the run.
            const answers = await Promise.all(
              batch.map((r) =>
                send(server.base, r.method, r.target, spareForSignOut(r), r.body).catch(
                  (err: Error): Answer => ({
                    status: 0,
                    headers: {},
                    text: `no answer: ${err.message}`,
                  }),
                ),
              ),
            );
            const problems: string[] = [];
            batch.forEach((r, i) => {
              const a = answers[i]!;
              const body = parse(a.text) as { error?: { code?: string } } | undefined;
              stats.add(a.status, body?.error?.code, r.tags, `${r.kind} ${r.method}`);
              const p = problemsOf(r, a);
              if (p.length > 0)
                problems.push(
                  `${p.join("; ")}\n    request: ${r.method} ${clip(r.target, 300)} headers ${preview(r.headers, 300)} body ${preview(r.body ?? null, 300)} (${r.tags.join(" ")})\n    answer: ${a.status} ${preview(a.headers["content-type"] ?? "")} ${preview(a.text, 400)}`,
                );
            });
            if (problems.length > 0) {
              const log = server.output().slice(logSeen).trim();
              throw new Error(
                `${problems.join("\n  ")}${log ? `\n  server log:\n${preview(log, 3000)}` : ""}`,
              );
            }
            logSeen = server.output().length;
          },
        ),
        { numRuns: Math.ceil(REQUESTS / BATCH), seed: SEED, endOnFailure: true },
      );
      process.stdout.write(`[fuzz portal] ${stats.line("portal")}\n  ${stats.detail()}\n`);

      expect(stats.requests).toBeGreaterThanOrEqual(REQUESTS);
      expect(stats.serverErrors).toBe(0);
      for (const kind of ["session", "proxy", "export", "page"])
        expect(
          [...stats.hits.keys()].some((h) => h.startsWith(kind)),
          kind,
        ).toBe(true);
      // What the server logged while being fuzzed: an error there is a failure even when the
      // answer looked right.
      const logged = server
        .output()
        .slice(logBefore)
        .split("\n")
        .filter((l) => /"level":"error"|⨯|Error:/.test(l));
      expect(logged).toEqual([]);
      // Still serving, and the session still works.
      const after = await send(server.base, "GET", "/api/session", { cookie: world.cookie });
      expect(after.status, after.text).toBe(200);
    },
    Math.max(600_000, REQUESTS * 150),
  );
});
