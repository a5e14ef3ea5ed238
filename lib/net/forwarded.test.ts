import { describe, expect, it } from "vitest";
import { ConfigError } from "@/lib/env";
import {
  type ForwardedInput,
  normalizeAddress,
  type ProxyTrust,
  parseTrustedProxies,
  proxyTrustOf,
  resolveForwarded,
} from "@/lib/net/forwarded";

const NONE: ProxyTrust = { kind: "none" };
const ONE: ProxyTrust = { kind: "hops", hops: 1 };
const TWO: ProxyTrust = { kind: "hops", hops: 2 };
const LISTED: ProxyTrust = {
  kind: "addresses",
  list: parseTrustedProxies("10.0.0.0/8, 2001:db8::/32, loopback"),
};

const request = (over: Partial<ForwardedInput> = {}): ForwardedInput => ({
  peer: "10.0.0.2",
  encrypted: false,
  host: "app.internal:3000",
  forwardedFor: undefined,
  forwardedProto: undefined,
  forwardedHost: undefined,
  ...over,
});

describe("normalizeAddress: one spelling per address", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    [" 203.0.113.7 ", "203.0.113.7"],
    ["203.0.113.7:5123", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["::FFFF:127.0.0.1", "127.0.0.1"],
    ["2001:DB8::1", "2001:db8::1"],
    ["[2001:db8::1]", "2001:db8::1"],
    ["[2001:db8::1]:443", "2001:db8::1"],
    ["::1", "::1"],
  ])("%s → %s", (raw, expected) => {
    expect(normalizeAddress(raw)).toBe(expected);
  });

  it.each([
    "",
    "unknown",
    "example.com",
    "203.0.113",
    "203.0.113.7.8",
    "999.1.1.1",
    "_hidden",
    "1.2.3.4, 5.6.7.8",
  ])("%j is not an address", (raw) => {
    expect(normalizeAddress(raw)).toBeNull();
  });
});

describe("resolveForwarded: the client is the right-most address no trusted hop vouches past", () => {
  type Case = {
    why: string;
    trust: ProxyTrust;
    input: Partial<ForwardedInput>;
    client: string;
    proto?: "http" | "https";
    host?: string | undefined;
    hops: number;
  };
  it.each<Case>([
    {
      why: "no trust: the socket, whatever the headers say",
      trust: NONE,
      input: {
        forwardedFor: "198.51.100.1",
        forwardedProto: "https",
        forwardedHost: "evil.example",
      },
      client: "10.0.0.2",
      proto: "http",
      host: "app.internal:3000",
      hops: 0,
    },
    {
      why: "no trust: a TLS socket is https",
      trust: NONE,
      input: { encrypted: true },
      client: "10.0.0.2",
      proto: "https",
      hops: 0,
    },
    {
      why: "one hop: the proxy's entry",
      trust: ONE,
      input: { forwardedFor: "198.51.100.1", forwardedProto: "https" },
      client: "198.51.100.1",
      proto: "https",
      hops: 1,
    },
    {
      why: "one hop: a client's forged left-most entry is ignored",
      trust: ONE,
      input: { forwardedFor: "127.0.0.1, 198.51.100.1" },
      client: "198.51.100.1",
      hops: 1,
    },
    {
      why: "one hop: a forged X-Forwarded-Proto on the left is ignored",
      trust: ONE,
      input: { forwardedFor: "1.1.1.1, 198.51.100.1", forwardedProto: "https, http" },
      client: "198.51.100.1",
      proto: "http",
      hops: 1,
    },
    {
      why: "one hop: a proxy that sets (not appends) X-Forwarded-Proto",
      trust: ONE,
      input: { forwardedFor: "1.1.1.1, 198.51.100.1", forwardedProto: "https" },
      client: "198.51.100.1",
      proto: "https",
      hops: 1,
    },
    {
      why: "one hop, no X-Forwarded-For: the socket",
      trust: ONE,
      input: { forwardedProto: "https" },
      client: "10.0.0.2",
      proto: "http",
      hops: 0,
    },
    {
      why: "two hops: the outer proxy's entry, and its scheme",
      trust: TWO,
      input: {
        forwardedFor: "6.6.6.6, 198.51.100.1, 10.0.0.9",
        forwardedProto: "http, https, http",
      },
      client: "198.51.100.1",
      proto: "https",
      hops: 2,
    },
    {
      why: "two hops, a shorter chain: as far as it goes",
      trust: TWO,
      input: { forwardedFor: "198.51.100.1" },
      client: "198.51.100.1",
      hops: 1,
    },
    {
      why: "listed proxies: walk past every listed hop",
      trust: LISTED,
      input: { forwardedFor: "6.6.6.6, 198.51.100.1, 10.1.2.3, 10.0.0.9" },
      client: "198.51.100.1",
      hops: 3,
    },
    {
      why: "listed proxies: an unlisted socket is the client",
      trust: LISTED,
      input: { peer: "198.51.100.20", forwardedFor: "6.6.6.6" },
      client: "198.51.100.20",
      hops: 0,
    },
    {
      why: "listed proxies: IPv4-mapped socket address",
      trust: LISTED,
      input: { peer: "::ffff:10.0.0.2", forwardedFor: "198.51.100.1" },
      client: "198.51.100.1",
      hops: 1,
    },
    {
      why: "listed proxies: IPv6",
      trust: LISTED,
      input: { peer: "2001:db8::5", forwardedFor: "[2001:db8:ffff::1]:4000, 2001:db9::7" },
      client: "2001:db9::7",
      hops: 1,
    },
    {
      why: "listed proxies: all listed, the left-most is the client",
      trust: LISTED,
      input: { forwardedFor: "10.9.9.9, 10.0.0.9" },
      client: "10.9.9.9",
      hops: 2,
    },
    {
      why: "a trusted proxy that wrote garbage: the proxy itself is the client",
      trust: TWO,
      input: { forwardedFor: "198.51.100.1, unknown" },
      client: "10.0.0.2",
      hops: 0,
    },
    {
      why: "garbage further left than the trusted hops does not matter",
      trust: ONE,
      input: { forwardedFor: "<script>, 198.51.100.1" },
      client: "198.51.100.1",
      hops: 1,
    },
    {
      why: "an entry with a port",
      trust: ONE,
      input: { forwardedFor: "198.51.100.1:61000" },
      client: "198.51.100.1",
      hops: 1,
    },
    {
      why: "an unknown scheme keeps the socket's",
      trust: ONE,
      input: { forwardedFor: "198.51.100.1", forwardedProto: "ftp" },
      client: "198.51.100.1",
      proto: "http",
      hops: 1,
    },
    {
      why: "X-Forwarded-Host from the trusted proxy",
      trust: ONE,
      input: { forwardedFor: "198.51.100.1", forwardedHost: "evil.example, portal.example.com" },
      client: "198.51.100.1",
      host: "portal.example.com",
      hops: 1,
    },
    {
      why: "no X-Forwarded-Host: the Host header",
      trust: ONE,
      input: { forwardedFor: "198.51.100.1" },
      client: "198.51.100.1",
      host: "app.internal:3000",
      hops: 1,
    },
  ])("$why", ({ trust, input, client, proto, host, hops }) => {
    const got = resolveForwarded(request(input), trust);
    expect(got.client).toBe(client);
    expect(got.hops).toBe(hops);
    if (proto) expect(got.proto).toBe(proto);
    if (host !== undefined) expect(got.host).toBe(host);
  });

  it("a client rotating forged left-most values is always the same client", () => {
    const seen = new Set(
      Array.from(
        { length: 20 },
        (_, i) =>
          resolveForwarded(request({ forwardedFor: `10.0.0.${i}, 203.0.113.9` }), ONE).client,
      ),
    );
    expect([...seen]).toEqual(["203.0.113.9"]);
  });
});

