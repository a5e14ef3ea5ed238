import { headers } from "next/headers";
import Link from "next/link";
import type { ReactNode } from "react";
import { EnvironmentBadge } from "@/components/portal/environment-badge";
import { NavLinks } from "@/components/portal/nav-links";
import { Providers } from "@/components/portal/providers";
import { SignOutButton } from "@/components/portal/sign-out-button";
import { currentSession } from "@/lib/portal/server/current-session";
import { REQUEST_PATH_HEADER } from "@/lib/portal/server/request-path";
import { redirectToSignIn } from "@/lib/portal/server/require-session";
import { safeNext } from "@/lib/portal/server/safe-next";

/** Every portal page: signed-in only (each page also checks, to come back to itself). */
export default async function PortalLayout({ children }: { children: ReactNode }) {
  const { active: session } = await currentSession();
  if (!session) {
    // Pages check too, but the layout renders first: come back to the page that was asked for.
    const here = safeNext((await headers()).get(REQUEST_PATH_HEADER) ?? undefined);
    return redirectToSignIn(here);
  }
  const live = session.environment === "live";
  return (
    <Providers>
      {live && (
        <div
          className="bg-red-600 px-4 py-1.5 text-center text-xs font-semibold text-white"
          role="note"
        >
          LIVE environment: changes here affect real workers and real jobs.
        </div>
      )}
      <header className={`border-b bg-white ${live ? "border-red-300" : "border-slate-200"}`}>
        <nav
          aria-label="Main"
          className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6"
        >
          <Link
            href="/workers"
            aria-label="Employer Portal"
            className="flex items-center gap-2 font-semibold text-slate-900"
          >
            <span
              aria-hidden="true"
              className="grid size-8 place-items-center rounded-lg bg-indigo-600 text-sm font-bold text-white"
            >
              EP
            </span>
            <span className="hidden sm:inline">Employer Portal</span>
          </Link>
          <NavLinks />
          <div className="ml-auto flex items-center gap-3">
            <span
              className="hidden max-w-48 truncate text-sm text-slate-600 md:inline"
              title={session.companyName}
            >
              {session.companyName}
            </span>
            <EnvironmentBadge environment={session.environment} />
            <SignOutButton />
          </div>
        </nav>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        {children}
      </main>
    </Providers>
  );
}
