import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { demoCredentialsPath, loadDemoCredentials, saveDemoCredentials } from "./demo-keys";
import { resetEnv } from "./env";

describe("demo credentials file", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "demo-keys-"));
    resetEnv({ DATA_DIR: dir });
  });
  afterEach(() => {
    resetEnv({ DATA_DIR: undefined });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const keys = {
    company_id: 1,
    private: { api_key: "pk_test_a", secret_key: "sk_test_a" },
    public: { api_key: "pk_test_b", secret_key: "sk_test_b" },
  };

  it("keeps the team's passwords beside the keys, readable by the owner only", () => {
    const people = [
      {
        email: "dana.lee@demo-staffing.example",
        password: "p".repeat(16),
        role: "customer_admin" as const,
        name: "Dana Lee",
        title: "Operations manager",
      },
    ];
    saveDemoCredentials({ ...keys, people });
    expect(fs.statSync(demoCredentialsPath()).mode & 0o777).toBe(0o600);
    expect(loadDemoCredentials()).toEqual({ ...keys, people });
  });

  it("reads a file written before people existed as a team of none, and a missing file as null", () => {
    expect(loadDemoCredentials()).toBeNull();
    fs.writeFileSync(demoCredentialsPath(), JSON.stringify(keys));
    expect(loadDemoCredentials()).toEqual({ ...keys, people: [] });
  });
});
