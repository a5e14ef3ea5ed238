"use client";

import Link from "next/link";
import type { ComponentProps } from "react";
import { useRememberedHref } from "@/lib/portal/client/use-list-memory";

/**
 * A way back to a list (breadcrumb, "back to the list"): leads to the list as it was last shown
 * in this tab (its filters, sort and page), like the menu's link. Usable from server pages.
 */
export function ListLink({
  path,
  ...props
}: { path: string } & Omit<ComponentProps<typeof Link>, "href">) {
  return <Link href={useRememberedHref(path)} {...props} />;
}
