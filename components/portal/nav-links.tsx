"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useHolds } from "@/components/portal/portal-access";
import { useRememberedHref } from "@/lib/portal/client/use-list-memory";
import type { Action } from "@/lib/schemas/permissions";

const LINKS: { href: string; label: string; remembers?: boolean; needs?: Action }[] = [
  { href: "/jobs", label: "Jobs", remembers: true },
  { href: "/workers", label: "Workers", remembers: true },
  { href: "/badges", label: "Badges" },
  { href: "/outbox", label: "Outbox" },
  { href: "/webhooks", label: "Webhooks" },
  { href: "/team", label: "Team", needs: "team.write" },
  { href: "/docs", label: "API docs" },
];

export function NavLinks() {
  const pathname = usePathname();
  // A page that needs an action (Team: admins) is offered only to those who hold it.
  const holds = useHolds();
  // The lists come back as they were last shown in this tab (filters, sort, page).
  const remembered: Record<string, string> = {
    "/jobs": useRememberedHref("/jobs"),
    "/workers": useRememberedHref("/workers"),
  };
  return (
    // Below lg the links get a row of their own under the brand and account (wrapping on a
    // phone) rather than push the page wider than the screen.
    <ul className="order-last -mx-2 flex w-full flex-wrap items-center gap-1 lg:order-none lg:mx-0 lg:w-auto">
      {LINKS.filter((l) => !l.needs || holds(l.needs)).map((l) => {
        const active = pathname === l.href || pathname.startsWith(`${l.href}/`);
        return (
          <li key={l.href}>
            <Link
              href={l.remembers ? remembered[l.href]! : l.href}
              aria-current={active ? "page" : undefined}
              className={`block rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap sm:px-3 lg:inline ${
                active
                  ? "bg-slate-900/5 text-slate-900"
                  : "text-slate-600 hover:bg-slate-900/5 hover:text-slate-900"
              }`}
            >
              {l.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
