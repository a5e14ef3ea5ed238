import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { noteIssuedSecret } from "@/e2e/support/secret-scan";
import { tokens, users } from "@/lib/db/schema";
import { resetEnv } from "@/lib/env";
import { ACTIONS, isOperatorOnly } from "@/lib/schemas/permissions";
import { createCompany, createKeys } from "../admin/admin";
import { createEmployerUser } from "../admin/people";
import { setClock } from "../clock";
import { hashCount, hashPassword, warmDecoy } from "../invitations/password";
import { type CallOptions, call, describeApi } from "./harness";

/**
 * E-mail and password sign-in (our addition): one answer for every failure, after the same
 * work; limits per account and per address; the token is the person's; /me says who.
 */

const INVALID = {
  error: { code: "invalid_credentials", message: "The e-mail or password is not valid" },
};
const PASSWORD = "correct horse battery";

const signIn = (body: Record<string, string>, opts: CallOptions = {}) =>
  call("POST", "/api_v2/authenticate", { json: body, ...opts });

describeApi("person sign-in", (api) => {
  let companyId: number;
  let passwordHash: string;
  let n = 0;

  /** A teammate with the password (one hash made once, reused: each test needs its own row). */
  const teammate = async (
    opts: { role?: "customer_admin" | "requestor" | "read_only"; withPassword?: boolean } = {},
  ) => {
    const email = `Teammate${++n}.${process.pid}@Example.com`;
    const { id } = await createEmployerUser(api.database.db, {
      companyId,
      firstName: "Dana",
      lastName: `Lee${n}`,
      email,
      role: opts.role ?? "requestor",
      title: "Operations manager",
      passwordHash: opts.withPassword === false ? null : passwordHash,
    });
    return { id, email };
  };

  beforeAll(async () => {
    companyId = (await createCompany(api.database.db, "People Co")).company_id;
    passwordHash = await hashPassword(PASSWORD);
    // Passwords must never reach a log line: the run's log scan looks for this one too.
    noteIssuedSecret(PASSWORD);
  });
  afterEach(() =>
    resetEnv({
      PASSWORD_SIGNIN_LIMIT_PER_ACCOUNT: undefined,
      AUTH_RATE_LIMIT_PER_ADDRESS: undefined,
    }),
  );

  it("gives a token bound to the person, from JSON or a form, and sets last_sign_in_at", async () => {
    const now = new Date("2031-05-06T07:08:09.500Z");
    setClock(() => now);
    const { id, email } = await teammate();
    const res = await signIn({ email: ` ${email.toUpperCase()} `, password: PASSWORD });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["expires_at", "token"]);
    expect(res.body.expires_at).toBe("2031-05-07T07:08:09Z");
    const [row] = await api.database.db.select().from(users).where(eq(users.id, id));
    expect(row?.lastSignInAt?.toISOString()).toBe(now.toISOString());
    const held = await api.database.db.select().from(tokens).where(eq(tokens.userId, id));
    expect(held.map((t) => [t.userId, t.apiKeyId])).toEqual([[id, null]]);

    const form = await call("POST", "/api_v2/authenticate", {
      body: new URLSearchParams({ email, password: PASSWORD }).toString(),
      contentType: "application/x-www-form-urlencoded",
    });
    expect(form.status, form.text).toBe(200);
  });

  it("answers every failure the same, after exactly one password hash", async () => {
    const wrong = await teammate();
    const invited = await teammate({ withPassword: false });
    const deactivated = await teammate();
    await api.database.db
      .update(users)
      .set({ suspended: true, suspendedAt: new Date() })
      .where(eq(users.id, deactivated.id));
    const worker = await teammate();
    await api.database.db
      .update(users)
      .set({ type: "Worker", role: null, phone: `+1415555${String(n).padStart(4, "0")}` })
      .where(eq(users.id, worker.id));
    // The decoy hash is made once (the server makes it at start): make it before counting.
    await warmDecoy();

    const cases: [string, Record<string, string>][] = [
      ["an unknown e-mail", { email: "nobody@example.com", password: PASSWORD }],
      ["a wrong password", { email: wrong.email, password: `${PASSWORD}!` }],
      ["an invited teammate (no password yet)", { email: invited.email, password: PASSWORD }],
      ["a deactivated teammate", { email: deactivated.email, password: PASSWORD }],
      ["a worker's e-mail (no portal sign-in)", { email: worker.email, password: PASSWORD }],
    ];
    const seen = [];
    for (const [name, body] of cases) {
      const before = hashCount.runs;
      const res = await signIn(body);
      seen.push({
        name,
        status: res.status,
        body: res.body,
        hashes: hashCount.runs - before,
        retryAfter: res.headers.get("retry-after"),
      });
    }
    expect(seen).toEqual(
      cases.map(([name]) => ({ name, status: 401, body: INVALID, hashes: 1, retryAfter: null })),
    );
  });

  it.each<[string, CallOptions, unknown]>([
    [
      "a password in the query string",
      { query: { email: "a@example.com", password: PASSWORD } },
      {
        error: {
          code: "validation_failed",
          message: "Send the password in the request body (JSON or form-encoded), never in the URL",
          fields: { password: ["must be sent in the request body, not the query string"] },
        },
      },
    ],
    [
      "a password in the query string beside a body",
      { query: { password: PASSWORD }, json: { email: "a@example.com", password: PASSWORD } },
      {
        error: {
          code: "validation_failed",
          message: "Send the password in the request body (JSON or form-encoded), never in the URL",
          fields: { password: ["must be sent in the request body, not the query string"] },
        },
      },
    ],
    [
      "an e-mail without a password",
      { json: { email: "a@example.com" } },
      {
        error: {
          code: "validation_failed",
          message: "Password can't be blank",
          fields: { password: ["can't be blank"] },
        },
      },
    ],
    [
      "a password over 200 characters",
      { json: { email: "a@example.com", password: "x".repeat(201) } },
      {
        error: {
          code: "validation_failed",
          message: "Password is too long (maximum is 200 characters)",
          fields: { password: ["is too long (maximum is 200 characters)"] },
        },
      },
    ],
  ])("refuses %s with 422 before any hash", async (_, opts, error) => {
    const before = hashCount.runs;
    const res = await call("POST", "/api_v2/authenticate", opts);
    expect({ status: res.status, body: res.body }).toEqual({ status: 422, body: error });
    expect(hashCount.runs - before).toBe(0);
  });

  it("limits failures per account: the next attempt is 429 before any hash, a success gives its attempt back", async () => {
    resetEnv({ PASSWORD_SIGNIN_LIMIT_PER_ACCOUNT: "3" });
    setClock(() => new Date("2031-05-06T08:00:10.000Z"));
    const { email } = await teammate();
    // Successes do not use up the allowance.
    for (let i = 0; i < 4; i++) {
      expect((await signIn({ email, password: PASSWORD })).status).toBe(200);
    }
    for (let i = 0; i < 3; i++) {
      expect((await signIn({ email, password: `guess${i}-guess` })).status).toBe(401);
    }
    const before = hashCount.runs;
    const limited = await signIn({ email: email.toUpperCase(), password: PASSWORD });
    expect({ status: limited.status, body: limited.body }).toEqual({
      status: 429,
      body: {
        error: { code: "rate_limited", message: "Too many attempts; try again in 290 seconds" },
      },
    });
    expect(limited.headers.get("retry-after")).toBe("290");
    expect(hashCount.runs - before).toBe(0);
    // Another account is not affected; the next window admits this one again.
    const other = await teammate();
    expect((await signIn({ email: other.email, password: PASSWORD })).status).toBe(200);
    setClock(() => new Date("2031-05-06T08:05:00.000Z"));
    expect((await signIn({ email, password: PASSWORD })).status).toBe(200);
  });

  it("shares the per-address limit with key sign-in", async () => {
    resetEnv({ AUTH_RATE_LIMIT_PER_ADDRESS: "3" });
    setClock(() => new Date("2031-05-06T09:00:30.000Z"));
    const from = (ip: string) => ({ headers: { "x-ep-client-ip": ip } });
    const keys = await createKeys(api.database.db, companyId, "private", "test");
    const a = await teammate();
    const b = await teammate();
    expect((await signIn({ email: a.email, password: PASSWORD }, from("203.0.113.9"))).status).toBe(
      200,
    );
    expect(
      (await signIn({ email: b.email, password: "wrong-one" }, from("203.0.113.9"))).status,
    ).toBe(401);
    expect(
      (await call("POST", "/api_v2/authenticate", { json: keys, ...from("203.0.113.9") })).status,
    ).toBe(200);
    const limited = await signIn({ email: b.email, password: PASSWORD }, from("203.0.113.9"));
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect(limited.headers.get("retry-after")).toBe("30");
    expect(
      (await signIn({ email: b.email, password: PASSWORD }, from("203.0.113.10"))).status,
    ).toBe(200);
  });

  describe("GET /me", () => {
    it("names the person, their role and what they may do", async () => {
      const { id, email } = await teammate({ role: "read_only" });
      const { token } = (await signIn({ email, password: PASSWORD })).body;
      const res = await call("GET", "/api_v2/me", { bearer: token });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({
        company: { id: companyId, name: "People Co", require_two_factor: false },
        two_factor_setup_required: false,
        pool: "private",
        environment: "test",
        user: {
          id,
          first_name: "Dana",
          last_name: expect.stringMatching(/^Lee\d+$/),
          email,
          role: "read_only",
          title: "Operations manager",
          two_factor_enabled: false,
        },
        permissions: [
          "session",
          "workers.read",
          "badges.read",
          "job_requests.read",
          "candidates.read",
          "jobs.read",
          "mails.read",
          "webhooks.read",
          "team.read",
          "customers.read",
          "search.read",
          "tracking.read",
          "messages.read",
        ],
      });
    });

    it("says null for a key pair's person, and every action a private key holds", async () => {
      const keys = await createKeys(api.database.db, companyId, "private", "test");
      const pub = await createKeys(api.database.db, companyId, "public", "test");
      const priv = await call("GET", "/api_v2/me", { bearer: await api.authenticate(keys) });
      // Every action but the operator's own, which no token holds.
      expect([priv.body.user, priv.body.permissions]).toEqual([
        null,
        ACTIONS.filter((a) => !isOperatorOnly(a)),
      ]);
      const p = await call("GET", "/api_v2/me", { bearer: await api.authenticate(pub) });
      expect([p.body.user, p.body.permissions]).toEqual([
        null,
        [
          "session",
          "workers.read",
          "badges.read",
          "job_requests.read",
          "jobs.read",
          "customers.read",
          "search.read",
        ],
      ]);
    });
  });

  it("refuses a revoked person token at once (sign-out, or their sessions ended)", async () => {
    const { id, email } = await teammate();
    const { token } = (await signIn({ email, password: PASSWORD })).body;
    const other = (await signIn({ email, password: PASSWORD })).body.token;
    expect((await call("DELETE", "/api_v2/authenticate", { bearer: token })).status).toBe(204);
    expect((await call("GET", "/api_v2/me", { bearer: token })).body).toEqual({
      error: {
        code: "invalid_token",
        message: "The token has been revoked (signed out); authenticate again",
      },
    });
    expect((await call("GET", "/api_v2/me", { bearer: other })).status).toBe(200);
    // What deactivation and a password change do: every token of theirs revoked in one write.
    await api.database.db
      .update(tokens)
      .set({ revokedAt: new Date() })
      .where(eq(tokens.userId, id));
    expect((await call("GET", "/api_v2/me", { bearer: other })).status).toBe(401);
  });
});
