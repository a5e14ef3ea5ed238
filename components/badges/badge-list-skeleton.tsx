/** Placeholder badge rows, the same height as real ones (one-line description). */
export function BadgeListSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <ul aria-hidden="true" className="divide-y divide-slate-100">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key by
        <li key={i} className="flex gap-4 px-4 py-4 sm:px-5">
          <div className="size-10 shrink-0 animate-pulse rounded-lg bg-slate-200" />
          <div className="flex-1 space-y-2.5 pt-1">
            <div className={`h-4 animate-pulse rounded bg-slate-200 ${i % 2 ? "w-40" : "w-28"}`} />
            <div className="h-3 w-full max-w-md animate-pulse rounded bg-slate-200" />
          </div>
        </li>
      ))}
    </ul>
  );
}
