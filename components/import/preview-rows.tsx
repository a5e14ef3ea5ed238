"use client";

import { parsePhoneNumberFromString } from "libphonenumber-js";
import { memo } from "react";
import { StatePill } from "@/components/ui/state-pill";
import {
  FIELD_LABELS,
  type ImportField,
  normalizeImportPhone,
  type RowCheck,
  splitBadgeNames,
} from "@/lib/bulk/csv-import";

const ADDRESS_FIELDS: ImportField[] = ["address", "city", "address_state", "zip"];
const LOCATION_FIELDS: ImportField[] = ["latitude", "longitude", "home_latitude", "home_longitude"];
/** Columns left out of a row's card when the row has nothing in them. */
const QUIET_WHEN_EMPTY = new Set(["location", "badges"]);

/** How wide a valid value may grow before it is cut (the table fits a laptop's width). */
const CELL_WIDTH: Record<string, string> = {
  name: "max-w-44",
  email: "max-w-64",
  external_id: "max-w-28",
  address: "max-w-48",
  city: "max-w-32",
  badges: "max-w-40",
};
const DUPLICATE = /^same .+ as row \d+$/;

export const isDuplicate = (c: RowCheck) =>
  Object.values(c.errors).some((msgs) => msgs?.some((m) => DUPLICATE.test(m)));
export const hasProblems = (c: RowCheck) => c.body === null;

/** A column of the preview: one field, or the address fields drawn as one. */
type PreviewColumn = { key: string; label: string; fields: ImportField[] };

export function previewColumns(mapping: readonly (ImportField | null)[]): PreviewColumn[] {
  const mapped = new Set(mapping.filter((f): f is ImportField => f !== null));
  // The name as people read it, in one column; a problem still says which half it is about.
  const cols: PreviewColumn[] = [
    { key: "name", label: "Name", fields: ["first_name", "last_name"] },
  ];
  for (const f of ["email", "phone", "external_id"] as const) {
    if (mapped.has(f)) cols.push({ key: f, label: FIELD_LABELS[f], fields: [f] });
  }
  const address = ADDRESS_FIELDS.filter((f) => mapped.has(f));
  if (address.length === 1) {
    const f = address[0]!;
    cols.push({ key: f, label: FIELD_LABELS[f], fields: [f] });
  } else if (address.length > 1) cols.push({ key: "address", label: "Address", fields: address });
  // Both coordinate pairs in one column, each as people write it: "40.7484, -73.9857".
  const location = LOCATION_FIELDS.filter((f) => mapped.has(f));
  if (location.length > 0) cols.push({ key: "location", label: "Location", fields: location });
  if (mapped.has("badges")) cols.push({ key: "badges", label: "Badges", fields: ["badges"] });
  return cols;
}

function cellText(check: RowCheck, col: PreviewColumn): string {
  const v = check.values;
  if (col.key === "name") return [v.first_name, v.last_name].filter(Boolean).join(" ");
  if (col.key === "location") {
    const pair = (a: ImportField, b: ImportField) =>
      v[a] || v[b] ? `${v[a] ?? "?"}, ${v[b] ?? "?"}` : null;
    const current = pair("latitude", "longitude");
    const home = pair("home_latitude", "home_longitude");
    return [current, home && `home ${home}`].filter(Boolean).join("\n");
  }
  if (col.key === "badges") return splitBadgeNames(v.badges ?? "").join(", ");
  if (col.key !== "address") return v[col.fields[0]!] ?? "";
  const stateZip = [v.address_state, v.zip].filter(Boolean).join(" ");
  return [v.address, v.city, stateZip].filter(Boolean).join(", ");
}

/** Messages of the column's fields; a combined column says which field each is about. */
function cellErrors(check: RowCheck, col: PreviewColumn): string[] {
  return col.fields.flatMap((f) =>
    (check.errors[f] ?? []).map((m) => (col.fields.length > 1 ? `${FIELD_LABELS[f]} ${m}` : m)),
  );
}

