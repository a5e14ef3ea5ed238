import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { PortalShell } from "@/components/portal/portal-shell";
import { Providers } from "@/components/portal/providers";
import { buttonClass } from "@/components/ui/button";
import { currentSession } from "@/lib/portal/server/current-session";
import { REQUEST_PATH_HEADER } from "@/lib/portal/server/request-path";

export const metadata: Metadata = { title: "Page not found" };

/** The address asked for, shown so a typo can be seen; long ones are cut, not wrapped forever. */
async function askedFor(): Promise<string | null> {
  const path = (await headers()).get(REQUEST_PATH_HEADER);
  if (!path) return null;
  return path.length > 120 ? `${path.slice(0, 119)}…` : path;
}

function Explanation({ path }: { path: string | null }) {
  return (
    <p className="mt-2 text-sm text-pretty text-slate-600">
      {path ? (
        <>
          There is no page at{" "}
          <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs break-all text-slate-800">
            {path}
          </code>
          .
        </>
      ) : (
        "There is no page at this address."
      )}{" "}
      The link may be old, or the address mistyped.
    </p>
  );
}

/**
 * What an unknown URL gets (a record that does not exist gets app/(portal)/not-found.tsx).
 * Signed in: the portal's own frame, nav and palette included, and ways back. Signed out: the
 * portal's mark and a way to sign in, nothing about the company.
 */
export default async function NotFound() {
  const [{ active: session }, path] = await Promise.all([currentSession(), askedFor()]);
  if (!session) {
    return (
      <div className="min-h-screen bg-gradient-to-b from-indigo-50 to-slate-50">
        <main id="main" className="flex min-h-screen items-center justify-center px-4 py-12">
          <div className="w-full max-w-md text-center">
            <span
              aria-hidden="true"
              className="mx-auto grid size-12 place-items-center rounded-xl bg-indigo-600 text-lg font-bold text-white"
            >
              EP
            </span>
            <p className="mt-4 text-sm font-semibold text-indigo-600">404 · Employer Portal</p>
            <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">
              Page not found
            </h1>
            <Explanation path={path} />
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <Link href="/sign-in" className={buttonClass("primary")}>
                Sign in to the portal
              </Link>
              <Link href="/" className={buttonClass("secondary")}>
                Home
              </Link>
            </div>
          </div>
        </main>
      </div>
    );
  }
  return (
    <Providers>
      <PortalShell
        environment={session.environment}
        companyName={session.companyName}
        access={{ pool: session.pool ?? null, person: session.person ?? null }}
      >
        <div className="mx-auto max-w-lg rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-8">
          <p className="text-sm font-semibold text-indigo-600">404</p>
          <h1 className="mt-1 text-xl font-bold tracking-tight text-slate-900">Page not found</h1>
          <Explanation path={path} />
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link href="/workers" className={buttonClass("primary")}>
              Back to workers
            </Link>
            <Link href="/jobs" className={buttonClass("secondary")}>
              Jobs
            </Link>
          </div>
          <p className="mt-6 text-xs text-slate-500">
            Looking for someone? The magnifier at the top (or Ctrl+K, ⌘K on a Mac) finds any page or
            worker by name.
          </p>
        </div>
      </PortalShell>
    </Providers>
  );
}
