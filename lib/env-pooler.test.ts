import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, resetEnv } from "./env";

/** Behind a transaction-mode pooler, what needs a session goes to the server itself (docs/pooler.md). */
describe("DATABASE_POOLER", () => {
  const keys = ["DATABASE_URL", "DATABASE_POOLER", "DATABASE_DIRECT_URL"] as const;
  const before = Object.fromEntries(keys.map((k) => [k, process.env[k]]));
  afterEach(() => {
    resetEnv(before);
  });

  it("is none by default", () => {
    const e = resetEnv({ DATABASE_POOLER: undefined, DATABASE_DIRECT_URL: undefined });
    expect(e.DATABASE_POOLER).toBe("none");
  });

  it("takes a transaction-mode pooler with the server's own URL beside it", () => {
    const e = resetEnv({
      DATABASE_URL: "postgres://app@pgbouncer.internal:6432/staffing",
      DATABASE_POOLER: "transaction",
      DATABASE_DIRECT_URL: "postgres://app@db.internal:5432/staffing",
    });
    expect(e.DATABASE_POOLER).toBe("transaction");
    expect(e.DATABASE_DIRECT_URL).toBe("postgres://app@db.internal:5432/staffing");
  });

  it("refuses a transaction-mode pooler without the direct URL, saying which variable and why", () => {
    expect(() =>
      resetEnv({
        DATABASE_URL: "postgres://app@pgbouncer.internal:6432/staffing",
        DATABASE_POOLER: "transaction",
        DATABASE_DIRECT_URL: undefined,
      }),
    ).toThrow(
      new ConfigError(
        "Invalid configuration:\n  DATABASE_DIRECT_URL: required with DATABASE_POOLER=transaction: the server itself, past the pooler, for LISTEN and migrations",
      ),
    );
  });

  it("refuses another pooler mode", () => {
    expect(() => resetEnv({ DATABASE_POOLER: "statement" })).toThrow(/DATABASE_POOLER/);
  });
});
