import type { KnownBadge, RowCheck } from "@/lib/bulk/csv-import";
import { isSameWorker, workerName } from "@/lib/bulk/import-runner";
import { runPool } from "@/lib/bulk/run-pool";
import { apiFetch } from "@/lib/portal/client/fetcher";
import { pickExact } from "@/lib/portal/client/import-io";
import { readEveryPage } from "@/lib/portal/every-page";
import { normalizeList } from "@/lib/portal/normalize";
import { MAX_PAGE_SIZE } from "@/lib/schemas/paging";

/**
 * What the preview learns from the API before anything is sent: the company's badges (to read
 * a badge column) and which e-mails the pool already holds for somebody else.
 *
 * The e-mail look-up is one `GET users?email=` per row (the list's exact filter; the real
 * service has no batch form, and e-mails are unique across all users, so a worker outside the
 * pool is found only by the invite itself). It is bounded: the first POOL_CHECK_LIMIT ready rows,
 * two at a time, while the rows are already shown (250 took 13 s at four at a time on a 2-core
 * machine shared by several test runs); the rest are decided when sent, where a clash is the
 * same error on the row. Phones are not looked up: the list has no exact phone filter, only a
 * "contains" search; the invite's answer marks them.
 */

/** At most this many e-mails are looked up before sending. */
export const POOL_CHECK_LIMIT = 250;
/** Two at a time: it runs while the user reads the rows, and must not slow the page or the API. */
const CONCURRENCY = 2;

export type PoolCheck = {
  /** Row → the message for its e-mail, held by another worker of the pool. */
  clashes: Map<number, string>;
  /** Rows whose person is in the pool already (the same e-mail and name): left as they are. */
  inPool: number;
  /** Ready rows looked up. */
  checked: number;
  /** Ready rows not looked up (beyond the limit): decided when sent. */
  unchecked: number;
  /** The look-up stopped on an error: the rows are decided when sent. */
  failed: boolean;
};

export async function checkPool(
  checks: readonly RowCheck[],
  opts: {
    limit?: number;
    shouldStop?: () => boolean;
    onProgress?: (done: number, total: number) => void;
  } = {},
): Promise<PoolCheck> {
  const ready = checks.filter((c) => c.body !== null);
  const todo = ready.slice(0, opts.limit ?? POOL_CHECK_LIMIT);
  const result: PoolCheck = {
    clashes: new Map(),
    inPool: 0,
    checked: 0,
    unchecked: ready.length - todo.length,
    failed: false,
  };
  const { control, done } = runPool(
    todo,
    async (check) => {
      if (opts.shouldStop?.()) {
        control.cancel();
        return;
      }
      const body = check.body!;
      try {
        const q = new URLSearchParams({ email: body.email, page: "1", per: String(MAX_PAGE_SIZE) });
        // A 401 here must not send the user away mid-preview: the send step handles sessions.
        const { data } = await apiFetch<unknown>(`users?${q}`, { announceExpiry: false });
        const found = pickExact(data, "email", body.email);
        result.checked++;
        if (!found) return;
        if (isSameWorker(body, found)) result.inPool++;
        else
          result.clashes.set(
            check.row,
            `has already been taken by ${workerName(found)} in your pool`,
          );
      } catch {
        result.failed = true;
        control.cancel();
      }
    },
    {
      concurrency: CONCURRENCY,
      onProgress: (p) => opts.onProgress?.(p.done, todo.length),
    },
  );
  await done;
  return result;
}

/** Every badge of the company (all pages), to match a badge column's names against. */
export function loadBadgeCatalogue(): Promise<KnownBadge[]> {
  return readEveryPage(
    async (page, per) => {
      const q = new URLSearchParams({ page: String(page), per: String(per) });
      const { data } = await apiFetch<unknown>(`badges?${q}`, { announceExpiry: false });
      return normalizeList<KnownBadge>("badges", data, page, per);
    },
    (b) => String(b.id),
  );
}
