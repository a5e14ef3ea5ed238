import type { ReactNode, ThHTMLAttributes } from "react";

/**
 * The table's columns. The table has a fixed layout: the narrow columns have set widths, name
 * and e-mail share the rest (and truncate), and the less important columns give way as the
 * screen narrows, so from `sm` up it always fits its card (below `sm` the list shows cards).
 */
export const COLUMNS = [
  { key: "name", label: "Name", show: "", width: "", sort: "last_name" },
  { key: "email", label: "E-mail", show: "", width: "", sort: "email" },
  {
    key: "phone",
    label: "Phone",
    show: "hidden md:table-cell",
    width: "w-36 2xl:w-44",
    sort: null,
  },
  {
    key: "city",
    label: "City/State",
    show: "hidden xl:table-cell",
    width: "w-40 2xl:w-56",
    sort: "city",
  },
  {
    key: "badges",
    label: "Badges",
    show: "hidden lg:table-cell",
    width: "w-48 2xl:w-72",
    sort: null,
  },
  { key: "status", label: "Status", show: "", width: "w-32", sort: "status" },
] as const;

/** Every column but the name can be hidden (the column menu). */
export const HIDEABLE_COLUMNS = COLUMNS.filter((c) => c.key !== "name");

export const COLUMN_SHOW: Record<ColumnKey, string> = Object.fromEntries(
  COLUMNS.map((c) => [c.key, c.show]),
) as Record<ColumnKey, string>;

/** The toolbar's grid, shared with the page skeleton so loading and loaded line up. */
export const TOOLBAR_GRID =
  "grid grid-cols-5 gap-3 sm:grid-cols-3 lg:grid-cols-[minmax(0,1fr)_13rem_9rem_12rem]";
export const TOOLBAR_CELLS = {
  search: "col-span-5 sm:col-span-3 lg:col-span-1",
  badge: "col-span-5 sm:col-span-1",
  status: "col-span-2 sm:col-span-1",
  sort: "col-span-3 sm:col-span-1",
};

export type ColumnKey = (typeof COLUMNS)[number]["key"];

/** The selection column (a checkbox per row), before the name when the list offers bulk actions. */
export const SELECT_CELL = "w-10 pr-0 pl-5";

type AriaSort = ThHTMLAttributes<HTMLElement>["aria-sort"];

/** The column a sort orders by ("-last_name" → name), and which way. */
export function sortedColumn(
  sort: string,
): { key: ColumnKey; dir: "ascending" | "descending" } | null {
  const field = sort.replace(/^-/, "");
  const dir = sort.startsWith("-") ? "descending" : "ascending";
  // A name sorted by first name is still the name column.
  const key = field === "first_name" ? "name" : COLUMNS.find((c) => c.sort === field)?.key;
  return key ? { key, dir } : null;
}

/** Clicking a column's header: ascending first, then the other way. */
export function nextSort(sort: string, column: ColumnKey): string | null {
  const field = COLUMNS.find((c) => c.key === column)?.sort;
  if (!field) return null;
  return sort === field ? `-${field}` : field;
}

function SortIcon({ dir }: { dir: AriaSort | undefined }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="currentColor"
      className={`size-3.5 shrink-0 ${dir ? "text-indigo-600" : "text-slate-300 group-hover:text-slate-500"}`}
    >
      {dir !== "descending" && (
        <path d="M10 3a.75.75 0 0 1 .55.24l3.25 3.5a.75.75 0 1 1-1.1 1.02L10 4.852 7.3 7.76a.75.75 0 0 1-1.1-1.02l3.25-3.5A.75.75 0 0 1 10 3Z" />
      )}
      {dir !== "ascending" && (
        <path d="M6.23 12.2a.75.75 0 0 1 1.06.03L10 15.148l2.7-2.91a.75.75 0 1 1 1.1 1.02l-3.25 3.5a.75.75 0 0 1-1.1 0l-3.25-3.5a.75.75 0 0 1 .03-1.06Z" />
      )}
    </svg>
  );
}

export function WorkersTableHead({
  sort,
  onSort,
  hidden,
  select,
}: {
  /** The list's sort; with `onSort`, the sortable columns' headers are buttons. */
  sort?: string;
  onSort?: (sort: string) => void;
  /** Columns the user chose to hide. */
  hidden?: ReadonlySet<ColumnKey>;
  /** The header's "select this page" checkbox; the column is left out without it. */
  select?: ReactNode;
}) {
  const sorted = sort ? sortedColumn(sort) : null;
  return (
    <thead className="bg-slate-50/80">
      <tr>
        {select !== undefined && (
          <th scope="col" className={`h-10 ${SELECT_CELL}`}>
            {select}
          </th>
        )}
        {COLUMNS.filter((c) => !hidden?.has(c.key)).map((c) => {
          const dir: AriaSort = sorted?.key === c.key ? sorted.dir : undefined;
          const next = onSort && sort !== undefined ? nextSort(sort, c.key) : null;
          return (
            <th
              key={c.key}
              scope="col"
              aria-sort={dir}
              className={`h-10 px-4 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase first:pl-5 last:pr-5 ${c.show} ${c.width}`}
            >
              {next && onSort ? (
                <button
                  type="button"
                  onClick={() => onSort(next)}
                  className={`group -mx-1.5 inline-flex items-center gap-1 rounded px-1.5 py-1 uppercase hover:bg-slate-200/60 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600 ${dir ? "text-slate-800" : ""}`}
                >
                  {c.label}
                  <SortIcon dir={dir} />
                </button>
              ) : (
                c.label
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
