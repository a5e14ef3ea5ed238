import "server-only";

/**
 * Session cookies this process has already opened, so that the next request with the same
 * cookie does not pay for opening it again. Opening a seal (iron-session: two PBKDF2 keys, an
 * HMAC and an AES decryption, each an asynchronous WebCrypto call) cost ~1.5 ms of a proxied
 * request under load, more than everything else the proxy adds (BENCHMARKS.md, issue 13).
 *
 * Only a seal iron-session opened successfully is kept, keyed by its exact text, in a cache made
 * for the one password it opened under (the caller keeps one per session secret), so a hit
 * answers exactly what opening it again would: iron-session's own check is authenticated and
 * deterministic. An entry is forgotten after a minute, and never outlives
 * the expiry written inside the seal (which iron-session itself honours up to a minute late, its
 * clock-skew allowance). Bounded: at most 2,000 entries, the oldest forgotten first. A cache, not
 * state: an instance without it answers the same, so instances still share nothing.
 * Whether a session was signed out is not cached: that is asked on every request.
 */
export const OPENED_SEALS_MAX = 2_000;
export const OPENED_SEAL_MAX_AGE_MS = 60_000;

type Entry<T> = { data: T; until: number };

export function openedSeals<T extends object>(now: () => number = Date.now) {
  const entries = new Map<string, Entry<T>>();
  return {
    /** A copy of what the seal opened to, or undefined: not seen, or expired. */
    get(seal: string): T | undefined {
      const e = entries.get(seal);
      if (!e) return undefined;
      if (e.until <= now()) {
        entries.delete(seal);
        return undefined;
      }
      return { ...e.data };
    },
    /** Remembers what a seal opened to (a copy: the session object is changed by its users). */
    set(seal: string, data: T): void {
      const until = Math.min(now() + OPENED_SEAL_MAX_AGE_MS, expiryOf(seal));
      if (!(until > now())) return;
      entries.delete(seal);
      entries.set(seal, { data: { ...data }, until });
      while (entries.size > OPENED_SEALS_MAX) {
        const oldest = entries.keys().next().value as string;
        entries.delete(oldest);
      }
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * The expiry (ms) written in an iron seal, `Fe26.2*id*salt*iv*data*expiration*hmacSalt*hmac`
 * (iron-session adds `~2`); 0, so nothing is kept, when there is none or it cannot be read.
 */
export function expiryOf(seal: string): number {
  const fields = (seal.split("~")[0] ?? "").split("*");
  const expiration = fields[5] ?? "";
  return fields.length === 8 && /^\d+$/.test(expiration) ? Number(expiration) : 0;
}
