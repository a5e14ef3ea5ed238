import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hashToken, randomToken, safeEqualHex, safeEqualText } from "./hash-token";

describe("hashToken", () => {
  it("is the lowercase hex SHA-256 of the UTF-8 text", () => {
    expect(hashToken("abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
    expect(hashToken("é")).toBe(hashToken("\u00e9"));
    expect(hashToken("sk_test_a")).not.toBe(hashToken("sk_test_b"));
  });
});

describe("randomToken", () => {
  it("gives 43 URL-safe characters from 32 bytes, never the same twice", () => {
    const seen = new Set(Array.from({ length: 200 }, () => randomToken()));
    expect(seen.size).toBe(200);
    for (const t of seen) expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken(9)).toMatch(/^[A-Za-z0-9_-]{12}$/);
  });
});

describe("safeEqualHex", () => {
  const d = hashToken("secret");

  it("is true for the same digest, in either case", () => {
    expect(safeEqualHex(d, hashToken("secret"))).toBe(true);
    expect(safeEqualHex(d, d.toUpperCase())).toBe(true);
  });

  it("is false for another digest, or one that differs only in its last character", () => {
    expect(safeEqualHex(d, hashToken("Secret"))).toBe(false);
    const last = d.at(-1) === "0" ? "1" : "0";
    expect(safeEqualHex(d, `${d.slice(0, -1)}${last}`)).toBe(false);
  });

  it("is false for different lengths", () => {
    expect(safeEqualHex(d, d.slice(0, 62))).toBe(false);
    expect(safeEqualHex(d, `${d}00`)).toBe(false);
  });

  it.each([
    ["odd length that differs in the dropped half-byte", "abc", "abd"],
    ["non-hex text (Buffer.from stops at it and would compare empty buffers)", "zz", "yy"],
    ["hex with a non-hex tail", `${"ab".repeat(32)}zz`, `${"ab".repeat(32)}yy`],
    ["both empty", "", ""],
    ["the same non-hex text", "not hex", "not hex"],
  ])("is false for %s", (_, a, b) => {
    expect(safeEqualHex(a, b)).toBe(false);
  });
});

describe("safeEqualText", () => {
  it("compares whole strings of any length", () => {
    expect(safeEqualText("sk_test_abc", "sk_test_abc")).toBe(true);
    expect(safeEqualText("", "")).toBe(true);
    expect(safeEqualText("sk_test_abc", "sk_test_abd")).toBe(false);
    expect(safeEqualText("sk_test_abc", "sk_test_ab")).toBe(false);
    expect(safeEqualText("sk_test_abc", "sk_test_abc ")).toBe(false);
    expect(safeEqualText("é", "e\u0301")).toBe(false);
  });
});

/**
 * A guard, by reading the source: in the service and the server routes, no secret, token, hash,
 * signature or password is compared with == / ===. Lookups go by hash in SQL; comparisons go
 * through the helpers above (crypto.timingSafeEqual). A heuristic on names: a false alarm is
 * fixed by renaming, a real one by using safeEqualHex / safeEqualText.
 */
describe("no plain comparison of secrets in the source", () => {
  const SECRETISH = "(?:secret|token|hash|signature|password|digest)";
  const compare = new RegExp(
    `\\w*${SECRETISH}\\w*[\\])]?\\s*[!=]==?(?!>)|[!=]==?\\s*[\\w.]*${SECRETISH}\\w*`,
    "i",
  );
  const files = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return e.name === "tests" ? [] : files(full);
      return /\.tsx?$/.test(e.name) && !e.name.endsWith(".test.ts") ? [full] : [];
    });

  it("finds none in lib/api-v2, lib/portal and app/api*", () => {
    const root = process.cwd();
    const scanned = [
      ...files(path.join(root, "lib/api-v2")),
      ...files(path.join(root, "lib/portal")),
      ...files(path.join(root, "app/api_v2")),
      ...files(path.join(root, "app/api")),
    ];
    expect(scanned.length).toBeGreaterThan(50);
    const hits = scanned.flatMap((file) =>
      fs
        .readFileSync(file, "utf8")
        .split("\n")
        .map((line, i) => ({ line: line.trim(), at: `${path.relative(root, file)}:${i + 1}` }))
        .filter(({ line }) => !line.startsWith("//") && !line.startsWith("*"))
        .filter(({ line }) => compare.test(line.replace(/typeof \w+(\.\w+)* [!=]==/g, "")))
        .map(({ at, line }) => `${at}: ${line}`),
    );
    expect(hits).toEqual([]);
  });
});
