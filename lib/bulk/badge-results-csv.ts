import type { ResultRow } from "./badge-outcome";
import { guardCell } from "./csv-text";
import { csvLines } from "./worker-csv";

/**
 * The results of a bulk badge run as a file. Apart from badge-outcome.ts because it needs
 * papaparse, which the browser loads only with the dialog that offers the download.
 */
const RESULT_CSV_HEADER = ["id", "first_name", "last_name", "email", "result", "message"];

/** The per-worker results as a CSV file's text (BOM and header included). */
export function badgeResultsCsv(rows: readonly ResultRow[]): string {
  const body = rows.map(({ worker, result }) =>
    [
      String(worker.id),
      worker.first_name,
      worker.last_name,
      worker.email,
      result?.outcome ?? "not done",
      result?.message ?? "",
    ].map(guardCell),
  );
  return `\uFEFF${csvLines([RESULT_CSV_HEADER, ...body])}`;
}
