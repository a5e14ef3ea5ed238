/**
 * The parts of CSV handling that need no CSV parser: cell safety, record counting and file
 * names. Kept apart from worker-csv.ts (papaparse) so the browser's list page can use them
 * without downloading the parser.
 */

/** Excel reads a file as UTF-8 only when it starts with a byte order mark. */
export const CSV_BOM = "\uFEFF";
export const CSV_NEWLINE = "\r\n";

/** A number or a phone number as people write them: "+1 (415) 555-0142", "-122.27". */
const PLAIN_NUMBER = /^[+-]?[\d\s().-]+$/;

/**
 * Spreadsheet formula injection: a cell that starts with `=`, `@`, a tab or a carriage return,
 * or with `+`/`-` and is not a plain number or phone, would be run as a formula when the file
 * is opened. A leading apostrophe makes it text (and is not shown by Excel).
 */
export function guardCell(value: string): string {
  const first = value.charAt(0);
  if (first === "=" || first === "@" || first === "\t" || first === "\r") return `'${value}`;
  if ((first === "+" || first === "-") && !PLAIN_NUMBER.test(value)) return `'${value}`;
  return value;
}

/** A JSON value as cell text: nothing for null, `true`/`false`, numbers as JSON writes them. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint")
    return String(value);
  return JSON.stringify(value);
}

/**
 * Counts complete CSV records in text that arrives in pieces: a line end counts only outside a
 * quoted cell (an address may hold a newline). Quotes inside a cell are doubled, so tracking
 * their parity is enough.
 */
export function createRecordCounter() {
  let inQuotes = false;
  let records = 0;
  return {
    push(text: string): number {
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 34) inQuotes = !inQuotes;
        else if (c === 10 && !inQuotes) records++;
      }
      return records;
    },
    get records() {
      return records;
    },
  };
}

/** `workers-2026-11-21.csv` (the UTC date). */
export function exportFileName(now: Date, stem = "workers"): string {
  return `${stem}-${now.toISOString().slice(0, 10)}.csv`;
}
