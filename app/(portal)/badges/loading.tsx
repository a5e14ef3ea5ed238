import { BadgeListSkeleton } from "@/components/badges/badge-list-skeleton";

export default function BadgesLoading() {
  return (
    <div role="status" aria-label="Loading badges">
      <div className="h-8 w-28 animate-pulse rounded bg-slate-200" />
      <div className="mt-2 h-4 w-72 max-w-full animate-pulse rounded bg-slate-200" />
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <div className="h-[30rem] animate-pulse rounded-xl bg-white shadow-sm ring-1 ring-slate-200" />
        <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          <div className="border-b border-slate-200 p-4 sm:px-5">
            <div className="h-4 w-24 animate-pulse rounded bg-slate-200" />
            <div className="mt-2 h-9 animate-pulse rounded-lg bg-slate-100" />
            <div className="mt-3 h-4 w-20 animate-pulse rounded bg-slate-200" />
          </div>
          <BadgeListSkeleton />
        </div>
      </div>
    </div>
  );
}
