"use client";

import { type DragEvent, useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import type { ParsedCsv } from "@/lib/bulk/csv-import";
import { readTextFile } from "@/lib/bulk/read-text-file";
import { fmt, ICONS, Icon, StepHeading } from "./import-parts";

const MAX_FILE_BYTES = 5 * 1024 * 1024;
const SAMPLE_URL = "/samples/workers-import-sample.csv";
/** Enough of the file to know what it is (its signature, and whether it is text at all). */
const SNIFF_BYTES = 8_192;

export type ImportSource = { name: string; parsed: ParsedCsv };

/** Rounded up, so a file just over the limit never reads as "5.0 MB". */
const mb = (bytes: number) => `${(Math.ceil((bytes / 1024 / 1024) * 10) / 10).toFixed(1)} MB`;

/**
 * The text as a file with rows, or what is wrong with it. The parser (and the import's checks
 * beside it) load with the first file, not with the page.
 */
async function read(name: string, text: string): Promise<ImportSource | string> {
  const { parseCsv } = await import("@/lib/bulk/csv-import");
  const parsed = parseCsv(text);
  if (parsed.headers.every((h) => h === ""))
    return `${name} is empty. Export the spreadsheet with its header row and try again.`;
  if (parsed.records.length === 0) return `${name} has a header row but no workers under it.`;
  if (parsed.headers.length < 2)
    return `Only one column was found in ${name}. Save it as comma-separated (CSV) or paste the cells straight from the spreadsheet.`;
  return { name, parsed };
}

/** The template: a header of every field the import reads, required ones first, and a row. */
async function templateCsv(): Promise<string> {
  const { FIELD_LABELS, IMPORT_FIELDS } = await import("@/lib/bulk/csv-import");
  return `\uFEFF${IMPORT_FIELDS.map((f) => FIELD_LABELS[f]).join(",")}\r\nAva,Thompson,ava.thompson@example.com,(415) 555-0142,EMP-1001,500 Howard St,San Francisco,CA,94105,37.7897,-122.3972,37.7749,-122.4194,Forklift; First aid\r\n`;
}

/** Step 1: a file (dropped or picked), cells pasted from a spreadsheet, or the sample file. */
export function SourceStep({
  onLoaded,
  focusHeading,
}: {
  onLoaded: (source: ImportSource) => void | Promise<void>;
  focusHeading: boolean;
}) {
  const inputId = useId();
  const pasteId = useId();
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState<"file" | "sample" | null>(null);
  const [pasted, setPasted] = useState("");

  const take = async (name: string, text: string) => {
    const result = await read(name, text);
    if (typeof result === "string") setError(result);
    else {
      setError(null);
      await onLoaded(result);
    }
  };

  const openFile = async (file: File | undefined) => {
    if (!file) return;
    setBusy("file");
    try {
      // What the file is comes first: a 9 MB photo is a photo, not a CSV file that is too big.
      const head = readTextFile(
        file.name,
        file.type,
        new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()),
      );
      if (!head.ok) {
        setError(head.message);
        return;
      }
      if (file.size > MAX_FILE_BYTES) {
        setError(
          `${file.name} is ${mb(file.size)}: over the 5 MB limit (about 40,000 workers). Split it into smaller files and import them one after the other.`,
        );
        return;
      }
      const read = readTextFile(file.name, file.type, new Uint8Array(await file.arrayBuffer()));
      if (read.ok) await take(file.name, read.text);
      else setError(read.message);
    } catch {
      setError(`${file.name} could not be read. Try choosing it again.`);
    } finally {
      setBusy(null);
    }
  };

  const trySample = async () => {
    setBusy("sample");
    setError(null);
    try {
      const res = await fetch(SAMPLE_URL);
      if (!res.ok) throw new Error(String(res.status));
      await take("workers-import-sample.csv", await res.text());
    } catch {
      setError("The sample file could not be loaded. Check your connection and try again.");
    } finally {
      setBusy(null);
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void openFile(e.dataTransfer.files[0]);
  };

  const downloadTemplate = async () => {
    const url = URL.createObjectURL(new Blob([await templateCsv()], { type: "text/csv" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = "workers-template.csv";
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  };

  return (
    <section aria-labelledby="import-source-title" className="space-y-6">
      <div>
        <StepHeading id="import-source-title" focusOnMount={focusHeading}>
          Choose your workers
        </StepHeading>
        <p className="mt-1 text-sm text-slate-600">
          A CSV file from your HR system or spreadsheet, one worker per row. First name, last name,
          e-mail and phone are needed; an external ID, address, coordinates and badges are welcome.
        </p>
      </div>

      {error && (
        <Alert tone="error" title="That file can’t be imported">
          {error}
        </Alert>
      )}

      <div className="grid gap-6 lg:grid-cols-5">
        <div className="space-y-4 lg:col-span-3">
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop target; the file input inside is the keyboard way */}
          <div
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={`flex min-h-64 flex-col items-center justify-center rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors ${
              dragging
                ? "border-indigo-500 bg-indigo-50/70"
                : "border-slate-300 bg-white hover:border-slate-400"
            }`}
          >
            <span
              aria-hidden="true"
              className="grid size-14 place-items-center rounded-full bg-indigo-50 text-indigo-600 ring-8 ring-indigo-50/50"
            >
              <Icon d={ICONS.upload} className="size-7" />
            </span>
            <p className="mt-5 text-base font-semibold text-slate-900">
              {dragging ? "Drop it here" : "Drop a CSV file here"}
            </p>
            <p className="mt-1 text-sm text-slate-500">or</p>
            <div className="mt-3">
              <input
                id={inputId}
                type="file"
                accept=".csv,.tsv,.txt,text/csv,text/plain,text/tab-separated-values"
                className="peer sr-only"
                disabled={busy !== null}
                onChange={(e) => {
                  void openFile(e.target.files?.[0]);
                  e.target.value = "";
                }}
              />
              <label
                htmlFor={inputId}
                className="inline-flex cursor-pointer items-center gap-2 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600 hover:bg-indigo-500"
              >
                <Icon d={ICONS.document} className="-ml-0.5 size-4" />
                Choose a file
              </label>
            </div>
            <p className="mt-4 text-xs text-slate-500">
              .csv, .tsv or .txt · up to {fmt(5)} MB · UTF-8 or Excel’s Windows encoding
            </p>
          </div>

          <div className="flex flex-col gap-3 rounded-xl bg-gradient-to-br from-indigo-50 to-white p-4 ring-1 ring-indigo-100 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex items-start gap-3">
              <span
                aria-hidden="true"
                className="mt-0.5 grid size-8 shrink-0 place-items-center rounded-lg bg-white text-indigo-600 shadow-sm ring-1 ring-indigo-100"
              >
                <Icon d={ICONS.sparkles} className="size-4" />
              </span>
              <div>
                <p className="text-sm font-semibold text-slate-900">No file at hand?</p>
                <p className="text-sm text-slate-600">
                  500 realistic workers, with the mistakes real spreadsheets have.
                </p>
              </div>
            </div>
            <Button
              variant="secondary"
              busy={busy === "sample"}
              disabled={busy !== null}
              onClick={trySample}
              className="shrink-0"
            >
              Try the sample file
            </Button>
          </div>
        </div>

        <div className="flex flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 lg:col-span-2">
          <label htmlFor={pasteId} className="flex items-center gap-2 text-sm font-semibold">
            <Icon d={ICONS.clipboard} className="size-4 text-slate-400" />
            Or paste from a spreadsheet
          </label>
          <p id={`${pasteId}-hint`} className="mt-1 text-xs text-slate-500">
            Select the cells with their header row in Excel or Google Sheets, copy, and paste here.
          </p>
          <textarea
            id={pasteId}
            aria-describedby={`${pasteId}-hint`}
            value={pasted}
            onChange={(e) => setPasted(e.target.value)}
            rows={7}
            spellCheck={false}
            placeholder={
              "First name\tLast name\tE-mail\tPhone\nAva\tThompson\tava@example.com\t415 555 0142"
            }
            className={`mt-3 min-h-36 flex-1 resize-y font-mono text-xs ${inputClass(false)}`}
          />
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
            <button
              type="button"
              onClick={downloadTemplate}
              className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-indigo-700 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              <Icon d={ICONS.download} className="size-4" />
              Download a template
            </button>
            <Button
              variant="secondary"
              disabled={pasted.trim() === "" || busy !== null}
              onClick={() => void take("Pasted rows", pasted)}
            >
              Use pasted rows
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
