import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { redact, redactPath } from "@/lib/log";
import { scanForSecrets } from "./secret-scan";

const write = (text: string) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "scan-")), "x.log");
  fs.writeFileSync(file, text);
  return file;
};

describe("the end-of-run secret scan", () => {
  it("finds each shape of leak and the noted values, naming the line but not the value", () => {
    const file = write(
      [
        '{"msg":"ok","path":"/api_v2/me?token=[REDACTED]"}',
        '{"msg":"leak","path":"/api_v2/me?token=abcdefghijkl"}',
        "key sk_test_AbCdEf123456",
        "Authorization: Bearer abcdefghijklmnop",
        '{"token":"abcdefghijklmnopqrst"}',
        "the noted one: zzzz-known-secret-zzzz",
      ].join("\n"),
    );
    const found = scanForSecrets([file], ["zzzz-known-secret-zzzz"]);
    expect(found.map((f) => [f.line, f.what])).toEqual([
      [2, "secret query parameter"],
      [3, "secret key (sk_…)"],
      [4, "bearer token"],
      [5, "token/password field"],
      [6, "an issued secret"],
    ]);
    expect(JSON.stringify(found)).not.toContain("abcdefghijkl");
  });

  it("passes what the log's own redaction writes", () => {
    const line = redact(
      JSON.stringify({
        path: redactPath("/api_v2/authenticate?api_key=pk_test_1&secret_key=sk_test_abcdef123"),
        header: "Bearer abcdefghijklmnop",
      }),
    );
    expect(scanForSecrets([write(line)], [])).toEqual([]);
  });
});
