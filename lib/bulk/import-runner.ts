import Papa from "papaparse";
import type { InviteUserBody } from "@/lib/schemas/user";
import { describeErrors, type RowCheck } from "./csv-import";
import { type PoolControl, type PoolProgress, runPool } from "./run-pool";

/**
 * Sends checked rows one invite each (the real service has no bulk endpoint) and decides each
 * row's outcome. The same rules for the portal (through its proxy) and the operator command
 * (in process): only the two calls differ.
 *
 * Re-running a file is safe: a row whose e-mail or external ID is already in the pool is
 * "existing" (with that worker's id), never created twice and never an error.
 */

export type InviteAnswer =
  | { ok: true; id: number }
  | {
      ok: false;
      status: number;
      code?: string;
      message: string;
      fields?: Record<string, string[]>;
    };

export type ImportIo = {
  invite(body: InviteUserBody): Promise<InviteAnswer>;
  /** The pool's worker with this e-mail or external ID, if any. */
  findExisting(body: InviteUserBody): Promise<number | null>;
};

export type RowStatus = "created" | "existing" | "refused" | "failed";
export type RowOutcome = {
  row: number;
  status: RowStatus;
  id: number | null;
  reason: string | null;
  values: RowCheck["values"];
};

const TAKEN = /has already been taken/;

export async function importOne(check: RowCheck, io: ImportIo): Promise<RowOutcome> {
  const base = { row: check.row, values: check.values, id: null, reason: null };
  if (!check.body) return { ...base, status: "refused", reason: describeErrors(check.errors) };
  let answer: InviteAnswer;
  try {
    answer = await io.invite(check.body);
  } catch (err) {
    return { ...base, status: "failed", reason: (err as Error).message || "network error" };
  }
  if (answer.ok) return { ...base, status: "created", id: answer.id };
  const fields = answer.fields ?? {};
  const identityTaken =
    TAKEN.test(fields.email?.join() ?? "") || TAKEN.test(fields.external_id?.join() ?? "");
  if (answer.status === 422 && identityTaken) {
    let id: number | null;
    try {
      id = await io.findExisting(check.body);
    } catch (err) {
      // Unknown, not refused: a second run decides.
      return {
        ...base,
        status: "failed",
        reason: `could not check for the existing worker: ${(err as Error).message}`,
      };
    }
    if (id !== null) return { ...base, status: "existing", id };
    return {
      ...base,
      status: "refused",
      reason: `${answer.message} (by a worker outside your pool)`,
    };
  }
  // Refused by the rules (4xx) is final; anything else may work on a second run.
  return {
    ...base,
    status: answer.status >= 400 && answer.status < 500 ? "refused" : "failed",
    reason: answer.message,
  };
}

export function runImport(
  checks: readonly RowCheck[],
  io: ImportIo,
  opts: {
    concurrency?: number;
    onOutcome?: (o: RowOutcome) => void;
    onProgress?: (p: PoolProgress) => void;
  } = {},
): { control: PoolControl; done: Promise<{ outcomes: RowOutcome[]; cancelled: boolean }> } {
  const { control, done } = runPool(checks, (c) => importOne(c, io), {
    concurrency: opts.concurrency ?? 4,
    onResult: (_, o) => opts.onOutcome?.(o),
    onProgress: opts.onProgress,
  });
  return {
    control,
    done: done.then(({ results, cancelled }) => ({
      outcomes: results.filter((r): r is RowOutcome => r !== undefined),
      cancelled,
    })),
  };
}

export function summarize(outcomes: readonly RowOutcome[]): Record<RowStatus, number> {
  const s: Record<RowStatus, number> = { created: 0, existing: 0, refused: 0, failed: 0 };
  for (const o of outcomes) s[o.status]++;
  return s;
}

/** The per-row report as CSV (BOM for spreadsheets), in file order. */
export function reportCsv(outcomes: readonly RowOutcome[]): string {
  const rows = [...outcomes]
    .sort((a, b) => a.row - b.row)
    .map((o) => ({
      row: o.row,
      status: o.status,
      id: o.id ?? "",
      first_name: o.values.first_name ?? "",
      last_name: o.values.last_name ?? "",
      email: o.values.email ?? "",
      phone: o.values.phone ?? "",
      external_id: o.values.external_id ?? "",
      reason: o.reason ?? "",
    }));
  return `\uFEFF${Papa.unparse(rows, { newline: "\r\n" })}\r\n`;
}
