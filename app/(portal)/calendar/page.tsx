import type { Metadata } from "next";
import { Suspense } from "react";
import { CalendarView } from "@/components/calendar/calendar-view";
import { requireSession } from "@/lib/portal/server/require-session";
import { upstreamFor } from "@/lib/portal/server/upstream-base";

export const metadata: Metadata = { title: "Calendar" };

type SearchParams = Record<string, string | string[] | undefined>;

export default async function CalendarPage({
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
  const session = await requireSession(`/calendar${query ? `?${query}` : ""}`);
  // The start filter and the category list are ours: the real service has neither.
  const embedded = upstreamFor(session.environment).embedded;
  return (
    // The view reads its state from the query string (useSearchParams).
    <Suspense>
      <CalendarView byStart={embedded} categoryFilter={embedded} me={session.person ?? null} />
    </Suspense>
  );
}
