import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { env } from "@/lib/env";
import { webhookUrlProblem } from "@/lib/schemas/webhook";
import { isLoopbackHost } from "./loopback";
import { ADDRESS_KIND_PHRASE, type AddressKind, classifyAddress } from "./public-address";

/**
 * Where a webhook may go, and the one way it is sent there. A target must resolve only to
 * addresses the policy allows (public ones; loopback and private networks only where the
 * deployment turns them on; link-local, metadata and reserved ones never). The host is resolved
 * once, every address checked, and the connection made to those checked addresses and no
 * others (no second lookup a DNS server could answer differently). Redirects are never
 * followed, and the receiver's answer is reduced to its status: nothing it sends is kept.
 */

export type TargetPolicy = {
  /** 127.0.0.0/8, ::1 and localhost. */
  loopback: boolean;
  /** 10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7. */
  private: boolean;
  /**
   * Only this machine, named by address or as localhost (the demo company, which anyone may
   * open): no name is resolved, nothing else is reached. Still needs `loopback`.
   */
  loopbackOnly: boolean;
  /** Plain http to a loopback host (ALLOW_HTTP_LOOPBACK, and `loopback`). */
  httpLoopback: boolean;
};

/**
 * The deployment's policy for a company. Loopback defaults to on only for a local demo: the
 * embedded database, listening on loopback, with no proxy in front, where the machine's own
 * services are the user's own. Anywhere else webhooks reach this machine only when
 * WEBHOOK_ALLOW_LOOPBACK says so.
 */
export function webhookTargetPolicy(company: { demo: boolean }): TargetPolicy {
  const e = env();
  const localDemo = !e.DATABASE_URL && isLoopbackHost(e.HOST) && !e.TRUST_PROXY;
  const loopback = e.WEBHOOK_ALLOW_LOOPBACK ?? localDemo;
  return {
    loopback,
    private: e.WEBHOOK_ALLOW_PRIVATE && !company.demo,
    loopbackOnly: company.demo,
    httpLoopback: e.ALLOW_HTTP_LOOPBACK && loopback,
  };
}

export type ResolvedAddress = { address: string; family: 4 | 6 };
export type Resolve = (hostname: string, timeoutMs: number) => Promise<ResolvedAddress[]>;

export type TargetCheck =
  | { ok: true; url: URL; addresses: ResolvedAddress[] }
  /**
   * `syntax`: not a usable URL; `forbidden`: reaches somewhere the policy refuses;
   * `unresolved`: the name does not resolve now (no address to judge; a delivery tries again).
   */
  | { ok: false; reason: "syntax" | "forbidden" | "unresolved"; problem: string };

const LOCALHOST: ResolvedAddress[] = [
  { address: "127.0.0.1", family: 4 },
  { address: "::1", family: 6 },
];

const THIS_MACHINE = "127.0.0.1, ::1 or localhost";

/** Names refused before any lookup: cloud metadata, zones kept for private use, bare names. */
function forbiddenName(name: string): string | null {
  if (name === "metadata.google.internal") {
    return "names a cloud metadata service, which webhooks may not reach";
  }
  // .internal (ICANN, 2024), .local (mDNS), .home.arpa (RFC 8375): never public hosts.
  if (/\.(internal|local|localdomain|home\.arpa)$/.test(name)) {
    return "is a private-use name, which webhooks may not reach";
  }
  // A bare name ("metadata", "db") is completed by the resolver's search domains: local ones.
  if (!name.includes(".")) return "must name a host by its full domain name";
  return null;
}

function verdict(kind: AddressKind | null, policy: TargetPolicy): boolean {
  if (kind === "loopback") return policy.loopback;
  if (policy.loopbackOnly) return false;
  return kind === "public" || (kind === "private" && policy.private);
}

function refusal(kind: AddressKind | null, literal: boolean, policy: TargetPolicy): string {
  const what = kind ? ADDRESS_KIND_PHRASE[kind] : "an address that cannot be judged";
  const subject = literal ? `is ${what}` : `resolves to ${what}`;
  if (policy.loopbackOnly && kind !== "loopback") {
    return `${subject}, but the demo company's webhooks may only reach this machine (${THIS_MACHINE})`;
  }
  return `${subject}, which webhooks may not reach here`;
}

/** A hostname without brackets, lowercased, without one trailing dot. */
function bareHost(url: URL): string {
  return url.hostname
    .replace(/^\[(.*)\]$/, "$1")
    .toLowerCase()
    .replace(/\.$/, "");
}

/**
 * Judges a webhook URL: its syntax (https; plain http to loopback where allowed; no
 * credentials), its host name, and every address it resolves to now. Registration refuses
 * `syntax` and `forbidden`; a delivery also waits out `unresolved`.
 */
