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
  return usePathname() === "/workers" ? list : page;
}
