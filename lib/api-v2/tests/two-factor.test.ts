import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterEach, beforeAll, expect, it } from "vitest";
import { noteIssuedSecret } from "@/e2e/support/secret-scan";
import { twoFactorChallenges, users } from "@/lib/db/schema";
import { resetEnv } from "@/lib/env";
import { createCompany } from "../admin/admin";
import { createEmployerUser } from "../admin/people";
import { setClock } from "../clock";
import { hashPassword } from "../invitations/password";
import { call, describeApi } from "./harness";

/**
 * Two-factor sign-in (our addition): enrol, confirm, sign in with a code or a recovery code, each
 * once; wrong codes are limited; a company that requires it leaves a token able only to enrol.
 * The clock is fixed, so each code is computed for a known moment (no timed assertions).
 */

const PASSWORD = "correct horse battery";
const T0 = new Date("2026-11-27T09:00:10Z");
const WRONG_CODE = {
  error: {
    code: "invalid_two_factor_code",
    message: "The code is not valid, or the sign-in has expired; try again or sign in again",
  },
};
const SETUP_REQUIRED = {
  error: {
    code: "two_factor_setup_required",
    message:
      "Your company requires two-factor sign-in: set it up (POST /api_v2/me/two_factor) before anything else",
  },
};

const codeAt = (secret: string, at: Date) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: "SHA1",
  }).generate({ timestamp: at.getTime() });
const later = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

