/**
 * What kind of address an IP is, for deciding where the server may connect on a client's
 * behalf (webhooks). Pure (no node: imports), so the rules read the same everywhere.
 *
 * Only `public` is reachable by default; `loopback` and `private` only where the deployment
 * turns them on; the rest never: link-local (169.254.0.0/16, where cloud metadata services
 * live), known metadata addresses, unspecified (0.0.0.0/8, ::, which reach this machine),
 * multicast, broadcast, documentation, benchmarking and other reserved ranges. IPv6 forms that
 * carry an IPv4 address (IPv4-mapped, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by the
 * IPv4 address they carry.
 */
export type AddressKind =
  | "public"
  | "loopback"
  | "private"
  | "link-local"
  | "metadata"
  | "unspecified"
  | "multicast"
  | "reserved";

/** How a refusal names each kind ("resolves to …"). */
export const ADDRESS_KIND_PHRASE: Record<AddressKind, string> = {
  public: "a public address",
  loopback: "a loopback address (this machine)",
  private: "a private address",
  "link-local": "a link-local address (where cloud metadata services live)",
  metadata: "a cloud metadata address",
  unspecified: "an unspecified address (0.0.0.0 or ::, which reach this machine)",
  multicast: "a multicast address",
  reserved: "a reserved, documentation or broadcast address",
};

type Bytes = number[];

/** Dotted-decimal IPv4, exactly four parts of 0–255 (what URL parsing and DNS hand over). */
function parseV4(text: string): Bytes | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const out: Bytes = [];
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p)) return null;
    const n = Number(p);
    if (n > 255) return null;
    out.push(n);
  }
  return out;
}

/** IPv6 text (no brackets, no zone), with `::` and a trailing dotted IPv4 allowed; 16 bytes. */
function parseV6(text: string): Bytes | null {
  if (!/^[0-9a-f:.]+$/i.test(text)) return null;
  let head = text;
  let tail: Bytes = [];
  const lastColon = text.lastIndexOf(":");
  if (text.includes(".")) {
    const v4 = parseV4(text.slice(lastColon + 1));
    if (!v4) return null;
    tail = v4;
    head = text.slice(0, lastColon + 1);
    // "::1.2.3.4" leaves "::", "a::1.2.3.4" leaves "a::", "a:b:…:f:1.2.3.4" leaves "…f:".
    if (head.endsWith(":") && !head.endsWith("::")) head = head.slice(0, -1);
  }
  const halves = head.split("::");
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === "" ? [] : s.split(":"));
  const left = groups(halves[0]!);
  const right = halves.length === 2 ? groups(halves[1]!) : [];
  const want = 8 - tail.length / 2;
  const given = left.length + right.length;
  // "::" stands for one zero group or more.
  if (halves.length === 2 ? given >= want : given !== want) return null;
  const words = [...left, ...Array<string>(want - given).fill("0"), ...right];
  const out: Bytes = [];
  for (const w of words) {
    if (!/^[0-9a-f]{1,4}$/i.test(w)) return null;
    const n = Number.parseInt(w, 16);
    out.push(n >> 8, n & 0xff);
  }
  return [...out, ...tail];
}

/** An IP address as bytes (4 or 16), or null when the text is not one. Brackets are allowed. */
export function parseIp(text: string): { version: 4 | 6; bytes: Bytes } | null {
  const t = text.replace(/^\[(.*)\]$/, "$1");
  const v4 = parseV4(t);
  if (v4) return { version: 4, bytes: v4 };
  const v6 = t.includes(":") ? parseV6(t) : null;
  return v6 ? { version: 6, bytes: v6 } : null;
}

/** `prefix` given as bytes; true when the first `bits` bits of `bytes` match it. */
function within(bytes: Bytes, prefix: Bytes, bits: number): boolean {
  for (let i = 0; i < bits; i += 8) {
    const take = Math.min(8, bits - i);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[i / 8] ?? 0) & mask) !== ((prefix[i / 8] ?? 0) & mask)) return false;
  }
  return true;
}

const V4_RANGES: [Bytes, number, AddressKind][] = [
  [[169, 254, 169, 254], 32, "metadata"], // AWS, GCP, Azure, OpenStack…
  [[100, 100, 100, 200], 32, "metadata"], // Alibaba Cloud (inside the CGNAT range)
  [[168, 63, 129, 16], 32, "metadata"], // Azure's wire server (a public-looking address)
  [[0, 0, 0, 0], 8, "unspecified"],
  [[10, 0, 0, 0], 8, "private"],
  [[100, 64, 0, 0], 10, "private"], // carrier-grade NAT
  [[127, 0, 0, 0], 8, "loopback"],
  [[169, 254, 0, 0], 16, "link-local"],
  [[172, 16, 0, 0], 12, "private"],
  [[192, 0, 0, 0], 24, "reserved"], // IETF protocol assignments (Oracle's metadata is here)
  [[192, 0, 2, 0], 24, "reserved"], // documentation
  [[192, 88, 99, 0], 24, "reserved"], // 6to4 relays
  [[192, 168, 0, 0], 16, "private"],
  [[198, 18, 0, 0], 15, "reserved"], // benchmarking
  [[198, 51, 100, 0], 24, "reserved"], // documentation
  [[203, 0, 113, 0], 24, "reserved"], // documentation
  [[224, 0, 0, 0], 4, "multicast"],
  [[240, 0, 0, 0], 4, "reserved"], // future use, and 255.255.255.255
];

function classifyV4(b: Bytes): AddressKind {
  for (const [prefix, bits, kind] of V4_RANGES) if (within(b, prefix, bits)) return kind;
  return "public";
}

const hex = (s: string) => parseV6(s)!;

/** Ranges that carry an IPv4 address, and where it sits. */
const V6_EMBEDDING: [Bytes, number, number][] = [
  [hex("::ffff:0:0"), 96, 12], // IPv4-mapped
  [hex("64:ff9b::"), 96, 12], // NAT64
  [hex("2002::"), 16, 2], // 6to4
];

const V6_RANGES: [Bytes, number, AddressKind][] = [
  [hex("::"), 128, "unspecified"],
  [hex("::1"), 128, "loopback"],
  [hex("fd00:ec2::254"), 128, "metadata"], // AWS over IPv6
  [hex("fc00::"), 7, "private"], // unique local
  [hex("fec0::"), 10, "private"], // site-local (deprecated)
  [hex("fe80::"), 10, "link-local"],
  [hex("ff00::"), 8, "multicast"],
  [hex("2001::"), 23, "reserved"], // IETF assignments: Teredo, benchmarking, ORCHID…
  [hex("2001:db8::"), 32, "reserved"], // documentation
  [hex("3fff::"), 20, "reserved"], // documentation
  [hex("2000::"), 3, "public"], // global unicast
  // Anything else (IPv4-compatible ::/96, 100::/64 discard, unallocated space) falls through.
];

function classifyV6(b: Bytes): AddressKind {
  for (const [prefix, bits, at] of V6_EMBEDDING) {
    if (within(b, prefix, bits)) return classifyV4(b.slice(at, at + 4));
  }
  for (const [prefix, bits, kind] of V6_RANGES) if (within(b, prefix, bits)) return kind;
  return "reserved";
}

/** The kind of an IP address (brackets allowed), or null when the text is not an IP address. */
export function classifyAddress(text: string): AddressKind | null {
  const ip = parseIp(text);
  if (!ip) return null;
  return ip.version === 4 ? classifyV4(ip.bytes) : classifyV6(ip.bytes);
}
