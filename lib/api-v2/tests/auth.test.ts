import { createHash } from "node:crypto";
import { eq, or } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, tokens } from "@/lib/db/schema";
import { env, resetEnv } from "@/lib/env";
import { createCompany, createKeys, revokeKey } from "../admin/admin";
import { setClock } from "../clock";
import { hashToken } from "../hash-token";
import { type ApiResponse, type CallOptions, call, describeApi } from "./harness";

type Keys = { api_key: string; secret_key: string };

const EXPIRES_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const URL_SAFE_TOKEN = /^[A-Za-z0-9_-]{20,}$/;
const JSON_TYPE = "application/json; charset=utf-8";
const DAY_MS = 24 * 60 * 60 * 1000;

const INVALID_CREDENTIALS = {
  error: { code: "invalid_credentials", message: "The API key or secret key is not valid" },
};
const MISSING_TOKEN = {
  error: {
    code: "missing_token",
    message: "A token is required: pass ?token=… or Authorization: Bearer …",
  },
};
const INVALID_TOKEN = {
  error: { code: "invalid_token", message: "The token is not valid; authenticate again" },
};
const HTTPS_REQUIRED = {
  error: { code: "https_required", message: "All calls must be made over HTTPS" },
};

const form = (fields: Record<string, string>): CallOptions => ({
  body: new URLSearchParams(fields).toString(),
  contentType: "application/x-www-form-urlencoded",
});

const authenticate = (opts: CallOptions) => call("POST", "/api_v2/authenticate", opts);

/** Every place an error can come from answers in the one house shape, as JSON, with a request id. */
function expectError(res: ApiResponse, status: number, body: unknown) {
  expect({ status: res.status, body: res.body }).toEqual({ status, body });
  expect(res.headers.get("content-type")).toBe(JSON_TYPE);
  expect(res.headers.get("x-request-id")).toBeTruthy();
}