export async function checkWebhookTarget(
  raw: string,
  policy: TargetPolicy,
  resolve: Resolve = resolveHost,
): Promise<TargetCheck> {
  const syntax = webhookUrlProblem(raw, policy.httpLoopback);
  if (syntax) return { ok: false, reason: "syntax", problem: syntax };
  const url = new URL(raw);
  const host = bareHost(url);
  const literal = classifyAddress(host) !== null;
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: host, family: host.includes(":") ? 6 : 4 }];
  } else if (host === "localhost" || host.endsWith(".localhost")) {
    // Always this machine (RFC 6761), whatever a resolver would say.
    addresses = LOCALHOST;
  } else if (policy.loopbackOnly) {
    return {
      ok: false,
      reason: "forbidden",
      problem: `must be ${THIS_MACHINE}: the demo company's webhooks may only reach this machine`,
    };
  } else {
    const named = forbiddenName(host);
    if (named) return { ok: false, reason: "forbidden", problem: named };
    try {
      addresses = await resolve(host, env().WEBHOOK_TIMEOUT_MS);
    } catch (err) {
      const code = (err as { code?: string }).code;
      return {
        ok: false,
        reason: "unresolved",
        problem: `does not resolve${code && /^[A-Z_]{2,30}$/.test(code) ? ` (${code})` : ""}`,
      };
    }
    if (addresses.length === 0) {
      return { ok: false, reason: "unresolved", problem: "does not resolve (no address)" };
    }
  }
  for (const a of addresses) {
    const kind = classifyAddress(a.address);
    if (!verdict(kind, policy)) {
      return { ok: false, reason: "forbidden", problem: refusal(kind, literal, policy) };
    }
  }
  return { ok: true, url, addresses };
}

/**
 * Every address of a name: from WEBHOOK_DNS_SERVER when set, else the system's resolver (which
 * also reads /etc/hosts). Gives up after `timeoutMs`.
 */
export async function resolveHost(name: string, timeoutMs: number): Promise<ResolvedAddress[]> {
  const server = env().WEBHOOK_DNS_SERVER;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error("DNS timeout"), { code: "ETIMEOUT" })),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([
      server ? askServer(server, name, timeoutMs) : askSystem(name),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function askSystem(name: string): Promise<ResolvedAddress[]> {
  const found = await dns.promises.lookup(name, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

async function askServer(server: string, name: string, timeoutMs: number) {
  const resolver = new dns.promises.Resolver({ timeout: Math.min(timeoutMs, 5_000), tries: 1 });
  resolver.setServers([server]);
  const [v4, v6] = await Promise.allSettled([resolver.resolve4(name), resolver.resolve6(name)]);
  const out: ResolvedAddress[] = [];
  if (v4.status === "fulfilled")
    out.push(...v4.value.map((address) => ({ address, family: 4 as const })));
  if (v6.status === "fulfilled")
    out.push(...v6.value.map((address) => ({ address, family: 6 as const })));
  if (out.length > 0) return out;
  const failed = [v4, v6].filter((r) => r.status === "rejected").map((r) => r.reason);
  throw failed.find((e) => (e as { code?: string }).code !== "ENODATA") ?? failed[0];
}

/**
 * The lookup a connection uses: the addresses already checked, nothing else. A name other
 * than the one checked (there is none: redirects are not followed) finds nothing.
 */
function pinnedLookup(host: string, addresses: ResolvedAddress[]): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 4 || options.family === 6 ? options.family : 0;
    const list = addresses.filter((a) => !family || a.family === family);
    const name = hostname.toLowerCase().replace(/\.$/, "");
    if (name !== host || list.length === 0) {
      const err = Object.assign(new Error(`${hostname} was not checked`), { code: "ENOTFOUND" });
      callback(err, "", 4);
      return;
    }
    if (options.all) (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, list);
    else callback(null, list[0]!.address, list[0]!.family);
  };
}

export type Sent = { status: number };

/** What is read of an answer (and thrown away) before the connection is closed. */
const MAX_DRAINED_BYTES = 16 * 1024;

/**
 * POSTs the body to a checked target, connecting only to its checked addresses. Resolves with
 * the status once the answer's head arrives; the answer's body is drained (at most 16 KB, then
 * the connection is closed) and never kept. Rejects on a network error, or with an AbortError after `timeoutMs`.
 */
export function postToTarget(
  target: Extract<TargetCheck, { ok: true }>,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<Sent> {
  const { url, addresses } = target;
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: "POST",
      headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      agent: false,
      lookup: pinnedLookup(bareHost(url), addresses),
      signal: AbortSignal.timeout(timeoutMs),
    });
    req.on("response", (res) => {
      resolve({ status: res.statusCode ?? 0 });
      // Drained, never kept: only the status counts. A long answer is cut off.
      let seen = 0;
      res.on("data", (chunk: Buffer) => {
        seen += chunk.length;
        if (seen > MAX_DRAINED_BYTES) req.destroy();
      });
      res.on("error", () => undefined);
    });
    // Also after the answer (a cut-off or timed-out drain): nothing left to report.
    req.on("error", reject);
    req.end(body);
  });
}
