/**
 * What a badge search shows instead of (or before) its options: searching, failed, nothing
 * found. One wording for the worker page's picker and the bulk dialog's.
 */
export function BadgeSearchStatus({
  searching,
  failed,
  loaded,
  empty,
  search,
}: {
  searching: boolean;
  failed: boolean;
  /** An answer has arrived (so "nothing found" is known, not guessed). */
  loaded: boolean;
  empty: boolean;
  search: string;
}) {
  if (searching && empty) return <div className="px-3 py-2 text-slate-500">Searching…</div>;
  if (searching) return null;
  if (failed) {
    return (
      <div className="px-3 py-2 text-red-700">Badges could not be loaded. Type again to retry.</div>
    );
  }
  if (loaded && empty) {
    return (
      <div className="px-3 py-2 text-slate-500">
        {search ? `No badges match “${search}”.` : "Your company has no badges yet."}
      </div>
    );
  }
  return null;
}
