import { PageLoading } from "@/components/portal/page-loading";
import { WorkersPageSkeleton } from "@/components/workers/list/workers-skeleton";

// The list's own skeleton is its route group's, app/(portal)/workers/(list)/loading.tsx: the
// worker pages and the import are narrow and must not open on the list's wide skeleton.
//
// This one is what a move from another portal page to the list shows, and it travels in every
// portal page's answer (the router keeps it for that move): with the list's full page of rows it
// was two thirds of every page's HTML (the badges page: 102 -> 37 kB without it), parsed and
// hydrated on every load. A screenful of rows keeps its point, a placeholder as wide as the
// list and filling the window, for a fraction of that.
const NAVIGATION_ROWS = 8;

export default function Loading() {
  return (
    <PageLoading
      list={<WorkersPageSkeleton rows={NAVIGATION_ROWS} />}
      page={
        <div role="status" aria-label="Loading" className="space-y-4">
          <div className="h-8 w-48 animate-pulse rounded bg-slate-200" />
          <div className="h-64 animate-pulse rounded-xl bg-slate-200/70" />
        </div>
      }
    />
  );
}
