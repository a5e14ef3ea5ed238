import { describe, expect, it } from "vitest";
import { safeNext } from "./safe-next";

describe("safeNext: a same-site path a Location header can hold, or the fallback", () => {
  it.each([
    ["/workers?q=ada&page=2", "/workers?q=ada&page=2"],
    ["/jobs/12#timeline", "/jobs/12#timeline"],
    // Non-ASCII is sent percent-encoded, as a browser would (a raw one made the redirect a 500).
    ["/中文", "/%E4%B8%AD%E6%96%87"],
    ["/workers?q=Léa", "/workers?q=L%C3%A9a"],
    ["/%01/x", "/%01/x"],
  ])("%s → %s", (next, expected) => {
    expect(safeNext(next)).toBe(expected);
  });

  it.each([
    ["nothing", undefined],
    ["an empty value", ""],
    ["another site", "https://evil.example/"],
    ["a protocol-relative URL", "//evil.example"],
    ["a backslash (read as a slash by browsers)", "/\\evil.example"],
    ["a relative path", "workers"],
    ["a control character", "/\u0001/x"],
    ["a newline (header injection)", "/workers\r\nSet-Cookie: x=1"],
    ["a tab", "/\tevil.example"],
    ["a path that resolves to two slashes", "/.//evil.example"],
    ["a path that climbs to two slashes", "/a/..//evil.example"],
    ["javascript:", "javascript:alert(1)"],
  ])("refuses %s", (_, next) => {
    expect(safeNext(next)).toBe("/home");
    expect(safeNext(next, "/jobs")).toBe("/jobs");
  });

  it("takes the first of a repeated parameter", () => {
    expect(safeNext(["/jobs", "//evil.example"])).toBe("/jobs");
  });
});
