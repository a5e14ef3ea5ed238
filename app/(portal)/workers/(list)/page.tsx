import type { Metadata } from "next";
import { WorkersTable } from "@/components/workers/workers-table";
import { accountKey } from "@/lib/portal/account-key";
import { requireSession } from "@/lib/portal/server/require-session";
import { upstreamFor } from "@/lib/portal/server/upstream-base";

export const metadata: Metadata = { title: "Workers" };

type SearchParams = Record<string, string | string[] | undefined>;

export default async function WorkersPage({
  searchParams,
}: {
  searchParams: Promise<SearchParams>;
}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      params.append(key, v);
    }
  }
  const query = params.toString();
  // After signing in again, come back to the same search, filters and page.
  const session = await requireSession(`/workers${query ? `?${query}` : ""}`);
  // The list reads its state from the query string (useSearchParams), which a page rendered per
  // request has on the server: nothing here suspends, and what is still loading shows this route
  // group's skeleton (./loading.tsx). A Suspense of the page's own, with the same skeleton as its
  // fallback, sent that skeleton a second time in every answer, never shown.
  return (
    <WorkersTable
      pool={session.pool ?? null}
      account={accountKey({
        environment: session.environment,
        companyName: session.companyName ?? null,
        person: session.person ?? null,
      })}
      extendedFilters={upstreamFor(session.environment).embedded}
    />
  );
}
