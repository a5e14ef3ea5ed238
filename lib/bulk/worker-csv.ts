import Papa from "papaparse";

/**
 * Workers as CSV: the columns, one row per worker, cells made safe for spreadsheets, and the
 * line/record bookkeeping shared by the export route (which writes) and the browser (which
 * counts what arrives). Pure, so it runs in both.
 */

/**
 * Every field of the user object in the API's order (section 2.1), except `user_badges`, which
 * the export turns into a `badges` column of names. Kept here rather than imported from the API
 * service: the portal must work the same against the real service.
 */
export const WORKER_CSV_FIELDS = [
  "id",
  "external_id",
  "type",
  "first_name",
  "last_name",
  "email",
  "phone",
  "gender",
  "dob",
  "address",
  "address_state",
  "city",
  "zip",
  "home_latitude",
  "home_longitude",
  "latitude",
  "longitude",
  "avatar_url",
  "logo_url",
  "workplace_image_url",
  "business_name",
  "drug_tested",
  "rating",
  "referred_by",
  "ssn",
  "suspended",
  "suspended_until",
  "lower_pool",
  "lower_pool_until",
  "onboarding_appt_time",
  "tracking_code",
  "w2_address_state",
  "w2_employee_id",
  "w2_onboarding_completed",
  "w2_onboarding_started",
  "w2_onboarding_status",
  "updated_at",
] as const;

export const WORKER_CSV_HEADER: readonly string[] = [...WORKER_CSV_FIELDS, "badges"];

/** Excel reads a file as UTF-8 only when it starts with a byte order mark. */
export const CSV_BOM = "\uFEFF";
export const CSV_NEWLINE = "\r\n";
export const BADGE_SEPARATOR = "; ";

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

const badgeIdsOf = (user: Record<string, unknown>): string[] =>
  Array.isArray(user.user_badges)
    ? user.user_badges.flatMap((b: unknown) =>
        typeof b === "object" && b !== null && "badge_id" in b
          ? [cellText((b as { badge_id: unknown }).badge_id)]
          : [],
      )
    : [];

/**
 * One worker as a row of WORKER_CSV_HEADER: every field, then the names of its badges (a badge
 * missing from `badgeNames` is written as "badge <id>", so it is still visible).
 */
export function workerCsvRow(
  user: Record<string, unknown>,
  badgeNames: ReadonlyMap<string, string>,
): string[] {
  const badges = badgeIdsOf(user)
    .map((id) => badgeNames.get(id) ?? `badge ${id}`)
    .join(BADGE_SEPARATOR);
  return [...WORKER_CSV_FIELDS.map((f) => guardCell(cellText(user[f]))), guardCell(badges)];
}

/**
 * Rows as CSV text (papaparse: quotes, commas, newlines inside cells), each ending in CRLF, so
 * chunks written one after another make one file.
 */
export function csvLines(rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return "";
  return (
    Papa.unparse(rows as string[][], {
      newline: CSV_NEWLINE,
      header: false,
      quotes: false,
      escapeFormulae: false,
    }) + CSV_NEWLINE
  );
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
