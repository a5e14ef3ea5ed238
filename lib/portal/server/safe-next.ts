/**
 * Characters a `next` may not hold: whitespace, backslashes (browsers read "/\evil" as
 * "//evil"), and control characters, which no header can hold.
 */
function unsafe(n: string): boolean {
  for (const ch of n) {
    const c = ch.codePointAt(0)!;
    if (c < 0x20 || c === 0x7f || ch === "\\" || /\s/.test(ch)) return true;
  }
  return false;
}

const BASE = "http://portal.invalid";

/**
 * Only same-site paths may be a `next`: never an open redirect. The path comes back as a browser
 * would send it (non-ASCII characters percent-encoded), so it can stand in a Location header;
 * anything else (another host, control characters, a path that resolves to "//…") is `fallback`.
 */
export function safeNext(next: string | string[] | undefined, fallback = "/home"): string {
  const n = Array.isArray(next) ? next[0] : next;
  if (!n?.startsWith("/") || n.startsWith("//") || unsafe(n)) return fallback;
  let url: URL;
  try {
    url = new URL(n, BASE);
  } catch {
    return fallback;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "/.//evil" resolves to "//evil", which a browser reads as another host.
  if (url.origin !== BASE || path.startsWith("//")) return fallback;
  return path;
}
