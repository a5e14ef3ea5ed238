"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { useHolds } from "@/components/portal/portal-access";
import { useRememberedHref } from "@/lib/portal/client/use-list-memory";
import type { Action } from "@/lib/schemas/permissions";

const LINKS: { href: string; label: string; remembers?: boolean; needs?: Action }[] = [
  { href: "/home", label: "Home" },
  { href: "/calendar", label: "Calendar" },
  { href: "/jobs", label: "Jobs", remembers: true },
  { href: "/workers", label: "Workers", remembers: true },
  { href: "/badges", label: "Badges" },
  { href: "/outbox", label: "Outbox" },
  { href: "/webhooks", label: "Webhooks" },
  { href: "/team", label: "Team", needs: "team.write" },
  { href: "/docs", label: "API docs" },
];

/**
 * The main menu. From lg up the links sit in the banner's row, as always; below lg a Menu
 * button discloses them as a column under the banner (nine links wrapped to two or three
 * ragged lines on a phone). The disclosure closes on Escape (focus back on the button), on a
 * click outside, and when a link navigates.
 */
export function NavLinks() {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // A page that needs an action (Team: admins) is offered only to those who hold it.
  const holds = useHolds();
  // The lists come back as they were last shown in this tab (filters, sort, page).
  const remembered: Record<string, string> = {
    "/jobs": useRememberedHref("/jobs"),
    "/workers": useRememberedHref("/workers"),
  };

  // Closes when a link (or anything else) changes the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!list.current?.contains(t) && !button.current?.contains(t)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  const current = LINKS.find((l) => pathname === l.href || pathname.startsWith(`${l.href}/`));

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex items-center gap-1.5 rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-900/5 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 lg:hidden"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
          {open ? (
            <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
          ) : (
            <path
              fillRule="evenodd"
              d="M2 4.75A.75.75 0 0 1 2.75 4h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 4.75ZM2 10a.75.75 0 0 1 .75-.75h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 10Zm0 5.25a.75.75 0 0 1 .75-.75h14.5a.75.75 0 0 1 0 1.5H2.75a.75.75 0 0 1-.75-.75Z"
              clipRule="evenodd"
            />
          )}
        </svg>
        Menu
        {current && <span className="sr-only">, on {current.label}</span>}
      </button>
      {/* Below lg: a column of its own under the banner's row, shown while open. */}
      <ul
        ref={list}
        id={listId}
        className={`order-last -mx-2 w-full flex-col gap-0.5 border-t border-slate-200 pt-2 lg:order-none lg:mx-0 lg:flex lg:w-auto lg:flex-row lg:flex-wrap lg:items-center lg:gap-0.5 lg:border-0 lg:pt-0 ${open ? "flex" : "hidden"}`}
      >
        {LINKS.filter((l) => !l.needs || holds(l.needs)).map((l) => {
          const active = l === current;
          return (
            <li key={l.href}>
              <Link
                href={l.remembers ? remembered[l.href]! : l.href}
                aria-current={active ? "page" : undefined}
                onClick={() => setOpen(false)}
                className={`block rounded-md px-3 py-2.5 text-sm font-medium whitespace-nowrap lg:inline lg:px-2 lg:py-2 xl:px-2.5 ${
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
    </>
  );
}
