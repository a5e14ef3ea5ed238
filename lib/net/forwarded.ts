import { BlockList, isIP } from "node:net";
import { ConfigError } from "@/lib/env";

/**
 * Who is in front of this server. X-Forwarded-For is a list each proxy appends its peer to, so
 * only its right-hand end was written by proxies we know; anything to the left of the first
 * address we do not trust may be whatever the client sent. Like `proxy-addr` (Express): walk
 * from the socket leftwards while the hop is trusted; the first untrusted address is the client.
 *
 * - `none`: the socket is the client; forwarded headers are ignored.
 * - `hops`: the nearest `hops` proxies are trusted, whatever their address (TRUST_PROXY=true is one).
 * - `addresses`: a hop is trusted when its address is in the list (TRUSTED_PROXIES).
 */
export type ProxyTrust =
  | { kind: "none" }
  | { kind: "hops"; hops: number }
  | { kind: "addresses"; list: BlockList };

export type ForwardedInput = {
  /** The socket's remote address. */
  peer: string | undefined;
  /** The socket is TLS. */
  encrypted: boolean;
  host: string | undefined;
  forwardedFor: string | undefined;
  forwardedProto: string | undefined;
  forwardedHost: string | undefined;
};

export type Forwarded = {
  /** The socket peer, or the right-most address of X-Forwarded-For not written by a client. */
  client: string;
  /** The scheme the client used: the socket's, or what the proxy nearest the client saw. */
  proto: "http" | "https";
  /** The host the client asked for: Host, or X-Forwarded-Host from the proxy nearest the client. */
  host: string | undefined;
  /** How many trusted proxies the request came through (0: straight from the client). */
  hops: number;
};

/** Comma-separated header values (Node joins repeated headers with ", "), trimmed, blanks dropped. */
const entries = (value: string | undefined): string[] =>
  (value ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);

/**
 * An address as proxies write it ("203.0.113.7", "203.0.113.7:5123", "[2001:db8::1]:443",
 * "::ffff:203.0.113.7") in one canonical form: no port, no brackets, IPv4-mapped IPv6 as IPv4,
 * lower case. Null for anything that is not an IP address ("unknown", a name, garbage).
 */
export function normalizeAddress(raw: string | undefined): string | null {
  if (!raw) return null;
  let a = raw.trim();
  const bracketed = a.match(/^\[([^\]]+)\](?::\d{1,5})?$/);
  if (bracketed) a = bracketed[1] ?? "";
  else if (/^[\d.]+:\d{1,5}$/.test(a)) a = a.slice(0, a.lastIndexOf(":"));
  a = a.toLowerCase();
  const mapped = a.match(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/);
  if (mapped) a = mapped[1] ?? "";
  return isIP(a) ? a : null;
}

function trusted(trust: ProxyTrust, address: string, index: number): boolean {
  if (trust.kind === "none") return false;
  if (trust.kind === "hops") return index < trust.hops;
  return trust.list.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}

/**
 * The value the proxy nearest the client wrote into a list header. Proxies that append put one
 * entry per hop in the same order as X-Forwarded-For, so after `hops` trusted hops it is the
 * `hops`-th from the right; a header with fewer entries was set (not appended) by a proxy we
 * trust, and its left-most entry is the outermost one's.
 */
function fromNearestToClient(value: string | undefined, hops: number): string | undefined {
  const list = entries(value);
  if (list.length === 0) return undefined;
  return list.length >= hops ? list[list.length - hops] : list[0];
}

export function resolveForwarded(input: ForwardedInput, trust: ProxyTrust): Forwarded {
  const peer = normalizeAddress(input.peer) ?? input.peer ?? "";
  const socketProto = input.encrypted ? "https" : "http";
  // chain[0] is the socket's peer, chain[i] the address hop i-1 says it received the request from.
  const chain = [peer, ...entries(input.forwardedFor).reverse()];
  let hops = 0;
  while (hops < chain.length - 1 && trusted(trust, chain[hops] ?? "", hops)) {
    const next = normalizeAddress(chain[hops + 1]);
    // A trusted proxy that wrote something other than an address: stop at the proxy itself.
    if (!next) break;
    chain[hops + 1] = next;
    hops++;
  }
  if (hops === 0) return { client: peer, proto: socketProto, host: input.host, hops };
  const proto = fromNearestToClient(input.forwardedProto, hops)?.toLowerCase();
  return {
    client: chain[hops] ?? peer,
    proto: proto === "https" || proto === "http" ? proto : socketProto,
    host: fromNearestToClient(input.forwardedHost, hops) ?? input.host,
    hops,
  };
}

const KEYWORDS: Record<string, [string, number][]> = {
  loopback: [
    ["127.0.0.0", 8],
    ["::1", 128],
  ],
  private: [
    ["10.0.0.0", 8],
    ["172.16.0.0", 12],
    ["192.168.0.0", 16],
    ["fc00::", 7],
  ],
};

/** "10.0.0.0/8, 192.0.2.7, fd00::/8, loopback": the addresses of the proxies in front of us. */
export function parseTrustedProxies(text: string): BlockList {
  const list = new BlockList();
  const items = text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length === 0) throw new ConfigError("TRUSTED_PROXIES: the list is empty");
  for (const item of items) {
    const keyword = KEYWORDS[item.toLowerCase()];
    if (keyword) {
      for (const [net, prefix] of keyword)
        list.addSubnet(net, prefix, isIP(net) === 6 ? "ipv6" : "ipv4");
      continue;
    }
    const [addr = "", prefixText, extra] = item.split("/");
    const family = isIP(addr);
    const max = family === 6 ? 128 : 32;
    const prefix = prefixText === undefined ? max : Number(prefixText);
    if (
      !family ||
      extra !== undefined ||
      !Number.isInteger(prefix) ||
      prefix < 0 ||
      prefix > max ||
      (prefixText !== undefined && !/^\d+$/.test(prefixText))
    ) {
      throw new ConfigError(
        `TRUSTED_PROXIES: "${item}" is not an IP address, a CIDR range (10.0.0.0/8), "loopback" or "private"`,
      );
    }
    list.addSubnet(addr, prefix, family === 6 ? "ipv6" : "ipv4");
  }
  return list;
}

/**
 * The configuration as one rule. TRUST_PROXY turns trust on; TRUST_PROXY_HOPS (default 1) or
 * TRUSTED_PROXIES says how far it goes. Either alone, or both, without TRUST_PROXY is a mistake
 * worth stopping the start for: the operator meant to trust something and would get nothing.
 */
export function proxyTrustOf(e: {
  TRUST_PROXY: boolean;
  TRUST_PROXY_HOPS?: number | undefined;
  TRUSTED_PROXIES?: string | undefined;
}): ProxyTrust {
  const hops = e.TRUST_PROXY_HOPS;
  const proxies = e.TRUSTED_PROXIES;
  if (!e.TRUST_PROXY) {
    if (hops !== undefined || proxies !== undefined)
      throw new ConfigError(
        `${hops !== undefined ? "TRUST_PROXY_HOPS" : "TRUSTED_PROXIES"}: set TRUST_PROXY=true as well (without it no proxy is trusted)`,
      );
    return { kind: "none" };
  }
  if (hops !== undefined && proxies !== undefined)
    throw new ConfigError(
      "TRUST_PROXY_HOPS, TRUSTED_PROXIES: set one of them (count the proxies, or name their addresses), not both",
    );
  if (proxies !== undefined) return { kind: "addresses", list: parseTrustedProxies(proxies) };
  return { kind: "hops", hops: hops ?? 1 };
}