/** A phone typed without its country code, as it will be sent ("+1 415 555 0142"). */
function phoneAsSent(raw: string, country: Parameters<typeof normalizeImportPhone>[1]) {
  if (!raw || raw.trim().startsWith("+")) return null;
  const n = normalizeImportPhone(raw, country);
  return n.startsWith("+") ? (parsePhoneNumberFromString(n)?.formatInternational() ?? n) : null;
}

function RowStatusPill({ check }: { check: RowCheck }) {
  if (!hasProblems(check)) return <StatePill tone="success">Ready</StatePill>;
  const n = Object.values(check.errors).reduce((s, m) => s + (m?.length ?? 0), 0);
  const onlyDuplicate = Object.values(check.errors).every((msgs) =>
    msgs?.every((m) => DUPLICATE.test(m)),
  );
  // Refused like any other problem: the later row of the two is not sent.
  if (onlyDuplicate) return <StatePill tone="danger">Duplicate</StatePill>;
  return <StatePill tone="danger">{n === 1 ? "1 problem" : `${n} problems`}</StatePill>;
}

function Problems({ id, label, messages }: { id: string; label: string; messages: string[] }) {
  return (
    <ul id={id} className="mt-1 space-y-0.5">
      {messages.map((m) => (
        <li
          key={m}
          className="flex items-start gap-1 text-xs leading-snug font-medium text-rose-700"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 16 16"
            fill="currentColor"
            className="mt-px size-3 shrink-0"
          >
            <path
              fillRule="evenodd"
              d="M8 15A7 7 0 1 0 8 1a7 7 0 0 0 0 14ZM8 4a.75.75 0 0 1 .75.75v3a.75.75 0 0 1-1.5 0v-3A.75.75 0 0 1 8 4Zm0 8a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
              clipRule="evenodd"
            />
          </svg>
          <span className="first-letter:uppercase">
            {label && <span className="sr-only">{label} </span>}
            {m}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Value({ text, invalid }: { text: string; invalid: boolean }) {
  if (text) return <span className={invalid ? "text-rose-950" : ""}>{text}</span>;
  return invalid ? (
    <span className="text-rose-700 italic">blank</span>
  ) : (
    <span className="text-slate-400">—</span>
  );
}

type RowsProps = {
  checks: readonly RowCheck[];
  columns: PreviewColumn[];
  country: Parameters<typeof normalizeImportPhone>[1];
  caption: string;
};

/** From `sm` up: the rows as a table, each invalid cell marked and explained. */
export const PreviewTable = memo(function PreviewTable({
  checks,
  columns,
  country,
  caption,
}: RowsProps) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[52rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase">
          <tr>
            <th scope="col" className="w-16 py-2.5 pr-2 pl-5">
              Row
            </th>
            <th scope="col" className="w-28 px-2.5 py-2.5">
              Status
            </th>
            {columns.map((c) => (
              <th key={c.key} scope="col" className="px-2.5 py-2.5 last:pr-5">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {checks.map((check) => {
            const bad = hasProblems(check);
            return (
              <tr key={check.row} className={bad ? "bg-rose-50/30" : "hover:bg-slate-50/70"}>
                <th
                  scope="row"
                  className="py-2.5 pr-2 pl-5 align-top font-medium text-slate-500 tabular-nums"
                >
                  <span className="sr-only">Row </span>
                  {check.row}
                </th>
                <td className="px-2.5 py-2.5 align-top">
                  <RowStatusPill check={check} />
                </td>
                {columns.map((c) => {
                  const errors = cellErrors(check, c);
                  const text = cellText(check, c);
                  const errorId = `row-${check.row}-${c.key}-problems`;
                  const sent =
                    c.key === "phone" && !errors.length ? phoneAsSent(text, country) : null;
                  return (
                    <td
                      key={c.key}
                      aria-describedby={errors.length ? errorId : undefined}
                      className={`px-2.5 py-2.5 align-top last:pr-5 ${
                        errors.length
                          ? "max-w-64 bg-rose-50 shadow-[inset_3px_0_0_0_var(--color-rose-400)]"
                          : "text-slate-700"
                      }`}
                    >
                      {errors.length ? (
                        <div className="whitespace-pre-line wrap-anywhere">
                          <Value text={text} invalid />
                        </div>
                      ) : (
                        // One line per row: long values are cut, in full on hover.
                        <div
                          className={
                            c.key === "location"
                              ? "whitespace-pre-line tabular-nums"
                              : `truncate ${CELL_WIDTH[c.key] ?? ""}`
                          }
                          title={text || undefined}
                        >
                          <Value text={text} invalid={false} />
                        </div>
                      )}
                      {sent && (
                        <div className="mt-0.5 text-xs whitespace-nowrap text-slate-500 tabular-nums">
                          <span className="sr-only">sent as </span>
                          <span aria-hidden="true">→ </span>
                          {sent}
                        </div>
                      )}
                      {errors.length > 0 && (
                        <Problems
                          id={errorId}
                          label={c.fields.length > 1 ? "" : c.label}
                          messages={errors}
                        />
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
});

/** Below `sm`: one card per row, its problems under the field they belong to. */
export const PreviewCards = memo(function PreviewCards({
  checks,
  columns,
  country,
  caption,
}: RowsProps) {
  return (
    <ul aria-label={caption} className="divide-y divide-slate-100">
      {checks.map((check) => {
        const name = [check.values.first_name, check.values.last_name].filter(Boolean).join(" ");
        return (
          <li
            key={check.row}
            className={`px-4 py-3.5 ${hasProblems(check) ? "bg-rose-50/30" : ""}`}
          >
            <div className="flex items-center justify-between gap-3">
              <p className="min-w-0 truncate text-sm font-semibold text-slate-900">
                <span className="font-normal text-slate-500 tabular-nums">Row {check.row}</span>
                {name && (
                  <>
                    <span aria-hidden="true" className="text-slate-300">
                      {" "}
                      ·{" "}
                    </span>
                    <span className="sr-only">, </span>
                    {name}
                  </>
                )}
              </p>
              <RowStatusPill check={check} />
            </div>
            <dl className="mt-2 grid grid-cols-[5.5rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              {columns
                .filter((c) => c.key !== "name")
                .concat(columns.filter((c) => c.key === "name"))
                // The name is the card's title: listed again only when it needs fixing.
                .filter((c) => c.key !== "name" || cellErrors(check, c).length > 0)
                .filter(
                  (c) =>
                    !QUIET_WHEN_EMPTY.has(c.key) ||
                    cellText(check, c) !== "" ||
                    cellErrors(check, c).length > 0,
                )
                .map((c) => {
                  const errors = cellErrors(check, c);
                  const text = cellText(check, c);
                  const sent =
                    c.key === "phone" && !errors.length ? phoneAsSent(text, country) : null;
                  return (
                    <div key={c.key} className="contents">
                      <dt className="text-slate-500">{c.label}</dt>
                      <dd
                        className={`min-w-0 break-words whitespace-pre-line ${errors.length ? "-mx-1.5 rounded bg-rose-50 px-1.5" : "text-slate-700"}`}
                      >
                        <Value text={text} invalid={errors.length > 0} />
                        {sent && <span className="text-xs text-slate-500"> → {sent}</span>}
                        {errors.length > 0 && (
                          <Problems
                            id={`card-${check.row}-${c.key}-problems`}
                            label={c.fields.length > 1 ? "" : c.label}
                            messages={errors}
                          />
                        )}
                      </dd>
                    </div>
                  );
                })}
            </dl>
          </li>
        );
      })}
    </ul>
  );
});
