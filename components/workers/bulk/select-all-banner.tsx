const fmt = (n: number) => n.toLocaleString("en-US");
const workers = (n: number) => `${fmt(n)} ${n === 1 ? "worker" : "workers"}`;

const linkButton =
  "rounded-sm font-semibold text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";

/**
 * Above the rows once the whole page is ticked and there is more beyond it: offers everyone who
 * matches (the way mail clients do), and says so once chosen.
 */
export function SelectAllBanner({
  pageCount,
  pickedCount,
  allMatching,
  total,
  filtered,
  onSelectAll,
  onClear,
}: {
  /** Workers on this page (all ticked). */
  pageCount: number;
  /** Ticked in all, this page and others. */
  pickedCount: number;
  allMatching: boolean;
  /** Null against the real service: it gives no total. */
  total: number | null;
  filtered: boolean;
  onSelectAll: () => void;
  onClear: () => void;
}) {
  const scope = filtered ? " matching this filter" : "";
  const everyone =
    total === null
      ? filtered
        ? "all matching workers"
        : "all workers"
      : `all ${workers(total)}${scope}`;
  return (
    <div className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 border-b border-indigo-100 bg-indigo-50/70 px-4 py-2.5 text-center text-sm text-slate-700">
      {allMatching ? (
        <>
          <span>
            {total === null ? (
              <>
                All {filtered ? "matching " : ""}workers are selected, including pages not opened
                yet.
              </>
            ) : (
              <>
                All <strong className="font-semibold">{workers(total)}</strong>
                {scope} are selected.
              </>
            )}
          </span>
          <button type="button" onClick={onClear} className={linkButton}>
            Clear selection
          </button>
        </>
      ) : (
        <>
          <span>
            {pickedCount > pageCount
              ? `${workers(pickedCount)} selected, including all ${fmt(pageCount)} on this page.`
              : `All ${workers(pageCount)} on this page are selected.`}
          </span>
          <button type="button" onClick={onSelectAll} className={linkButton}>
            Select {everyone}
          </button>
        </>
      )}
    </div>
  );
}
