import { isIP } from "node:net";
import { ConfigError } from "@/lib/env";

/**
 * Which host names this server answers for. A browser tricked by DNS rebinding (a name the
 * attacker controls, pointed at this machine) sends that name as Host: refusing names we were
 * not told about keeps such a page from reading the portal or the API. Loopback names are
 * always allowed, so `npm start` works and the portal reaches its embedded API; so is HOST when
 * it names one address. Ports are not compared: rebinding cannot change the port, and a
 * container published on another port (`-p 8080:3000`) must still answer.
 */
export type HostRules = { any: boolean; names: ReadonlySet<string>; suffixes: readonly string[] };

type HostConfig = {
  HOST: string;
  PUBLIC_URL?: string | undefined;
  PUBLIC_ORIGINS?: string | undefined;
  ALLOWED_HOSTS?: string | undefined;
};

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "::1"];
const WILDCARD_BINDS = new Set(["0.0.0.0", "::", ""]);

/**
 * The host name of a Host (or X-Forwarded-Host) value: "Example.COM.:8080" → "example.com",
 * "[::1]:3000" → "::1". Null when it is not a host name or an address with an optional port.
 */
export function hostnameOf(value: string | undefined | null): string | null {
  if (!value) return null;
  const m = value.trim().match(/^(?:\[([0-9a-fA-F:.]+)\]|([A-Za-z0-9_.-]+))(?::(\d{1,5}))?$/);
  if (!m) return null;
  if (m[1] !== undefined) return isIP(m[1]) === 6 ? m[1].toLowerCase() : null;
  const name = (m[2] ?? "").toLowerCase().replace(/\.$/, "");
  if (!name || name.startsWith(".") || name.includes("..")) return null;
  return name;
}

const splitList = (text: string | undefined) =>
  (text ?? "")
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** PUBLIC_URL's origin and the PUBLIC_ORIGINS list: where the portal's pages are served from. */
export function publicOriginsOf(e: Pick<HostConfig, "PUBLIC_URL" | "PUBLIC_ORIGINS">): string[] {
  const origins: string[] = [];
  if (e.PUBLIC_URL) origins.push(new URL(e.PUBLIC_URL).origin);
  for (const item of splitList(e.PUBLIC_ORIGINS)) {
    let url: URL | null = null;
    try {
      url = new URL(item);
    } catch {
      // reported below
    }
    if (
      !url ||
      (url.protocol !== "https:" && url.protocol !== "http:") ||
      url.pathname !== "/" ||
      url.search ||
      url.hash ||
      url.username ||
      url.password
    ) {
      throw new ConfigError(
        `PUBLIC_ORIGINS: "${item}" is not an origin (scheme://host[:port], nothing after the port)`,
      );
    }
    origins.push(url.origin);
  }
  return origins;
}

export function hostRulesOf(e: HostConfig): HostRules {
  const names = new Set(LOOPBACK_NAMES);
  const suffixes: string[] = [];
  let any = false;
  const bind = e.HOST.replace(/^\[|\]$/g, "").toLowerCase();
  if (!WILDCARD_BINDS.has(bind)) names.add(bind);
  for (const origin of publicOriginsOf(e)) names.add(hostnameOf(new URL(origin).host) ?? "");
  for (const item of splitList(e.ALLOWED_HOSTS)) {
    if (item === "*") {
      any = true;
      continue;
    }
    if (isIP(item) === 6) {
      names.add(item.toLowerCase());
      continue;
    }
    const suffix = item.startsWith(".");
    const name = hostnameOf(suffix ? item.slice(1) : item);
    if (!name || /:\d+$/.test(item.replace(/^\[[^\]]*\]/, ""))) {
      throw new ConfigError(
        `ALLOWED_HOSTS: "${item}" is not a host name (example.com, .example.com for its subdomains, an address, or *), without a port`,
      );
    }
    if (suffix) suffixes.push(`.${name}`);
    else names.add(name);
  }
  names.delete("");
  return { any, names, suffixes };
}

/** The host named by a Host value is one this server answers for. */
export function hostAllowed(value: string | undefined, rules: HostRules): boolean {
  const name = hostnameOf(value);
  if (!name) return false;
  if (rules.any || rules.names.has(name)) return true;
  return rules.suffixes.some((s) => name.endsWith(s) || name === s.slice(1));
}
