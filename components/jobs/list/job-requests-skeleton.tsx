const bar = "animate-pulse rounded bg-slate-200";
const WIDTHS = ["w-40", "w-52", "w-32", "w-44", "w-36"];

/** Placeholder rows in the list's own geometry, so nothing moves when the data comes. */
export function JobRowsSkeleton({ rows }: { rows: number }) {
  return (
    <ul aria-hidden="true" className="divide-y divide-slate-100">
      {Array.from({ length: Math.min(rows, 10) }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i} className="flex items-center gap-4 px-4 py-4 sm:px-5">
          <div className="min-w-0 flex-1 space-y-2">
            <div className={`h-4 ${bar} ${WIDTHS[i % WIDTHS.length]}`} />
            <div className={`h-3 ${bar} w-28`} />
          </div>
          <div className={`hidden h-3.5 sm:block ${bar} w-36`} />
          <div className={`hidden h-3.5 md:block ${bar} w-20`} />
          <div className="h-5 w-16 animate-pulse rounded-full bg-slate-200" />
        </li>
      ))}
    </ul>
  );
}

export function JobRequestsSkeleton() {
  return (
    <div>
      <div className="h-8 w-24 animate-pulse rounded bg-slate-200" />
      <div className="mt-2 h-4 w-40 animate-pulse rounded bg-slate-200" />
      <div className="mt-6 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <div className="h-24 border-b border-slate-200" />
        <JobRowsSkeleton rows={8} />
      </div>
    </div>
  );
}
