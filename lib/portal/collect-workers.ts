"use client";

import { apiFetch } from "./fetcher";
import { normalizeList } from "./normalize";
import type { Worker } from "./types";

/** At most what the real service returns a page. */
const PAGE = 50;

/**
 * Every worker matching `filters` (GET /users, all pages), like every client of the real
 * service: until a page holds fewer than asked for. A worker seen on an earlier page is kept
 * once. Throws the fetcher's error; `shouldStop` is asked between pages.
 */
export async function collectWorkers(
  filters: URLSearchParams,
  opts: { onProgress?: (found: number) => void; shouldStop?: () => boolean } = {},
): Promise<Worker[]> {
  const found = new Map<number, Worker>();
  for (let page = 1; ; page++) {
    if (opts.shouldStop?.()) break;
    const q = new URLSearchParams(filters);
    q.set("page", String(page));
    q.set("per", String(PAGE));
    const { data } = await apiFetch<unknown>(`users?${q}`);
    const { items, per } = normalizeList<Worker>("users", data, page, PAGE);
    const before = found.size;
    for (const w of items) if (!found.has(w.id)) found.set(w.id, w);
    opts.onProgress?.(found.size);
    // A short page is the last; a full one that brought nobody new means `page` is ignored.
    if (items.length < per || found.size === before) break;
  }
  return [...found.values()];
}
