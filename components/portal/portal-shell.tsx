import Link from "next/link";
import type { ReactNode } from "react";
import { AccountName } from "@/components/portal/account-name";
import { CommandPalette } from "@/components/portal/command-palette";
import { EnvironmentBadge } from "@/components/portal/environment-badge";
import { NavLinks } from "@/components/portal/nav-links";
import { PortalAccessProvider } from "@/components/portal/portal-access";
import { RouteFocus } from "@/components/portal/route-focus";
import { SignOutButton } from "@/components/portal/sign-out-button";
import { SkipLink } from "@/components/portal/skip-link";
import { canDo, type SessionSummary } from "@/lib/portal/types";

type Props = {
  environment: "test" | "live";
  companyName?: string;
  /** Who is signed in: the nav and the palette offer admins' pages to admins only. */
  access?: Pick<SessionSummary, "pool" | "person">;
  children: ReactNode;
};

/**
 * What every signed-in page shows around its content: the skip link, one banner (the LIVE
 * warning, the brand, the nav, the command palette, the account) and one main. The portal's
 * layout and the app's not-found page both use it, so an unknown URL keeps the nav.
 */
export function PortalShell({ environment, companyName, access, children }: Props) {
  const live = environment === "live";
  return (
    <PortalAccessProvider access={access ?? null}>
      <SkipLink />
      <header className={`border-b bg-white ${live ? "border-red-300" : "border-slate-200"}`}>
        {live && (
          <div
            className="bg-red-600 px-4 py-1.5 text-center text-xs font-semibold text-white"
            role="note"
          >
            LIVE environment: changes here affect real workers and real jobs.
          </div>
        )}
        <nav
          aria-label="Main"
          className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6 [body:has([data-wide])_&]:max-w-[100rem]"
        >
          <Link
            href="/home"
            aria-label="Employer Portal"
            className="flex items-center gap-2 font-semibold text-slate-900"
          >
            <span
              aria-hidden="true"
              className="grid size-8 place-items-center rounded-lg bg-indigo-600 text-sm font-bold text-white"
            >
              EP
            </span>
            {/* From lg the menu's nine links share the row: the mark alone names the portal there. */}
            <span className="hidden sm:inline lg:hidden">Employer Portal</span>
          </Link>
          <NavLinks />
          <div className="ml-auto flex items-center gap-3">
            <CommandPalette />
            <AccountName
              person={access?.person ?? null}
              companyName={companyName}
              companyHref={access && canDo(access, "customers.write") ? "/company" : undefined}
            />
            <EnvironmentBadge environment={environment} />
            <SignOutButton />
          </div>
        </nav>
      </header>
      <RouteFocus />
      {/* tabIndex -1: the skip link's target takes focus, so the next Tab is inside the page.
          A page's h1 takes focus after a navigation (RouteFocus): a quiet ring, only when
          the browser would show one. */}
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto max-w-6xl px-4 py-6 outline-none sm:px-6 sm:py-8 has-data-wide:max-w-[100rem] [&_h1:focus]:outline-none [&_h1:focus-visible]:rounded-sm [&_h1:focus-visible]:outline-2 [&_h1:focus-visible]:outline-offset-4 [&_h1:focus-visible]:outline-indigo-600/30"
      >
        {children}
      </main>
    </PortalAccessProvider>
  );
}
