import type { Metadata } from "next";
import { Suspense } from "react";
import { WorkersPageSkeleton } from "@/components/workers/list/workers-skeleton";
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
  return (
    // The list reads its state from the query string (useSearchParams).
    <Suspense fallback={<WorkersPageSkeleton />}>
      <WorkersTable
        pool={session.pool ?? null}
        account={accountKey({
          environment: session.environment,
          companyName: session.companyName ?? null,
          person: session.person ?? null,
        })}
        extendedFilters={upstreamFor(session.environment).embedded}
      />
    </Suspense>
  );
}
