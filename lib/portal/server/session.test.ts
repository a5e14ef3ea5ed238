import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sealData, unsealData } from "iron-session";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnv } from "@/lib/env";
import { activeSession, type SessionData, sessionOptions } from "@/lib/portal/server/session";

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
