import { MAX_PAGE_SIZE } from "@/lib/schemas/paging";

type PageRead<T> = { items: T[]; per: number };

/**
 * Every record of a paged list, the way every client of the real service reads one: pages of
 * MAX_PAGE_SIZE until a page holds fewer than it says it used. A record seen on an earlier page
 * (rows that moved while paging) is kept once, and a full page that brings nothing new ends the
 * walk too (an upstream that ignores `page` would otherwise loop forever). `read` throws to
 * stop with an error; `shouldStop` is asked between pages. Used on both sides: the browser's
 * bulk actions and the server's export.
 */
export async function readEveryPage<T>(
  read: (page: number, per: number) => Promise<PageRead<T>>,
  idOf: (item: T) => string,
  opts: { onProgress?: (found: number) => void; shouldStop?: () => boolean } = {},
): Promise<T[]> {
  const found = new Map<string, T>();
  for (let page = 1; ; page++) {
    if (opts.shouldStop?.()) break;
    const { items, per } = await read(page, MAX_PAGE_SIZE);
    const before = found.size;
    for (const item of items) {
      const id = idOf(item);
      if (!found.has(id)) found.set(id, item);
    }
    opts.onProgress?.(found.size);
    if (items.length < per || found.size === before) break;
  }
  return [...found.values()];
}
