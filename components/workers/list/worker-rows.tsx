import Link from "next/link";
import { useRouter } from "next/navigation";
import { type MouseEvent, useEffect, useRef } from "react";
import type { Worker } from "@/lib/portal/types";
import { WorkerStatusPill } from "../worker-status";
import { COLUMN_SHOW, type ColumnKey, SELECT_CELL, WorkersTableHead } from "./columns";
import type { PhoneFormat } from "./phone-format";
import { Avatar, BadgeChips, fullName, place } from "./worker-parts";

/** Ticking workers for bulk actions; the list has no checkboxes without it. */
type RowSelection = {
  isSelected: (id: number) => boolean;
  /** `range`: a shift-click, ticking or unticking everyone from the last box clicked. */
  toggle: (worker: Worker, opts?: { range?: boolean }) => void;
  pageState: "none" | "some" | "all";
  togglePage: () => void;
  /** While another page loads: shown, not operable. */
  disabled?: boolean;
};

type RowsProps = {
  workers: Worker[];
  badgeNames: ReadonlyMap<string, string>;
  caption: string;
  selection?: RowSelection;
  formatPhone: PhoneFormat;
};

type TableProps = RowsProps & {
  sort: string;
  /** Sorting by a column's header (only where the upstream can sort). */
  onSort?: (sort: string) => void;
  /** Columns the user chose to hide. */
  hidden: ReadonlySet<ColumnKey>;
};

const checkboxClass =
  "size-4 cursor-pointer rounded border-slate-300 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";

/** The header's checkbox: ticked, unticked or mixed (some of the page). */
function PageCheckbox({ selection, id }: { selection: RowSelection; id?: string }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = selection.pageState === "some";
  }, [selection.pageState]);
  return (
    <input
      ref={ref}
      id={id}
      type="checkbox"
      aria-label="Select all workers on this page"
      checked={selection.pageState === "all"}
      disabled={selection.disabled}
      onChange={selection.togglePage}
      className={checkboxClass}
    />
  );
}

function RowCheckbox({
  worker,
  selection,
  id,
}: {
  worker: Worker;
  selection: RowSelection;
  id?: string;
}) {
  return (
    <input
      id={id}
      type="checkbox"
      aria-label={`Select ${fullName(worker)}`}
      checked={selection.isSelected(worker.id)}
      disabled={selection.disabled}
      // A checkbox's change comes from a click (or the space bar): its shift key marks a range.
      onChange={(e) => {
        const native = e.nativeEvent;
        selection.toggle(worker, { range: "shiftKey" in native && native.shiftKey === true });
      }}
      className={checkboxClass}
    />
  );
}

const linkClass =
  "rounded-sm font-medium text-slate-900 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";

/** Clicks that belong to something inside the row (a link, a checkbox and its label). */
const OWN_CLICKS = "a, button, input, label, select, textarea, [role=button]";

/**
 * From `sm` up: a real table; the less important columns give way as the screen narrows. A
 * click anywhere on a row opens its worker; the name stays a real link (keyboard, middle-click,
 * "open in new tab").
 */
