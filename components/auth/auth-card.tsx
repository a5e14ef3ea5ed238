import Link from "next/link";
import type { ReactNode } from "react";

/** The brand, a heading and a card: how every signed-out page of the portal looks. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-md">
        <div className="mb-8 text-center">
          <span
            aria-hidden="true"
            className="mx-auto grid size-12 place-items-center rounded-xl bg-indigo-600 text-lg font-bold text-white"
          >
            EP
          </span>
          <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {intro && <p className="mt-2 text-sm text-slate-600">{intro}</p>}
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          {children}
        </div>
        <p className="mt-6 text-center text-sm">
          <Link
            href="/sign-in"
            className="rounded-sm font-medium text-indigo-700 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            Back to sign-in
          </Link>
        </p>
      </div>
    </main>
  );
}
