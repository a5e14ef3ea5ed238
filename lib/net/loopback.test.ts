import { describe, expect, it } from "vitest";
import { isLoopbackAddress, isLoopbackHost } from "./loopback";

describe("loopback", () => {
  it.each([
    ["127.0.0.1", true],
    ["127.1.2.3", true],
    ["::1", true],
    ["[::1]", true],
    ["::ffff:127.0.0.1", true],
    ["10.0.0.1", false],
    ["128.0.0.1", false],
    ["::2", false],
    ["localhost", false],
    ["", false],
    [null, false],
  ])("address %s → %s", (a, want) => expect(isLoopbackAddress(a)).toBe(want));

  it.each([
    ["localhost", true],
    ["LOCALHOST", true],
    ["127.0.0.1", true],
    ["[::1]", true],
    ["localhost.example.com", false],
    ["example.com", false],
  ])("host %s → %s", (h, want) => expect(isLoopbackHost(h)).toBe(want));
});
