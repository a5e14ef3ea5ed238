import { PageLoading } from "@/components/portal/page-loading";
import { WorkersPageSkeleton } from "@/components/workers/list/workers-skeleton";

// The list's own skeleton is its route group's, app/(portal)/workers/(list)/loading.tsx: the
// worker pages and the import are narrow and must not open on the list's wide skeleton.
export default function Loading() {
  return (
    <PageLoading
      list={<WorkersPageSkeleton />}
      page={
        <div role="status" aria-label="Loading" className="space-y-4">
          <div className="h-8 w-48 animate-pulse rounded bg-slate-200" />
          <div className="h-64 animate-pulse rounded-xl bg-slate-200/70" />
        </div>
      }
    />
  );
}