describeApi("authentication and transport", (api) => {
  let keys: Keys;
  let otherKeys: Keys;
  let liveKeys: Keys;
  let companyId: number;

  const newKeys = async (pool: "private" | "public" = "private", environment = "test") =>
    createKeys(api.database.db, companyId, pool, environment as "test" | "live");

  beforeAll(async () => {
    companyId = (await createCompany(api.database.db, "Auth Co")).company_id;
    keys = await newKeys();
    otherKeys = await newKeys();
    liveKeys = await newKeys("private", "live");
  });

  describe("POST /authenticate", () => {
    it.each<[string, (k: Keys) => CallOptions]>([
      ["query parameters (the documented way)", (k) => ({ query: k })],
      [
        "query parameters with an empty form-encoded body",
        (k) => ({ query: k, body: "", contentType: "application/x-www-form-urlencoded" }),
      ],
      ["a form-encoded body (the data-sync client)", (k) => form(k)],
      ["a JSON body", (k) => ({ json: k })],
    ])("accepts credentials as %s", async (_, opts) => {
      const now = new Date("2031-03-04T05:06:07.891Z");
      setClock(() => now);
      const res = await authenticate(opts(keys));
      expect(res.status, res.text).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(["expires_at", "token"]);
      expect(res.body.token).toMatch(URL_SAFE_TOKEN);
      expect(res.body.expires_at).toMatch(EXPIRES_AT);
      // 24 hours ahead, to the second, in the %Y-%m-%dT%H:%M:%SZ form clients parse.
      expect(res.body.expires_at).toBe("2031-03-05T05:06:07Z");
      expect(res.headers.get("content-type")).toBe(JSON_TYPE);
      const used = await call("GET", "/api_v2/users", { token: res.body.token });
      expect(used.status).toBe(200);
    });

    it("issues a different token on every call", async () => {
      const a = await authenticate({ json: keys });
      const b = await authenticate({ json: keys });
      expect(a.status).toBe(200);
      expect(b.status).toBe(200);
      expect(a.body.token).not.toBe(b.body.token);
      expect(a.body.token.length).toBeGreaterThanOrEqual(20);
    });

    it("stores the token and the secret key only as hashes", async () => {
      const sha256 = (v: string) => createHash("sha256").update(v, "utf8").digest("hex");
      const token = await api.authenticate(keys);
      const db = api.database.db;
      const plain = await db.select().from(tokens).where(eq(tokens.tokenHash, token));
      expect(plain).toEqual([]);
      const hashed = await db
        .select()
        .from(tokens)
        .where(eq(tokens.tokenHash, sha256(token)));
      expect(hashed).toHaveLength(1);
      const [key] = await db.select().from(apiKeys).where(eq(apiKeys.publicKey, keys.api_key));
      expect(key!.secretHash).not.toContain(keys.secret_key);
      expect(key!.secretHash).toBe(sha256(keys.secret_key));
      const leaked = await db
        .select()
        .from(apiKeys)
        .where(or(eq(apiKeys.secretHash, keys.secret_key), eq(apiKeys.publicKey, keys.secret_key)));
      expect(leaked).toEqual([]);
    });

    it("issues public-pool tokens from public keys", async () => {
      const pub = await newKeys("public");
      const res = await authenticate({ query: pub });
      expect(res.status).toBe(200);
      expect(res.body.token).toMatch(URL_SAFE_TOKEN);
    });

    type Case = { name: string; opts: () => CallOptions; status: number; error: unknown };
    it.each<Case>([
      {
        name: "no credentials at all",
        opts: () => ({}),
        status: 422,
        error: {
          error: { code: "missing_credentials", message: "Missing api_key and secret_key" },
        },
      },
      {
        name: "api_key only (query)",
        opts: () => ({ query: { api_key: keys.api_key } }),
        status: 422,
        error: { error: { code: "missing_credentials", message: "Missing secret_key" } },
      },
      {
        name: "secret_key only (JSON)",
        opts: () => ({ json: { secret_key: keys.secret_key } }),
        status: 422,
        error: { error: { code: "missing_credentials", message: "Missing api_key" } },
      },
      {
        name: "a blank api_key (form)",
        opts: () => form({ api_key: "  ", secret_key: keys.secret_key }),
        status: 422,
        error: { error: { code: "missing_credentials", message: "Missing api_key" } },
      },
      {
        name: "a wrong secret key",
        opts: () => ({ json: { api_key: keys.api_key, secret_key: `${keys.secret_key}x` } }),
        status: 401,
        error: INVALID_CREDENTIALS,
      },
      {
        name: "the secret key of another pair",
        opts: () => ({ json: { api_key: keys.api_key, secret_key: otherKeys.secret_key } }),
        status: 401,
        error: INVALID_CREDENTIALS,
      },
      {
        name: "an unknown api key",
        opts: () => ({
          query: { api_key: "pk_test_000000000000000000000000", secret_key: keys.secret_key },
        }),
        status: 401,
        error: INVALID_CREDENTIALS,
      },
      {
        name: "keys that are not keys",
        opts: () => form({ api_key: "hello", secret_key: "world" }),
        status: 401,
        error: INVALID_CREDENTIALS,
      },
      {
        name: "a live key pair on the test deployment",
        opts: () => ({ json: liveKeys }),
        status: 401,
        error: {
          error: {
            code: "environment_mismatch",
            message: "This is the test environment: use pk_test_… and sk_test_… keys",
          },
        },
      },
      {
        name: "a test api key with a live secret key",
        opts: () => ({ json: { api_key: keys.api_key, secret_key: liveKeys.secret_key } }),
        status: 401,
        error: {
          error: {
            code: "environment_mismatch",
            message: "This is the test environment: use pk_test_… and sk_test_… keys",
          },
        },
      },
      {
        name: "a text/plain body",
        opts: () => ({
          body: `api_key=${keys.api_key}&secret_key=${keys.secret_key}`,
          contentType: "text/plain",
        }),
        status: 415,
        error: {
          error: {
            code: "unsupported_media_type",
            message: "Send credentials as query parameters, a form-encoded body or a JSON body",
          },
        },
      },
      {
        name: "a JSON body that is not JSON",
        opts: () => ({ body: `{"api_key": ${keys.api_key}}`, contentType: "application/json" }),
        status: 400,
        error: {
          error: {
            code: "malformed_request",
            message: expect.stringMatching(/^Request body is not valid JSON: /),
          },
        },
      },
    ])("refuses $name", async ({ opts, status, error }) => {
      const res = await authenticate(opts());
      expectError(res, status, error);
      expect(res.text).not.toContain('token":');
    });

    it("refuses a revoked key, and ends the tokens already issued for it", async () => {
      const doomed = await newKeys();
      const token = await api.authenticate(doomed);
      expect((await call("GET", "/api_v2/users", { token })).status).toBe(200);

      await revokeKey(api.database.db, doomed.api_key, new Date());

      expectError(await authenticate({ json: doomed }), 401, INVALID_CREDENTIALS);
      expectError(await call("GET", "/api_v2/users", { token }), 401, {
        error: {
          code: "invalid_token",
          message: "The API key behind this token has been revoked",
        },
      });
      expectError(await call("GET", "/api_v2/users", { bearer: token }), 401, {
        error: {
          code: "invalid_token",
          message: "The API key behind this token has been revoked",
        },
      });
      // Other keys of the same company are unaffected.
      expect((await authenticate({ json: keys })).status).toBe(200);
    });

    it("keeps the token valid for exactly 24 hours", async () => {
      const t0 = new Date("2031-06-01T12:00:00.000Z");
      setClock(() => t0);
      const res = await authenticate({ json: keys });
      expect(res.body.expires_at).toBe("2031-06-02T12:00:00Z");
      const token = res.body.token as string;

      setClock(() => new Date(t0.getTime() + DAY_MS - 1000));
      expect((await call("GET", "/api_v2/users", { token })).status).toBe(200);

      setClock(() => new Date(t0.getTime() + DAY_MS + 1000));
      const expired = await call("GET", "/api_v2/users", { token });
      expectError(expired, 401, {
        error: { code: "token_expired", message: "The token has expired; authenticate again" },
      });
      expectError(await call("GET", "/api_v2/users/1", { bearer: token }), 401, expired.body);

      // Re-authenticating (what clients do on a 401) gives a working token again.
      const again = await authenticate({ json: keys });
      expect((await call("GET", "/api_v2/users", { token: again.body.token })).status).toBe(200);
    });
  });

  describe("the token on protected calls", () => {
    let token: string;
    beforeAll(async () => {
      token = await api.authenticate(keys);
    });

    it("is accepted as the query parameter token", async () => {
      const res = await call("GET", "/api_v2/users", { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ users: [], page: 1, per: 50, total: 0 });
    });

    it("is accepted as Authorization: Bearer", async () => {
      const res = await call("GET", "/api_v2/users", { bearer: token });
      expect(res.status).toBe(200);
      expect(res.body.users).toEqual([]);
    });

    it("is accepted as a form-encoded token parameter", async () => {
      // DELETE of a badge that does not exist: past authentication, the answer is 404.
      const res = await call("DELETE", "/api_v2/badges/2147483000", form({ token }));
      expectError(res, 404, { error: { code: "not_found", message: "Badge not found" } });
    });

    it.each<{ name: string; opts: () => CallOptions; error: unknown }>([
      { name: "no token", opts: () => ({}), error: MISSING_TOKEN },
      {
        name: "an empty token parameter",
        opts: () => ({ query: { token: "" } }),
        error: MISSING_TOKEN,
      },
      {
        name: "another authorization scheme",
        opts: () => ({ headers: { authorization: `Basic ${token}` } }),
        error: MISSING_TOKEN,
      },
      { name: "a made-up token", opts: () => ({ token: "x".repeat(43) }), error: INVALID_TOKEN },
      { name: "a made-up bearer token", opts: () => ({ bearer: "nope" }), error: INVALID_TOKEN },
      {
        name: "a token with one character changed",
        opts: () => ({ token: `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}` }),
        error: INVALID_TOKEN,
      },
      {
        name: "the secret key instead of a token",
        opts: () => ({ token: keys.secret_key }),
        error: INVALID_TOKEN,
      },
    ])("is refused with 401 for $name", async ({ opts, error }) => {
      for (const path of [
        "/api_v2/users",
        "/api_v2/badges",
        "/api_v2/jobs",
        "/api_v2/job_requests",
        "/api_v2/job_requests/categories",
      ]) {
        expectError(await call("GET", path, opts()), 401, error);
      }
    });
  });

  describe("DELETE /authenticate (sign-out)", () => {
    const REVOKED = {
      error: {
        code: "invalid_token",
        message: "The token has been revoked (signed out); authenticate again",
      },
    };

    it.each<[string, (t: string) => CallOptions]>([
      ["the query parameter", (t) => ({ token: t })],
      ["Authorization: Bearer", (t) => ({ bearer: t })],
    ])("revokes the token it carries as %s: 204, then 401 everywhere", async (_, opts) => {
      const token = await api.authenticate(keys);
      const other = await api.authenticate(keys);
      expect((await call("GET", "/api_v2/me", opts(token))).status).toBe(200);

      const out = await call("DELETE", "/api_v2/authenticate", opts(token));
      expect({ status: out.status, text: out.text }).toEqual({ status: 204, text: "" });
      const [row] = await api.database.db
        .select({ revokedAt: tokens.revokedAt })
        .from(tokens)
        .where(eq(tokens.tokenHash, hashToken(token)));
      expect(row?.revokedAt).toBeInstanceOf(Date);

      for (const [method, path] of [
        ["GET", "/api_v2/me"],
        ["GET", "/api_v2/users"],
        ["POST", "/api_v2/badges"],
        ["DELETE", "/api_v2/authenticate"],
      ] as const) {
        const body = method === "POST" ? { json: { name: "x" } } : {};
        expectError(await call(method, path, { ...opts(token), ...body }), 401, REVOKED);
      }
      // Another token of the same key is untouched, and the key still signs in.
      expect((await call("GET", "/api_v2/me", { token: other })).status).toBe(200);
      expect((await authenticate({ query: keys })).status).toBe(200);
    });

    it.each<{ name: string; opts: CallOptions; error: unknown }>([
      { name: "no token", opts: {}, error: MISSING_TOKEN },
      { name: "a made-up token", opts: { token: "x".repeat(43) }, error: INVALID_TOKEN },
      // The key pair is how to get a token, not a way to end one.
      { name: "the key pair instead of a token", opts: { query: {} }, error: MISSING_TOKEN },
    ])("is refused with 401 for $name, and revokes nothing", async ({ opts, error }) => {
      const token = await api.authenticate(keys);
      const res = await call("DELETE", "/api_v2/authenticate", {
        ...opts,
        ...(opts.query && { query: keys }),
      });
      expectError(res, 401, error);
      expect((await call("GET", "/api_v2/me", { token })).status).toBe(200);
    });
  });

  describe("rate limiting", () => {
    afterEach(() => {
      resetEnv({ AUTH_RATE_LIMIT_PER_KEY: undefined, AUTH_RATE_LIMIT_PER_ADDRESS: undefined });
    });

    it("answers the 4th attempt per key in a window with 429 and Retry-After", async () => {
      resetEnv({ AUTH_RATE_LIMIT_PER_KEY: "3" });
      setClock(() => new Date("2031-03-04T05:06:10.000Z"));
      const k = await newKeys();
      for (let i = 0; i < 3; i++) expect((await authenticate({ json: k })).status).toBe(200);

      const limited = await authenticate({ json: k });
      expectError(limited, 429, {
        error: { code: "rate_limited", message: "Too many attempts; try again in 50 seconds" },
      });
      expect(limited.headers.get("retry-after")).toBe("50");

      // Another key is not affected; the same key is admitted again in the next window.
      expect((await authenticate({ json: otherKeys })).status).toBe(200);
      setClock(() => new Date("2031-03-04T05:07:00.000Z"));
      expect((await authenticate({ json: k })).status).toBe(200);
    });

    it("counts failed attempts too, so guessing a secret is limited", async () => {
      resetEnv({ AUTH_RATE_LIMIT_PER_KEY: "3" });
      setClock(() => new Date("2031-03-04T06:00:00.000Z"));
      const k = await newKeys();
      for (let i = 0; i < 3; i++) {
        expectError(
          await authenticate({ json: { api_key: k.api_key, secret_key: `sk_test_guess${i}` } }),
          401,
          INVALID_CREDENTIALS,
        );
      }
      const res = await authenticate({ json: k });
      expect(res.status).toBe(429);
      expect(res.body.error.code).toBe("rate_limited");
      expect(res.headers.get("retry-after")).toBe("60");
      expect(res.body.token).toBeUndefined();
    });

    it("limits attempts per client address across keys", async () => {
      resetEnv({ AUTH_RATE_LIMIT_PER_ADDRESS: "3" });
      setClock(() => new Date("2031-03-04T07:00:30.000Z"));
      const from = (ip: string) => ({ "x-ep-client-ip": ip });
      for (let i = 0; i < 3; i++) {
        const res = await authenticate({ json: await newKeys(), headers: from("203.0.113.7") });
        expect(res.status).toBe(200);
      }
      const fresh = await newKeys();
      const limited = await authenticate({ json: fresh, headers: from("203.0.113.7") });
      expect(limited.status).toBe(429);
      expect(limited.body.error.code).toBe("rate_limited");
      expect(limited.headers.get("retry-after")).toBe("30");
      expect((await authenticate({ json: fresh, headers: from("203.0.113.8") })).status).toBe(200);
    });
  });

  describe("GET /info", () => {
    afterEach(() => {
      resetEnv({ API_ENVIRONMENT: undefined });
    });

    it("answers without a token", async () => {
      setClock(() => new Date("2031-03-04T05:06:07.891Z"));
      const res = await call("GET", "/api_v2/info");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe(JSON_TYPE);
      expect(res.body).toMatchObject({
        utc_time_now: "2031-03-04T05:06:07Z",
        environment: "test",
        release_version: env().RELEASE_VERSION,
        api_version: "2.0",
      });
      expect(res.body.release_version).toEqual(expect.any(String));
    });

    it("ignores an invalid token (it needs none)", async () => {
      const res = await call("GET", "/api_v2/info", { token: "garbage" });
      expect(res.status).toBe(200);
      expect(res.body.api_version).toBe("2.0");
    });

    it("reports the live environment on a live deployment, which takes only live keys", async () => {
      resetEnv({ API_ENVIRONMENT: "live" });
      expect((await call("GET", "/api_v2/info")).body.environment).toBe("live");
      expect((await authenticate({ json: liveKeys })).status).toBe(200);
      expectError(await authenticate({ json: keys }), 401, {
        error: {
          code: "environment_mismatch",
          message: "This is the live environment: use pk_live_… and sk_live_… keys",
        },
      });
    });
  });

  describe("HTTPS", () => {
    afterEach(() => {
      resetEnv({ ALLOW_HTTP_LOOPBACK: undefined, TRUST_PROXY: undefined });
    });

    type Case = {
      name: string;
      opts: CallOptions;
      env?: Record<string, string>;
      allowed: boolean;
    };
    it.each<Case>([
      { name: "https", opts: {}, allowed: true },
      { name: "plain http from an unknown client", opts: { scheme: "http" }, allowed: false },
      {
        name: "plain http from a remote client",
        opts: { scheme: "http", headers: { "x-ep-client-ip": "198.51.100.4" } },
        allowed: false,
      },
      {
        name: "plain http from 127.0.0.1",
        opts: { scheme: "http", headers: { "x-ep-client-ip": "127.0.0.1" } },
        allowed: true,
      },
      {
        name: "plain http from ::1",
        opts: { scheme: "http", headers: { "x-ep-client-ip": "::1" } },
        allowed: true,
      },
      {
        name: "plain http from ::ffff:127.0.0.1",
        opts: { scheme: "http", headers: { "x-ep-client-ip": "::ffff:127.0.0.1" } },
        allowed: true,
      },
      {
        name: "plain http from loopback when the deployment forbids it",
        opts: { scheme: "http", headers: { "x-ep-client-ip": "127.0.0.1" } },
        env: { ALLOW_HTTP_LOOPBACK: "false" },
        allowed: false,
      },
      {
        name: "a plain-http socket (x-ep-proto) behind an https URL",
        opts: { headers: { "x-ep-proto": "http" } },
        allowed: false,
      },
      {
        name: "an https socket (x-ep-proto) behind an http URL",
        opts: { scheme: "http", headers: { "x-ep-proto": "https" } },
        allowed: true,
      },
      {
        name: "X-Forwarded-Proto: https from an untrusted proxy",
        opts: { scheme: "http", headers: { "x-forwarded-proto": "https" } },
        allowed: false,
      },
      {
        name: "X-Forwarded-Proto: https from a trusted proxy",
        opts: { scheme: "http", headers: { "x-forwarded-proto": "https" } },
        env: { TRUST_PROXY: "true" },
        allowed: true,
      },
      {
        name: "X-Forwarded-Proto: http from a trusted proxy",
        opts: { headers: { "x-forwarded-proto": "http" } },
        env: { TRUST_PROXY: "true" },
        allowed: false,
      },
    ])("$name → allowed: $allowed", async ({ opts, env: overrides, allowed }) => {
      if (overrides) resetEnv(overrides);
      const info = await call("GET", "/api_v2/info", opts);
      const auth = await authenticate({ ...opts, json: keys });
      if (allowed) {
        expect(info.status).toBe(200);
        expect(auth.status).toBe(200);
      } else {
        expectError(info, 403, HTTPS_REQUIRED);
        expectError(auth, 403, HTTPS_REQUIRED);
        expect(auth.body.token).toBeUndefined();
      }
    });

    it("refuses plain http before looking at the token", async () => {
      const token = await api.authenticate(keys);
      expectError(
        await call("GET", "/api_v2/users", { scheme: "http", token }),
        403,
        HTTPS_REQUIRED,
      );
      expectError(await call("GET", "/api_v2/users", { scheme: "http" }), 403, HTTPS_REQUIRED);
    });
  });

  describe("routing, errors and headers", () => {
    it("answers an unknown path with a JSON 404", async () => {
      const token = await api.authenticate(keys);
      for (const method of ["GET", "POST", "DELETE"]) {
        expectError(await call(method, "/api_v2/nope", { token }), 404, {
          error: { code: "not_found", message: `No such endpoint: ${method} /api_v2/nope` },
        });
      }
      expectError(await call("GET", "/api_v2/users/1/nope"), 404, {
        error: { code: "not_found", message: "No such endpoint: GET /api_v2/users/1/nope" },
      });
    });

    it.each<[string, string, string]>([
      ["DELETE", "/api_v2/info", "GET"],
      ["POST", "/api_v2/info", "GET"],
      ["GET", "/api_v2/authenticate", "POST, DELETE"],
      ["PUT", "/api_v2/users/1", "GET, PATCH"],
      ["DELETE", "/api_v2/users/1", "GET, PATCH"],
      ["GET", "/api_v2/users/invite", "POST"],
      ["PUT", "/api_v2/badges", "GET, POST"],
      ["PUT", "/api_v2/jobs", "GET, POST"],
      ["DELETE", "/api_v2/jobs/1", "GET, PATCH"],
      ["GET", "/api_v2/jobs/assign", "POST"],
      ["PATCH", "/api_v2/job_requests", "GET, POST"],
      ["PUT", "/api_v2/job_requests/1", "GET, PATCH"],
      ["POST", "/api_v2/job_requests/categories", "GET"],
      ["DELETE", "/api_v2/job_requests/1/candidates", "GET"],
    ])("answers %s %s with a JSON 405 (Allow: %s)", async (method, path, allow) => {
      const res = await call(method, path);
      expectError(res, 405, {
        error: {
          code: "method_not_allowed",
          message: `${method} is not supported here; use ${allow}`,
        },
      });
      expect(res.headers.get("allow")).toBe(allow);
    });

    it("puts an X-Request-Id on every response, a new one each time", async () => {
      const token = await api.authenticate(keys);
      const responses = await Promise.all([
        call("GET", "/api_v2/info"),
        call("GET", "/api_v2/users", { token }),
        call("GET", "/api_v2/users"),
        call("GET", "/api_v2/users/999999", { token }),
        call("GET", "/api_v2/nope"),
        call("DELETE", "/api_v2/info"),
        call("GET", "/api_v2/info", { scheme: "http" }),
        authenticate({}),
        authenticate({ json: keys }),
        call("POST", "/api_v2/users/invite", { token, json: {} }),
      ]);
      expect(responses.map((r) => r.status)).toEqual([
        200, 200, 401, 404, 404, 405, 403, 422, 200, 422,
      ]);
      const ids = responses.map((r) => r.headers.get("x-request-id"));
      for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9._-]{8,}$/);
      expect(new Set(ids).size).toBe(ids.length);
    });
  });
});
