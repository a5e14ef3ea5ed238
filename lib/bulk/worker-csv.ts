import Papa from "papaparse";
import { USER_FIELD_NAMES, USER_FIELDS, type UserField } from "@/lib/schemas/user-fields";
import { CSV_NEWLINE, cellText, guardCell } from "./csv-text";

export {
  CSV_BOM,
  cellText,
  createRecordCounter,
  exportFileName,
  guardCell,
} from "./csv-text";

/**
 * Workers as CSV: the columns, one row per worker, cells made safe for spreadsheets, and the
 * line/record bookkeeping shared by the export route (which writes) and the browser (which
 * counts what arrives). Pure, so it runs in both.
 */

/**
 * Every field of the user object in the API's order (the catalogue, lib/schemas/user-fields),
 * except `user_badges`, which the export turns into a `badges` column of names. The catalogue
 * is the interface's, not our service's: the portal works the same against the real service.
 */
export const WORKER_CSV_FIELDS: readonly UserField[] = USER_FIELD_NAMES.filter(
  (f) => USER_FIELDS[f].json !== "badges",
);

export const WORKER_CSV_HEADER: readonly string[] = [...WORKER_CSV_FIELDS, "badges"];

/**
 * A worker's SSN and date of birth: written only when the export is asked for them
 * (`include_sensitive`); otherwise their columns stay in the header, empty, so every export has
 * the same columns and re-imports the same way (the import skips empty cells).
 */
export const SENSITIVE_CSV_FIELDS: readonly UserField[] = ["ssn", "dob"];

const BADGE_SEPARATOR = "; ";

const badgeIdsOf = (user: Record<string, unknown>): string[] =>
  Array.isArray(user.user_badges)
    ? user.user_badges.flatMap((b: unknown) =>
        typeof b === "object" && b !== null && "badge_id" in b
          ? [cellText((b as { badge_id: unknown }).badge_id)]
          : [],
      )
    : [];

/**
 * One worker as a row of WORKER_CSV_HEADER: every field (the sensitive ones empty unless
 * `includeSensitive`), then the names of its badges (a badge missing from `badgeNames` is
 * written as "badge <id>", so it is still visible).
 */
export function workerCsvRow(
  user: Record<string, unknown>,
  badgeNames: ReadonlyMap<string, string>,
  opts: { includeSensitive?: boolean } = {},
): string[] {
  const badges = badgeIdsOf(user)
    .map((id) => badgeNames.get(id) ?? `badge ${id}`)
    .join(BADGE_SEPARATOR);
  const cell = (f: UserField) =>
    !opts.includeSensitive && SENSITIVE_CSV_FIELDS.includes(f) ? "" : guardCell(cellText(user[f]));
  return [...WORKER_CSV_FIELDS.map(cell), guardCell(badges)];
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
