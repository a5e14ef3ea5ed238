import type { ReactNode, ThHTMLAttributes } from "react";

/**
 * The table's columns. The table has a fixed layout: the narrow columns have set widths, name
 * and e-mail share the rest (and truncate), and the less important columns give way as the
 * screen narrows, so from `sm` up it always fits its card (below `sm` the list shows cards).
 */
export const COLUMNS = [
  { key: "name", label: "Name", show: "", width: "" },
  { key: "email", label: "E-mail", show: "", width: "" },
  { key: "phone", label: "Phone", show: "hidden md:table-cell", width: "w-36" },
  { key: "city", label: "City/State", show: "hidden xl:table-cell", width: "w-40" },
  { key: "badges", label: "Badges", show: "hidden lg:table-cell", width: "w-48" },
  { key: "status", label: "Status", show: "", width: "w-32" },
] as const;

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

export function WorkersTableHead({
  sortedBy,
  select,
}: {
  sortedBy?: Partial<Record<ColumnKey, ThHTMLAttributes<HTMLElement>["aria-sort"]>>;
  /** The header's "select this page" checkbox; the column is left out without it. */
  select?: ReactNode;
}) {
  return (
    <thead className="bg-slate-50/80">
      <tr>
        {select !== undefined && (
          <th scope="col" className={`h-10 ${SELECT_CELL}`}>
            {select}
          </th>
        )}
        {COLUMNS.map((c) => (
          <th
            key={c.key}
            scope="col"
            aria-sort={sortedBy?.[c.key]}
            className={`h-10 px-4 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase first:pl-5 last:pr-5 ${c.show} ${c.width}`}
          >
            {c.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
