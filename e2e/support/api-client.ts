import { normalizePhone } from "@/lib/schemas/phone";

/** One answer from the API over HTTP: status, parsed body, and how long it took. */
export type Answer<T = any> = { status: number; body: T; ms: number };

export type Api = <T = any>(
  method: string,
  pathAndQuery: string,
  body?: unknown,
) => Promise<Answer<T>>;

/**
 * A client of /api_v2 on a running server, with the token as a bearer header. A request counts
 * as answered only when the whole body has arrived and parsed: a server killed mid-response
 * makes this throw, like a refused or reset connection.
 */
export function apiClient(base: string, token: string, timeoutMs = 30_000): Api {
  return async (method, pathAndQuery, body) => {
    const started = performance.now();
    const res = await fetch(`${base}/api_v2${pathAndQuery}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    const ms = performance.now() - started;
    let parsed: unknown = text;
    try {
      parsed = text === "" ? null : JSON.parse(text);
    } catch {
      // Not JSON: kept as text, the caller's status check says what was expected.
    }
    return { status: res.status, body: parsed as any, ms };
  };
}

/**
 * Unique, valid worker identities for one test run: e-mails carry a run tag, phones are valid
 * Alaskan (+1 907) numbers, an area code the demo company never uses.
 */
export class Identities {
  readonly tag = Math.random().toString(36).slice(2, 8);
  private n = 0;
  private phoneSeq = Math.floor(Math.random() * 1_000_000);

  next(label: string): { email: string; phone: string; external_id: string; n: number } {
    const n = ++this.n;
    let phone: string | null = null;
    while (!phone) {
      this.phoneSeq = (this.phoneSeq + 7919) % 8_000_000;
      phone = normalizePhone(`+1907${2_000_000 + this.phoneSeq}`);
    }
    return {
      n,
      email: `${label}.${this.tag}.${n}@example.com`,
      phone,
      external_id: `${label}-${this.tag}-${n}`,
    };
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
