"use client";

import { apiFetch } from "@/lib/portal/client/fetcher";
import { readEveryPage } from "@/lib/portal/every-page";
import { normalizeList } from "@/lib/portal/normalize";
import type { Worker } from "@/lib/portal/types";

/**
 * Every worker matching `filters` (GET /users, all pages). Throws the fetcher's error;
 * `shouldStop` is asked between pages.
 */
export function collectWorkers(
  filters: URLSearchParams,
  opts: { onProgress?: (found: number) => void; shouldStop?: () => boolean } = {},
): Promise<Worker[]> {
  return readEveryPage(
    async (page, per) => {
      const q = new URLSearchParams(filters);
      q.set("page", String(page));
      q.set("per", String(per));
      const { data } = await apiFetch<unknown>(`users?${q}`);
      return normalizeList<Worker>("users", data, page, per);
    },
    (w) => String(w.id),
    opts,
  );
}
