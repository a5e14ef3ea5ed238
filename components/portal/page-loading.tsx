"use client";

import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

/**
 * Chooses what a portal page shows while it loads. The workers list is wide (its table widens
 * the shell): a narrow placeholder there would make the whole page jump sideways when the list
 * arrives, so the list's own skeleton, as wide and as tall as the list, stands in for it. Both
 * placeholders are rendered on the server and passed in, so their markup adds no script.
 */
export function PageLoading({ list, page }: { list: ReactNode; page: ReactNode }) {
  const path = usePathname();
  if (path === "/workers") return list;
  // The calendar is wide too (seven columns of postings): its placeholder widens the shell as
  // the page will, or the header and the page would jump sideways when it arrives (a layout
  // shift of 0.044 on a slow database).
  return WIDE_PAGES.has(path) ? <div data-wide>{page}</div> : page;
}

const WIDE_PAGES = new Set(["/calendar"]);
