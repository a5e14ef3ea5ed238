"use client";

import type { CountryCode } from "libphonenumber-js";
import { useId } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { inputClass, SelectField } from "@/components/ui/field";
import {
  FIELD_LABELS,
  IMPORT_FIELDS,
  type ImportField,
  missingRequired,
  REQUIRED_FIELDS,
} from "@/lib/bulk/csv-import";
import { fmt, ICONS, Icon, plural, StepHeading } from "./import-parts";
import type { ImportSource } from "./source-step";

const COUNTRIES: { code: CountryCode; name: string; dial: string }[] = [
  { code: "US", name: "United States", dial: "+1" },
  { code: "CA", name: "Canada", dial: "+1" },
  { code: "GB", name: "United Kingdom", dial: "+44" },
  { code: "AU", name: "Australia", dial: "+61" },
  { code: "DE", name: "Germany", dial: "+49" },
  { code: "FR", name: "France", dial: "+33" },
  { code: "MX", name: "Mexico", dial: "+52" },
  { code: "IN", name: "India", dial: "+91" },
];

const NOT_IMPORTED = "";

/** A header as the user knows it; a blank one by its position. */
const columnName = (headers: readonly string[], i: number) =>
  headers[i]?.trim() || `Column ${i + 1}`;

/** Up to three non-blank values of column `col`, to recognise what it holds. */
function examples(source: ImportSource, col: number): string[] {
  const out: string[] = [];
  for (const r of source.parsed.records) {
    const v = r.cells[col]?.trim();
    if (v && !out.includes(v)) out.push(v);
    if (out.length === 3) break;
  }
  return out;
}

const listFormat = new Intl.ListFormat("en", { type: "conjunction" });

/** Step 2: which column is which field (guessed, fixable), and the phones' home country. */
export function MappingStep({
  source,
  mapping,
  onMapping,
  country,
  onCountry,
  onBack,
  onNext,
}: {
  source: ImportSource;
  mapping: readonly (ImportField | null)[];
  onMapping: (mapping: (ImportField | null)[]) => void;
  country: CountryCode;
  onCountry: (country: CountryCode) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const id = useId();
  const { headers, records } = source.parsed;
  const missing = missingRequired(mapping);
  const usedBy = new Map<ImportField, number>();
  mapping.forEach((f, i) => {
    if (f) usedBy.set(f, i);
  });
  const mappedCount = mapping.filter(Boolean).length;

  const choose = (col: number, value: string) => {
    const next = [...mapping];
    next[col] = value === NOT_IMPORTED ? null : (value as ImportField);
    onMapping(next);
  };

  return (
    <section aria-labelledby="import-mapping-title" className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <StepHeading id="import-mapping-title">Match your columns</StepHeading>
          <p className="mt-1 text-sm text-slate-600">
            We matched what we recognised. Check each column and pick the field it holds, or leave
            it out.
          </p>
        </div>
        <p className="inline-flex items-center gap-2 rounded-lg bg-white px-3 py-1.5 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200">
          <Icon d={ICONS.document} className="size-4 text-slate-400" />
          <span className="max-w-56 truncate font-medium" title={source.name}>
            {source.name}
          </span>
          <span className="text-slate-400" aria-hidden="true">
            ·
          </span>
          <span className="tabular-nums">{plural(records.length, "row")}</span>
          <span className="text-slate-400" aria-hidden="true">
            ·
          </span>
          <span className="tabular-nums">{plural(headers.length, "column")}</span>
        </p>
      </div>

      <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <div className="hidden grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)_minmax(0,1fr)] gap-4 border-b border-slate-200 bg-slate-50 px-5 py-2.5 text-xs font-semibold tracking-wide text-slate-600 uppercase sm:grid">
          <span>Column in your file</span>
          <span>Example values</span>
          <span>Import as</span>
        </div>
        <ul className="divide-y divide-slate-100">
          {headers.map((_, col) => {
            const selectId = `${id}-col-${col}`;
            const field = mapping[col] ?? null;
            const ex = examples(source, col);
            return (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional and fixed for a file
                key={col}
                className={`grid gap-x-4 gap-y-2 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)_minmax(0,1fr)] sm:items-center sm:px-5 ${field ? "" : "bg-slate-50/60"}`}
              >
                <label
                  htmlFor={selectId}
                  className="flex min-w-0 items-center gap-2 text-sm font-medium text-slate-900"
                >
                  <span
                    aria-hidden="true"
                    className={`grid size-5 shrink-0 place-items-center rounded-full ${
                      field ? "bg-emerald-100 text-emerald-700" : "bg-slate-200 text-slate-500"
                    }`}
                  >
                    {field ? (
                      <Icon d={ICONS.check} className="size-3.5" />
                    ) : (
                      <span className="block h-0.5 w-2 rounded bg-current" />
                    )}
                  </span>
                  <span className="truncate">{columnName(headers, col)}</span>
                </label>
                <p className="min-w-0 truncate text-sm text-slate-500">
                  <span className="sr-only">Examples: </span>
                  {ex.length ? ex.join(" · ") : <span className="italic">empty</span>}
                </p>
                <select
                  id={selectId}
                  value={field ?? NOT_IMPORTED}
                  onChange={(e) => choose(col, e.target.value)}
                  className={`${inputClass(false)} ${field ? "" : "text-slate-500"}`}
                >
                  <option value={NOT_IMPORTED}>Don’t import</option>
                  {IMPORT_FIELDS.map((f) => {
                    const other = usedBy.get(f);
                    const taken = other !== undefined && other !== col;
                    const required = REQUIRED_FIELDS.includes(f);
                    return (
                      <option key={f} value={f} disabled={taken}>
                        {FIELD_LABELS[f]}
                        {required ? " (required)" : ""}
                        {f === "badges" ? " — names, separated by ; or |" : ""}
                        {taken ? ` — used by “${columnName(headers, other)}”` : ""}
                      </option>
                    );
                  })}
                </select>
              </li>
            );
          })}
        </ul>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <SelectField
            label="Numbers without a country code are from"
            value={country}
            onChange={(e) => onCountry(e.target.value as CountryCode)}
            hint="Numbers written with + and a country code are read as they are."
          >
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name} ({c.dial})
              </option>
            ))}
          </SelectField>
        </div>
        <div className="flex items-center">
          {missing.length > 0 ? (
            <div id={`${id}-missing`} className="w-full">
              <Alert tone="warning" title="Some required fields have no column yet">
                Choose the column that holds{" "}
                <strong>{listFormat.format(missing.map((f) => FIELD_LABELS[f]))}</strong>: every
                worker needs a first name, last name, e-mail and phone.
              </Alert>
            </div>
          ) : (
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <span
                aria-hidden="true"
                className="grid size-6 place-items-center rounded-full bg-emerald-100 text-emerald-700"
              >
                <Icon d={ICONS.check} className="size-4" />
              </span>
              {fmt(mappedCount)} of {plural(headers.length, "column")} will be imported; every
              required field has its column.
            </p>
          )}
        </div>
      </div>

      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={onBack}>
          <Icon d={ICONS.arrowLeft} className="-ml-0.5 size-4" />
          Choose another file
        </Button>
        <Button
          onClick={onNext}
          disabled={missing.length > 0}
          aria-describedby={missing.length > 0 ? `${id}-missing` : undefined}
        >
          Review {plural(records.length, "row")}
          <Icon d={ICONS.arrowRight} className="-mr-0.5 size-4" />
        </Button>
      </div>
    </section>
  );
}
