import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sealData, unsealData } from "iron-session";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnv } from "@/lib/env";
import {
  activeSession,
  getSession,
  requestCookieJar,
  type SessionData,
  sessionOptions,
} from "@/lib/portal/server/session";

// The generated session secret goes to DATA_DIR: point it at a temporary folder, never ./data.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ep-session-test-"));
const saved = {
  DATA_DIR: process.env.DATA_DIR,
  SESSION_SECRET: process.env.SESSION_SECRET,
  NODE_ENV: process.env.NODE_ENV,
};

beforeAll(() => {
  resetEnv({ DATA_DIR: dataDir, SESSION_SECRET: undefined, NODE_ENV: "test" });
});

afterAll(() => {
  resetEnv(saved);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function password(): string {
  const p = sessionOptions().password;
  if (typeof p !== "string") throw new Error("expected a single password");
  return p;
}

describe("the session secret", () => {
  it("is generated on first use and kept in the data folder, readable only by its owner", () => {
    const secret = password();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, "session-secret");
    expect(fs.existsSync(file)).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, "utf8").trim()).toBe(secret);
  });

  it("is the same after a restart (a fresh module reads the kept file)", async () => {
    const first = password();
    vi.resetModules();
    const fresh = await import("@/lib/portal/server/session-secret");
    expect(fresh.sessionSecret()).toBe(first);
  });

  it("is SESSION_SECRET when that is configured", async () => {
    const configured = "x".repeat(40);
    resetEnv({ SESSION_SECRET: configured });
    try {
      vi.resetModules();
      const fresh = await import("@/lib/portal/server/session-secret");
      expect(fresh.sessionSecret()).toBe(configured);
    } finally {
      resetEnv({ SESSION_SECRET: undefined });
    }
  });
});

describe("sessionOptions", () => {
  it("makes an httpOnly, SameSite=Lax, site-wide cookie that lives a day", () => {
    const o = sessionOptions();
    expect(o.cookieName).toBe("ep_session");
    expect(o.ttl).toBe(86_400);
    expect(o.cookieOptions).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/" });
  });

  it.each([
    ["production", true],
    ["test", true],
    ["development", false],
  ] as const)("NODE_ENV=%s → secure: %s", (nodeEnv, secure) => {
    resetEnv({ NODE_ENV: nodeEnv });
    try {
      expect(sessionOptions().cookieOptions?.secure).toBe(secure);
    } finally {
      resetEnv({ NODE_ENV: "test" });
    }
  });
});

describe("the sealed cookie", () => {
  const data: SessionData = {
    token: "tok_4f9a8b7c6d5e4f3a2b1c",
    expiresAt: "2030-01-01T00:00:00.000Z",
    environment: "test",
    companyName: "Demo Staffing Co",
    pool: "private",
  };

  it("round-trips through seal and unseal, and does not show the token", async () => {
    const seal = await sealData(data, { password: password(), ttl: sessionOptions().ttl });
    expect(seal).not.toContain(data.token);
    expect(seal).not.toContain("Demo Staffing");
    expect(await unsealData<SessionData>(seal, { password: password() })).toEqual(data);
  });

  it("opens to nothing with another password", async () => {
    const seal = await sealData(data, { password: password() });
    expect(await unsealData(seal, { password: "another-password-of-at-least-32-chars!!" })).toEqual(
      {},
    );
  });

  it("opens to nothing when tampered with", async () => {
    const seal = await sealData(data, { password: password() });
    const i = Math.floor(seal.length / 2);
    const tampered = `${seal.slice(0, i)}${seal[i] === "A" ? "B" : "A"}${seal.slice(i + 1)}`;
    expect(await unsealData(tampered, { password: password() })).toEqual({});
  });
});