export function WorkersTableView({
  workers,
  badgeNames,
  caption,
  sort,
  onSort,
  hidden,
  selection,
  formatPhone,
}: TableProps) {
  const router = useRouter();
  const shows = (key: ColumnKey) => !hidden.has(key);
  const openRow = (e: MouseEvent<HTMLTableRowElement>, id: number) => {
    if (e.defaultPrevented || e.button !== 0) return;
    if ((e.target as Element).closest(OWN_CLICKS)) return;
    // Selecting text in a row is not a click on it.
    if (window.getSelection()?.toString()) return;
    const href = `/workers/${id}`;
    if (e.metaKey || e.ctrlKey) window.open(href, "_blank", "noopener");
    else router.push(href);
  };
  return (
    <table className="w-full table-fixed text-sm">
      <caption className="sr-only">{caption}</caption>
      <WorkersTableHead
        sort={sort}
        onSort={onSort}
        hidden={hidden}
        select={selection ? <PageCheckbox selection={selection} /> : undefined}
      />
      <tbody className="divide-y divide-slate-100">
        {workers.map((w) => {
          const where = place(w);
          const selected = selection?.isSelected(w.id) ?? false;
          return (
            <tr
              key={w.id}
              onClick={(e) => openRow(e, w.id)}
              className={`h-14 cursor-pointer ${selected ? "bg-indigo-50/60 hover:bg-indigo-50" : "hover:bg-slate-50/70"}`}
            >
              {selection && (
                <td className="p-0">
                  {/* The whole cell ticks the box: a near miss never opens the worker. */}
                  <label
                    htmlFor={`select-worker-${w.id}`}
                    className={`flex h-14 cursor-pointer items-center select-none ${SELECT_CELL}`}
                  >
                    <RowCheckbox id={`select-worker-${w.id}`} worker={w} selection={selection} />
                  </label>
                </td>
              )}
              <td className={selection ? "px-4" : "px-4 pl-5"}>
                <div className="flex min-w-0 items-center gap-3">
                  <Avatar worker={w} />
                  <Link href={`/workers/${w.id}`} className={`truncate ${linkClass}`}>
                    {fullName(w)}
                  </Link>
                </div>
              </td>
              {shows("email") && (
                <td className="px-4 text-slate-600">
                  <span className="block truncate" title={w.email}>
                    {w.email}
                  </span>
                </td>
              )}
              {shows("phone") && (
                <td
                  className={`px-4 whitespace-nowrap text-slate-600 tabular-nums ${COLUMN_SHOW.phone}`}
                >
                  {formatPhone(w.phone)}
                </td>
              )}
              {shows("city") && (
                <td className={`px-4 text-slate-600 ${COLUMN_SHOW.city}`}>
                  {where ? (
                    <span className="block truncate">{where}</span>
                  ) : (
                    <span className="text-slate-400">—</span>
                  )}
                </td>
              )}
              {shows("badges") && (
                <td className={`px-4 ${COLUMN_SHOW.badges}`}>
                  <BadgeChips worker={w} names={badgeNames} max={1} nowrap />
                </td>
              )}
              {shows("status") && (
                <td className="px-4 pr-5">
                  <WorkerStatusPill worker={w} />
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Below `sm`: one stacked card per worker; the whole card opens the worker. */
export function WorkerCards({ workers, badgeNames, caption, selection, formatPhone }: RowsProps) {
  return (
    <>
      {selection && (
        <div className="flex h-10 items-center border-b border-slate-100 bg-slate-50/80 px-4">
          <label htmlFor="select-page" className="flex items-center gap-3 text-sm text-slate-600">
            <PageCheckbox id="select-page" selection={selection} />
            Select all workers on this page
          </label>
        </div>
      )}
      <ul aria-label={caption} className="divide-y divide-slate-100">
        {workers.map((w) => {
          const where = place(w);
          const phone = formatPhone(w.phone);
          const selected = selection?.isSelected(w.id) ?? false;
          return (
            <li
              key={w.id}
              className={`relative flex gap-3 px-4 py-4 ${selected ? "bg-indigo-50/60" : "active:bg-slate-50"}`}
            >
              {selection && (
                // Above the card's link (which covers the card), with room for a thumb.
                <label
                  htmlFor={`select-worker-${w.id}`}
                  className="relative z-10 -my-2 -ml-2 flex shrink-0 items-start p-2 pt-[1.125rem] pr-1"
                >
                  <RowCheckbox id={`select-worker-${w.id}`} worker={w} selection={selection} />
                </label>
              )}
              <Avatar worker={w} className="size-9" />
              <div className="min-w-0 flex-1">
                <div className="flex items-start justify-between gap-3">
                  <Link
                    href={`/workers/${w.id}`}
                    className={`truncate text-[0.9375rem] after:absolute after:inset-0 ${linkClass}`}
                  >
                    {fullName(w)}
                  </Link>
                  <WorkerStatusPill worker={w} />
                </div>
                <p className="mt-0.5 truncate text-sm text-slate-600">{w.email}</p>
                {/* Slate-500 on the selected card's tint falls short of AA (4.45:1). */}
                <p className={`truncate text-sm ${selected ? "text-slate-600" : "text-slate-500"}`}>
                  <span className="tabular-nums">{phone}</span>
                  {where && (
                    <>
                      <span aria-hidden="true"> · </span>
                      <span className="sr-only">, </span>
                      {where}
                    </>
                  )}
                </p>
                {w.user_badges.length > 0 && (
                  <div className="mt-2 text-sm">
                    <BadgeChips worker={w} names={badgeNames} max={3} />
                  </div>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