describeApi("two-factor sign-in", (api) => {
  let companyId: number;
  let passwordHash: string;
  let n = 0;
  let now = T0;

  const signIn = (body: Record<string, string>) =>
    call("POST", "/api_v2/authenticate", { json: body });

  const teammate = async (role: "customer_admin" | "requestor" | "read_only" = "requestor") => {
    const email = `twofactor${++n}.${process.pid}@example.com`;
    const { id } = await createEmployerUser(api.database.db, {
      companyId,
      firstName: "Dana",
      lastName: `Lee${n}`,
      email,
      role,
      passwordHash,
    });
    const res = await signIn({ email, password: PASSWORD });
    expect(res.status, res.text).toBe(200);
    noteIssuedSecret(res.body.token);
    return { id, email, token: res.body.token as string };
  };

  /** A teammate with two-factor on: the secret and recovery codes they were shown. */
  const enrolled = async () => {
    const who = await teammate();
    const start = await call("POST", "/api_v2/me/two_factor", { token: who.token });
    expect(start.status, start.text).toBe(201);
    const secret = start.body.secret as string;
    noteIssuedSecret(secret);
    const ok = await call("POST", "/api_v2/me/two_factor/confirm", {
      token: who.token,
      json: { code: codeAt(secret, now) },
    });
    expect(ok.status, ok.text).toBe(200);
    return { ...who, secret, recovery: ok.body.recovery_codes as string[] };
  };

  const challengeFor = async (email: string) => {
    const res = await signIn({ email, password: PASSWORD });
    expect(res.status, res.text).toBe(401);
    expect(res.body.error.code).toBe("two_factor_required");
    noteIssuedSecret(res.body.error.challenge);
    return res.body.error.challenge as string;
  };

  beforeAll(async () => {
    companyId = (await createCompany(api.database.db, "Two-factor Co")).company_id;
    passwordHash = await hashPassword(PASSWORD);
    noteIssuedSecret(PASSWORD);
  });
  afterEach(() => {
    now = T0;
    setClock(null);
    resetEnv({ PASSWORD_SIGNIN_LIMIT_PER_ACCOUNT: undefined });
  });
  const at = (when: Date) => {
    now = when;
    setClock(() => now);
  };

  it("enrols: a sealed secret, its otpauth URI, a right code turns it on and answers ten recovery codes once", async () => {
    at(T0);
    const who = await teammate();
    const start = await call("POST", "/api_v2/me/two_factor", { token: who.token });
    expect(start.status, start.text).toBe(201);
    const secret = start.body.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(start.body.otpauth_uri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("secret")).toBe(secret);
    expect(uri.searchParams.get("algorithm")).toBe("SHA1");
    expect(uri.searchParams.get("digits")).toBe("6");
    expect(uri.searchParams.get("period")).toBe("30");
    const [row] = await api.database.db.select().from(users).where(eq(users.id, who.id));
    expect(row?.totpSecret).toBeTruthy();
    expect(row?.totpSecret).not.toContain(secret);
    expect(row?.totpEnabledAt).toBeNull();

    const wrong = await call("POST", "/api_v2/me/two_factor/confirm", {
      token: who.token,
      json: { code: "000000" === codeAt(secret, T0) ? "111111" : "000000" },
    });
    expect({ status: wrong.status, body: wrong.body }).toEqual({
      status: 422,
      body: {
        error: {
          code: "validation_failed",
          message: "Code is not the current code of your authenticator app",
          fields: { code: ["is not the current code of your authenticator app"] },
        },
      },
    });
    const ok = await call("POST", "/api_v2/me/two_factor/confirm", {
      token: who.token,
      json: { code: codeAt(secret, T0) },
    });
    expect(ok.status, ok.text).toBe(200);
    const codes = ok.body.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const [after] = await api.database.db.select().from(users).where(eq(users.id, who.id));
    expect(after?.totpRecoveryHashes).toHaveLength(10);
    for (const c of codes) expect(after?.totpRecoveryHashes?.join(" ")).not.toContain(c);

    const me = await call("GET", "/api_v2/me", { token: who.token });
    expect(me.body.user.two_factor_enabled).toBe(true);
    const again = await call("POST", "/api_v2/me/two_factor", { token: who.token });
    expect(again.status).toBe(422);
    expect(again.body.error.fields).toEqual({
      base: ["two-factor sign-in is already on; turn it off first"],
    });
    const confirmAgain = await call("POST", "/api_v2/me/two_factor/confirm", {
      token: who.token,
      json: { code: codeAt(secret, later(30)) },
    });
    expect(confirmAgain.status).toBe(422);
  });

  it("signs in with password then code: a one-use challenge (only its hash kept), each code once", async () => {
    at(T0);
    const who = await enrolled();
    at(later(60));
    const challenge = await challengeFor(who.email);
    const stored = await api.database.db.select().from(twoFactorChallenges);
    expect(stored.some((c) => c.challengeHash.includes(challenge))).toBe(false);

    const ok = await signIn({ challenge, code: codeAt(who.secret, now) });
    expect(ok.status, ok.text).toBe(200);
    noteIssuedSecret(ok.body.token);
    const me = await call("GET", "/api_v2/me", { token: ok.body.token });
    expect(me.body.user.id).toBe(who.id);

    // The used challenge, and the same code with a fresh challenge (a replay): both refused.
    const reuse = await signIn({ challenge, code: codeAt(who.secret, now) });
    expect({ status: reuse.status, body: reuse.body }).toEqual({ status: 401, body: WRONG_CODE });
    const replay = await signIn({
      challenge: await challengeFor(who.email),
      code: codeAt(who.secret, now),
    });
    expect({ status: replay.status, body: replay.body }).toEqual({ status: 401, body: WRONG_CODE });
    // The previous step's code is older than the one accepted: refused too.
    const older = await signIn({
      challenge: await challengeFor(who.email),
      code: codeAt(who.secret, later(30)),
    });
    expect(older.status).toBe(401);
    // One step later, a new code works (the challenge that saw wrong codes is still alive).
    at(later(90));
    const next = await signIn({
      challenge: await challengeFor(who.email),
      code: codeAt(who.secret, now),
    });
    expect(next.status, next.text).toBe(200);
  });

  it("accepts a recovery code once, and removes it", async () => {
    at(T0);
    const who = await enrolled();
    const code = who.recovery[3]!;
    const ok = await signIn({ challenge: await challengeFor(who.email), code: code.toUpperCase() });
    expect(ok.status, ok.text).toBe(200);
    const again = await signIn({ challenge: await challengeFor(who.email), code });
    expect({ status: again.status, body: again.body }).toEqual({ status: 401, body: WRONG_CODE });
    const [row] = await api.database.db.select().from(users).where(eq(users.id, who.id));
    expect(row?.totpRecoveryHashes).toHaveLength(9);
  });

  it("a challenge dies after five wrong codes, and after five minutes", async () => {
    at(T0);
    const who = await enrolled();
    at(later(60));
    const challenge = await challengeFor(who.email);
    for (let i = 0; i < 5; i++) {
      const res = await signIn({ challenge, code: `wrong-${i}` });
      expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: WRONG_CODE });
    }
    const dead = await signIn({ challenge, code: codeAt(who.secret, now) });
    expect({ status: dead.status, body: dead.body }).toEqual({ status: 401, body: WRONG_CODE });

    const stale = await challengeFor(who.email);
    at(later(60 + 301));
    const late = await signIn({ challenge: stale, code: codeAt(who.secret, now) });
    expect({ status: late.status, body: late.body }).toEqual({ status: 401, body: WRONG_CODE });
  });

  it("wrong codes count against the account's sign-in limit", async () => {
    at(T0);
    const who = await enrolled();
    resetEnv({ PASSWORD_SIGNIN_LIMIT_PER_ACCOUNT: "3" });
    at(later(60));
    const challenge = await challengeFor(who.email);
    for (let i = 0; i < 3; i++)
      expect((await signIn({ challenge, code: "nope" })).status).toBe(401);
    const limited = await signIn({ challenge, code: codeAt(who.secret, now) });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
  });

  it("a company that requires it: a person without it may only enrol, then everything again; it cannot be turned off", async () => {
    at(T0);
    const admin = await teammate("customer_admin");
    const viewer = await teammate("read_only");
    const refused = await call("PATCH", "/api_v2/me/company", {
      token: viewer.token,
      json: { require_two_factor: true },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden_for_role");
    // An admin without it would gate themself first: they turn it on for themself before.
    const notYet = await call("PATCH", "/api_v2/me/company", {
      token: admin.token,
      json: { require_two_factor: true },
    });
    expect({ status: notYet.status, fields: notYet.body.error?.fields }).toEqual({
      status: 422,
      fields: {
        base: ["turn on two-factor sign-in for yourself first, then require it for everyone"],
      },
    });
    const start = await call("POST", "/api_v2/me/two_factor", { token: admin.token });
    noteIssuedSecret(start.body.secret);
    await call("POST", "/api_v2/me/two_factor/confirm", {
      token: admin.token,
      json: { code: codeAt(start.body.secret, now) },
    });
    const set = await call("PATCH", "/api_v2/me/company", {
      token: admin.token,
      json: { require_two_factor: true },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toEqual({ id: companyId, name: "Two-factor Co", require_two_factor: true });

    try {
      const who = await teammate("requestor");
      const gated = await call("GET", "/api_v2/users", { token: who.token });
      expect({ status: gated.status, body: gated.body }).toEqual({
        status: 403,
        body: SETUP_REQUIRED,
      });
      expect((await call("GET", "/api_v2/badges", { token: viewer.token })).status).toBe(403);
      expect((await call("GET", "/api_v2/badges", { token: admin.token })).status).toBe(200);
      const me = await call("GET", "/api_v2/me", { token: who.token });
      expect(me.status).toBe(200);
      expect(me.body.two_factor_setup_required).toBe(true);
      expect(me.body.company.require_two_factor).toBe(true);
      expect(me.body.permissions).toEqual(["session"]);

      const mine = await call("POST", "/api_v2/me/two_factor", { token: who.token });
      expect(mine.status).toBe(201);
      noteIssuedSecret(mine.body.secret);
      const ok = await call("POST", "/api_v2/me/two_factor/confirm", {
        token: who.token,
        json: { code: codeAt(mine.body.secret, now) },
      });
      expect(ok.status, ok.text).toBe(200);
      const open = await call("GET", "/api_v2/users", { token: who.token });
      expect(open.status).toBe(200);

      const off = await call("DELETE", "/api_v2/me/two_factor", {
        token: who.token,
        json: { password: PASSWORD },
      });
      expect({ status: off.status, fields: off.body.error?.fields }).toEqual({
        status: 422,
        fields: { base: ["your company requires two-factor sign-in: it cannot be turned off"] },
      });
    } finally {
      const unset = await call("PATCH", "/api_v2/me/company", {
        token: admin.token,
        json: { require_two_factor: false },
      });
      expect(unset.status).toBe(200);
    }
  });

  it("turns off with the password: wrong password refused, then sign-in needs no code", async () => {
    at(T0);
    const who = await enrolled();
    const wrong = await call("DELETE", "/api_v2/me/two_factor", {
      token: who.token,
      json: { password: "not the password" },
    });
    expect({ status: wrong.status, fields: wrong.body.error?.fields }).toEqual({
      status: 422,
      fields: { password: ["is not correct"] },
    });
    const off = await call("DELETE", "/api_v2/me/two_factor", {
      token: who.token,
      json: { password: PASSWORD },
    });
    expect(off.status, off.text).toBe(204);
    const [row] = await api.database.db.select().from(users).where(eq(users.id, who.id));
    expect([row?.totpSecret, row?.totpEnabledAt, row?.totpRecoveryHashes]).toEqual([
      null,
      null,
      null,
    ]);
    const res = await signIn({ email: who.email, password: PASSWORD });
    expect(res.status, res.text).toBe(200);
  });

  it("a key pair's token has no two-factor of its own", async () => {
    const t = await api.tenant();
    const res = await call("POST", "/api_v2/me/two_factor", { token: t.privateToken });
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toEqual({
      base: ["only a person signed in with e-mail and password has two-factor sign-in"],
    });
  });
});