describe("activeSession", () => {
  const now = new Date("2026-03-01T12:00:00Z");
  const valid: SessionData = {
    sid: "sid-1",
    token: "tok",
    expiresAt: "2026-03-01T12:00:01Z",
    environment: "test",
    companyName: "Demo Staffing Co",
    pool: "private",
  };

  it("returns a session whose token is still valid", () => {
    expect(activeSession(valid, now)).toEqual(valid);
  });

  it.each<[string, SessionData]>([
    ["an empty session (never signed in)", {}],
    ["no session id (a cookie from before sessions had one)", { ...valid, sid: undefined }],
    ["no token", { ...valid, token: undefined }],
    ["an empty token", { ...valid, token: "" }],
    ["no expiry", { ...valid, expiresAt: undefined }],
    ["no environment", { ...valid, environment: undefined }],
    ["a token expiring right now", { ...valid, expiresAt: now.toISOString() }],
    ["an expired token", { ...valid, expiresAt: "2026-02-28T12:00:00Z" }],
  ])("returns null for %s", (_, data) => {
    expect(activeSession(data, now)).toBeNull();
  });

  // `new Date("tomorrow").getTime()` is NaN, and `NaN <= now` is false: it must not fail open.
  it("returns null for an unreadable expiry", () => {
    expect(activeSession({ ...valid, expiresAt: "tomorrow" }, now)).toBeNull();
  });

  it("uses the current time by default", () => {
    expect(activeSession({ ...valid, expiresAt: "2000-01-01T00:00:00Z" })).toBeNull();
    expect(activeSession({ ...valid, expiresAt: "2999-01-01T00:00:00Z" })).not.toBeNull();
  });
});

describe("a route's cookie jar and getSession(jar)", () => {
  const data: SessionData = {
    sid: "sid-jar",
    token: "tok_jar_0123456789",
    expiresAt: "2999-01-01T00:00:00.000Z",
    environment: "test",
    companyName: "Demo Staffing Co",
    pool: "private",
  };
  const requestWith = (cookie?: string) =>
    new Request("http://portal.test/api/session", cookie ? { headers: { cookie } } : {});
  const sealed = () => sealData(data, { password: password(), ttl: sessionOptions().ttl });

  it("opens the session from the Request's cookie header, and writes nothing when unchanged", async () => {
    const jar = requestCookieJar(requestWith(`other=1; ep_session=${await sealed()}`));
    const session = await getSession(jar);
    expect({ ...session }).toEqual(data);
    expect(jar.setCookies()).toEqual([]);
  });

  it("answers the same from the opened-seal cache, as a copy its users may change", async () => {
    const cookie = `ep_session=${await sealed()}`;
    const first = await getSession(requestCookieJar(requestWith(cookie)));
    first.companyName = "Changed by a handler";
    const second = await getSession(requestCookieJar(requestWith(cookie)));
    expect({ ...second }).toEqual(data);
  });

  it("writes save() and destroy() as Set-Cookie lines with the session's attributes", async () => {
    const jar = requestCookieJar(requestWith());
    const session = await getSession(jar);
    Object.assign(session, data);
    await session.save();
    const [saved] = jar.setCookies();
    expect(saved).toMatch(/^ep_session=Fe26\.2\*/);
    expect(saved).toMatch(/HttpOnly/);
    expect(saved).toMatch(/SameSite=Lax/);
    expect(saved).toMatch(/Path=\//);
    expect(saved).toMatch(/Max-Age=86340/);
    // A later write of the same cookie replaces the earlier one: one Set-Cookie per name.
    session.destroy();
    const lines = jar.setCookies();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^ep_session=;.*Max-Age=0/);
  });

  it("reads a forged or tampered cookie as no session, not as an error", async () => {
    const seal = await sealed();
    const i = Math.floor(seal.length / 2);
    const tampered = `${seal.slice(0, i)}${seal[i] === "A" ? "B" : "A"}${seal.slice(i + 1)}`;
    for (const value of [tampered, "Fe26.2*1*x*y*z*notanumber*a*b~2", "garbage"]) {
      const session = await getSession(requestCookieJar(requestWith(`ep_session=${value}`)));
      expect({ ...session }).toEqual({});
    }
  });
});
