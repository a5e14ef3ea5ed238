import {
  COLUMNS,
  type ColumnKey,
  SELECT_CELL,
  TOOLBAR_CELLS,
  TOOLBAR_GRID,
  WorkersTableHead,
} from "./columns";
import { DEFAULT_PER } from "./list-params";

const bar = "animate-pulse rounded bg-slate-200";
/** Varied widths read as text rather than as a grid of identical blocks. */
const WIDTHS = ["w-32", "w-40", "w-24", "w-36", "w-28"];

/**
 * Placeholder rows with the same geometry as the real ones, chosen by CSS (not script) so the
 * first paint on a phone is already the phone layout.
 */
export function WorkerRowsSkeleton({
  rows,
  selectable = true,
  hidden,
}: {
  rows: number;
  /** With the checkbox column (the list offers bulk actions). */
  selectable?: boolean;
  /** The columns the user hid (so the table does not change shape when rows arrive). */
  hidden?: ReadonlySet<ColumnKey>;
}) {
  const list = Array.from({ length: rows }, (_, i) => i);
  const box = <div className="size-4 rounded bg-slate-200" />;
  return (
    <div aria-hidden="true">
      <table className="hidden w-full table-fixed sm:table">
        <WorkersTableHead hidden={hidden} select={selectable ? box : undefined} />
        <tbody className="divide-y divide-slate-100">
          {list.map((i) => (
            <tr key={i} className="h-14">
              {selectable && <td className={SELECT_CELL}>{box}</td>}
              {COLUMNS.filter((c) => !hidden?.has(c.key)).map((c, j) => (
                <td key={c.key} className={`px-4 first:pl-5 last:pr-5 ${c.show}`}>
                  {c.key === "name" ? (
                    <div className="flex items-center gap-3">
                      <div className="size-8 shrink-0 animate-pulse rounded-full bg-slate-200" />
                      <div className={`h-3.5 min-w-0 ${bar} ${WIDTHS[i % WIDTHS.length]}`} />
                    </div>
                  ) : c.key === "status" ? (
                    <div className="h-5 w-16 animate-pulse rounded-full bg-slate-200" />
                  ) : (
                    <div className={`h-3.5 max-w-full ${bar} ${WIDTHS[(i + j) % WIDTHS.length]}`} />
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {selectable && (
        <div className="flex h-10 items-center gap-3 border-b border-slate-100 bg-slate-50/80 px-4 sm:hidden">
          {box}
          <div className={`h-3.5 w-52 ${bar}`} />
        </div>
      )}
      <ul className="divide-y divide-slate-100 sm:hidden">
        {list.map((i) => (
          <li key={i} className="flex gap-3 px-4 py-4">
            {selectable && <div className="mt-2.5 size-4 shrink-0 rounded bg-slate-200" />}
            <div className="size-9 shrink-0 animate-pulse rounded-full bg-slate-200" />
            <div className="flex-1 space-y-2.5 pt-0.5">
              <div className="flex justify-between">
                <div className={`h-4 ${bar} ${WIDTHS[i % WIDTHS.length]}`} />
                <div className="h-5 w-16 animate-pulse rounded-full bg-slate-200" />
              </div>
              <div className={`h-3 ${bar} w-44`} />
              <div className={`h-3 ${bar} w-32`} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The whole page while the route itself loads: header, toolbar, rows, footer. */
export function WorkersPageSkeleton({ rows = DEFAULT_PER }: { rows?: number }) {
  return (
    <div role="status" aria-label="Loading workers" data-wide>
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-3">
        <div>
          <div className={`h-8 w-36 ${bar}`} />
          <div className={`mt-2 h-4 w-24 ${bar}`} />
        </div>
        <div className="flex gap-3">
          <div className="h-9 w-28 animate-pulse rounded-lg bg-slate-200" />
          <div className="h-9 w-32 animate-pulse rounded-lg bg-slate-200" />
        </div>
      </div>
      <div className="mt-6 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <div className="border-b border-slate-200 p-4 sm:px-5">
          <div className={TOOLBAR_GRID}>
            {Object.entries(TOOLBAR_CELLS).map(([key, cell]) => (
              <div key={key} className={`pb-1 ${cell}`}>
                <div className="flex h-5 items-center">
                  <div className={`h-3.5 w-20 ${bar}`} />
                </div>
                <div className="mt-1 h-9 animate-pulse rounded-lg bg-slate-100" />
              </div>
            ))}
          </div>
          {/* Saved views and columns. */}
          <div className="mt-3 flex justify-between">
            <div className="h-9 w-24 animate-pulse rounded-lg bg-slate-100" />
            <div className="hidden h-9 w-28 animate-pulse rounded-lg bg-slate-100 sm:block" />
          </div>
        </div>
        <WorkerRowsSkeleton rows={rows} />
      </div>
    </div>
  );
}