describe("parseTrustedProxies", () => {
  it("takes addresses, CIDR ranges and the words loopback and private", () => {
    const list = parseTrustedProxies("192.0.2.7 , 198.51.100.0/24\nfd00::/8,loopback, PRIVATE");
    for (const a of ["192.0.2.7", "198.51.100.200", "127.0.0.1", "10.2.3.4", "192.168.1.1"])
      expect(list.check(a, "ipv4"), a).toBe(true);
    for (const a of ["fd12::1", "::1", "fc00::1"]) expect(list.check(a, "ipv6"), a).toBe(true);
    for (const a of ["192.0.2.8", "198.51.101.1", "8.8.8.8"])
      expect(list.check(a, "ipv4"), a).toBe(false);
    expect(list.check("2001:db8::1", "ipv6")).toBe(false);
  });

  it.each([
    "",
    " , ",
    "10.0.0.0/33",
    "10.0.0.0/",
    "10.0.0.0/8/8",
    "::/129",
    "example.com",
    "10.0.0/8",
    "10.0.0.0/-1",
    "10.0.0.0/8x",
  ])("refuses %j, naming the variable", (text) => {
    expect(() => parseTrustedProxies(text)).toThrow(ConfigError);
    expect(() => parseTrustedProxies(text)).toThrow(/^TRUSTED_PROXIES: /);
  });
});

describe("proxyTrustOf: the configuration as one rule", () => {
  it("nothing set: no proxy", () => {
    expect(proxyTrustOf({ TRUST_PROXY: false })).toEqual({ kind: "none" });
  });
  it("TRUST_PROXY=true alone: one hop (as before)", () => {
    expect(proxyTrustOf({ TRUST_PROXY: true })).toEqual({ kind: "hops", hops: 1 });
  });
  it("TRUST_PROXY_HOPS counts the proxies", () => {
    expect(proxyTrustOf({ TRUST_PROXY: true, TRUST_PROXY_HOPS: 3 })).toEqual({
      kind: "hops",
      hops: 3,
    });
  });
  it("TRUSTED_PROXIES names them", () => {
    const t = proxyTrustOf({ TRUST_PROXY: true, TRUSTED_PROXIES: "10.0.0.0/8" });
    expect(t.kind).toBe("addresses");
  });
  it.each([
    [{ TRUST_PROXY: false, TRUST_PROXY_HOPS: 2 }, /^TRUST_PROXY_HOPS: set TRUST_PROXY=true/],
    [{ TRUST_PROXY: false, TRUSTED_PROXIES: "10.0.0.1" }, /^TRUSTED_PROXIES: set TRUST_PROXY=true/],
    [{ TRUST_PROXY: true, TRUST_PROXY_HOPS: 2, TRUSTED_PROXIES: "10.0.0.1" }, /not both/],
    [{ TRUST_PROXY: true, TRUSTED_PROXIES: "nope" }, /"nope" is not an IP address/],
  ])("refuses %j", (e, message) => {
    expect(() => proxyTrustOf(e)).toThrow(message);
  });
});
