import type { Metadata } from "next";
import { Suspense } from "react";
import { JobRequestsList } from "@/components/jobs/list/job-requests-list";
import { JobRequestsSkeleton } from "@/components/jobs/list/job-requests-skeleton";
import { requireSession } from "@/lib/portal/server/require-session";
import { upstreamFor } from "@/lib/portal/server/upstream-base";
import { canDo } from "@/lib/portal/types";

export const metadata: Metadata = { title: "Jobs" };

type SearchParams = Record<string, string | string[] | undefined>;

export default async function JobsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      params.append(key, v);
    }
  }
  const query = params.toString();
  const session = await requireSession(`/jobs${query ? `?${query}` : ""}`);
  const who = { pool: session.pool ?? null, person: session.person ?? null };
  const embedded = upstreamFor(session.environment).embedded;
  return (
    // The list reads its state from the query string (useSearchParams).
    <Suspense fallback={<JobRequestsSkeleton />}>
      <JobRequestsList
        pool={session.pool ?? null}
        categoryFilter={embedded}
        me={session.person ?? null}
        teamReadable={canDo(who, "team.read")}
        // Unread counts are ours (GET /messages/unread); the real service has none.
        unreadCounts={embedded && canDo(who, "messages.read")}
      />
    </Suspense>
  );
}
