import { describe, expect, it } from "vitest";
import { ConfigError } from "@/lib/env";
import { hostAllowed, hostnameOf, hostRulesOf, publicOriginsOf } from "@/lib/net/allowed-hosts";

describe("hostnameOf: the name in a Host value", () => {
  it.each([
    ["example.com", "example.com"],
    ["Example.COM:8080", "example.com"],
    ["example.com.", "example.com"],
    ["127.0.0.1:3000", "127.0.0.1"],
    ["[::1]:3000", "::1"],
    ["[2001:DB8::1]", "2001:db8::1"],
    ["my_host.internal", "my_host.internal"],
  ])("%s → %s", (value, name) => {
    expect(hostnameOf(value)).toBe(name);
  });

  it.each([
    undefined,
    "",
    "exa mple.com",
    "evil.example/x",
    "user@example.com",
    "example.com:port",
    "example.com:123456",
    "[not-v6]:80",
    "::1",
    ".example.com",
    "a..b",
    "bücher.example",
  ])("%j is not a host", (value) => {
    expect(hostnameOf(value)).toBeNull();
  });
});

describe("hostRulesOf / hostAllowed", () => {
  const base = { HOST: "127.0.0.1" };

  it("by default: loopback names on any port, nothing else", () => {
    const rules = hostRulesOf(base);
    for (const h of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "LOCALHOST", "127.0.0.1"])
      expect(hostAllowed(h, rules), h).toBe(true);
    for (const h of [
      "evil.example",
      "evil.example:3000",
      "127.0.0.2:3000",
      "localhost.evil.example",
      undefined,
    ])
      expect(hostAllowed(h, rules), String(h)).toBe(false);
  });

  it("HOST when it names one address or name; not the wildcard binds", () => {
    expect(hostAllowed("10.1.2.3:3000", hostRulesOf({ HOST: "10.1.2.3" }))).toBe(true);
    expect(hostAllowed("box.lan", hostRulesOf({ HOST: "box.lan" }))).toBe(true);
    expect(hostAllowed("0.0.0.0:3000", hostRulesOf({ HOST: "0.0.0.0" }))).toBe(false);
    expect(hostAllowed("[::]:3000", hostRulesOf({ HOST: "::" }))).toBe(false);
  });

  it("PUBLIC_URL's, PUBLIC_ORIGINS' and ALLOWED_HOSTS' names", () => {
    const rules = hostRulesOf({
      ...base,
      PUBLIC_URL: "https://portal.example.com/base",
      PUBLIC_ORIGINS: "https://portal.example.net, http://staging.example.org:8080",
      ALLOWED_HOSTS: "app.internal, .preview.example.dev, 2001:db8::1, [2001:db8::2]",
    });
    for (const h of [
      "portal.example.com",
      "portal.example.com:443",
      "portal.example.net",
      "staging.example.org:8080",
      "app.internal:3000",
      "preview.example.dev",
      "pr-12.preview.example.dev",
      "[2001:db8::1]:3000",
      "[2001:db8::2]",
    ])
      expect(hostAllowed(h, rules), h).toBe(true);
    for (const h of ["example.com", "evilpreview.example.dev", "portal.example.com.evil.example"])
      expect(hostAllowed(h, rules), h).toBe(false);
  });

  it("* answers for any well-formed host", () => {
    const rules = hostRulesOf({ ...base, ALLOWED_HOSTS: "*" });
    expect(hostAllowed("anything.example:1", rules)).toBe(true);
    expect(hostAllowed("bad host", rules)).toBe(false);
  });

  it.each(["example.com:8080", "https://example.com", "exa!mple.com", "..example.com"])(
    "refuses ALLOWED_HOSTS=%j, naming the variable",
    (value) => {
      expect(() => hostRulesOf({ ...base, ALLOWED_HOSTS: value })).toThrow(ConfigError);
      expect(() => hostRulesOf({ ...base, ALLOWED_HOSTS: value })).toThrow(/^ALLOWED_HOSTS: /);
    },
  );
});

describe("publicOriginsOf", () => {
  it("PUBLIC_URL's origin and the PUBLIC_ORIGINS list, normalised", () => {
    expect(
      publicOriginsOf({
        PUBLIC_URL: "https://Portal.Example.com:443/app",
        PUBLIC_ORIGINS: "https://a.example, http://b.example:8080/",
      }),
    ).toEqual(["https://portal.example.com", "https://a.example", "http://b.example:8080"]);
    expect(publicOriginsOf({})).toEqual([]);
  });

  it.each([
    "a.example",
    "https://a.example/path",
    "ftp://a.example",
    "https://u:p@a.example",
    "https://a.example?x=1",
  ])("refuses PUBLIC_ORIGINS=%j", (value) => {
    expect(() => publicOriginsOf({ PUBLIC_ORIGINS: value })).toThrow(/^PUBLIC_ORIGINS: /);
  });
});
