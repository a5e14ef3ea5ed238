import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { precompressStatic } from "./precompress.mjs";
import { chooseCoding } from "./static-assets";

describe("choosing a coding for a static file", () => {
  const both = ["br", "gzip"] as ("br" | "gzip")[];
  it.each([
    ["gzip, deflate, br, zstd", "br"], // Chromium: a tie, broken by the server's preference
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0.5, gzip;q=0.8", "gzip"],
    ["*", "br"],
    ["deflate", null],
    ["identity", null],
    ["gzip;q=0, br;q=0", null],
    ["*;q=0", null],
    [undefined, null], // no header: the file as it is
  ])("Accept-Encoding %j -> %j", (header, chosen) => {
    expect(chooseCoding(header, both)).toBe(chosen);
  });

  it("offers only the variants the file has", () => {
    expect(chooseCoding("gzip, br", ["gzip"])).toBe("gzip");
    expect(chooseCoding("br", ["gzip"])).toBeNull();
  });
});

describe("compressing the build's static files", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ep-precompress-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("writes a Brotli and a gzip copy of each text file, the same bytes once decoded, and nothing else", async () => {
    const chunks = path.join(dir, ".next", "static", "chunks");
    fs.mkdirSync(chunks, { recursive: true });
    const script = Buffer.from("export const answer = 42;\n".repeat(200));
    fs.writeFileSync(path.join(chunks, "a.js"), script);
    fs.writeFileSync(path.join(chunks, "tiny.js"), "x"); // under 1 KiB: not worth it
    fs.writeFileSync(path.join(chunks, "b.png"), Buffer.alloc(4096)); // not text

    const totals = await precompressStatic(dir);

    expect(totals.files).toBe(1);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(chunks, "a.js.br")))).toEqual(
      script,
    );
    expect(zlib.gunzipSync(fs.readFileSync(path.join(chunks, "a.js.gz")))).toEqual(script);
    expect(fs.readdirSync(chunks).sort()).toEqual([
      "a.js",
      "a.js.br",
      "a.js.gz",
      "b.png",
      "tiny.js",
    ]);
  });

  it("does nothing where there is no build", async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "ep-precompress-none-"));
    expect(await precompressStatic(empty)).toEqual({ files: 0, bytes: 0, br: 0, gzip: 0 });
    fs.rmSync(empty, { recursive: true, force: true });
  });
});
