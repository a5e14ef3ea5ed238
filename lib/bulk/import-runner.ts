import Papa from "papaparse";
import type { InviteUserBody } from "@/lib/schemas/user";
import { describeErrors, type RowCheck } from "./csv-import";
import { type PoolControl, type PoolProgress, runPool } from "./run-pool";

/**
 * Sends checked rows one invite each (the real service has no bulk endpoint) and decides each
 * row's outcome. The same rules for the portal (through its proxy) and the operator command
 * (in process): only the two calls differ.
 *
 * Re-running a file is safe: a row whose person is already in the pool (the same e-mail and
 * name) is "existing" (with that worker's id), never created twice. An e-mail, phone or
 * external ID that belongs to somebody else is the invite's error on that row ("refused").
 * The row's badges are given after the invite (PATCH, as the editor does): the real service's
 * invite takes none.
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

/** A worker of the pool found by a row's e-mail (or external ID). */
export type ExistingWorker = {
  id: number;
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  /** The badges it holds (ids). */
  badgeIds?: readonly string[];
};

export type ImportIo = {
  invite(body: InviteUserBody): Promise<InviteAnswer>;
  /** The pool's worker with this e-mail, else with this external ID, if any. */
  findExisting(body: InviteUserBody): Promise<ExistingWorker | null>;
  /** Gives worker `id` these badges (it holds none of them yet). */
  addBadges(id: number, badgeIds: readonly string[], body: InviteUserBody): Promise<InviteAnswer>;
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
const IDENTITY_FIELDS = ["email", "phone", "external_id"] as const;

const fold = (s: string | null | undefined) =>
  (s ?? "").normalize("NFC").trim().toLocaleLowerCase("en");

/**
 * Whether the pool's worker is this row's person (a re-run of the same file): the same e-mail
 * and the same name. Anybody else holding the e-mail, phone or external ID is a clash.
 */
export function isSameWorker(body: InviteUserBody, w: ExistingWorker): boolean {
  return (
    fold(w.email) === fold(body.email) &&
    fold(w.first_name) === fold(body.first_name) &&
    fold(w.last_name) === fold(body.last_name)
  );
}

export const workerName = (w: ExistingWorker) =>
  [w.first_name, w.last_name].filter(Boolean).join(" ") || `worker ${w.id}`;

/** The row's badges the worker does not hold yet, given after the invite. */
async function giveBadges(
  outcome: RowOutcome,
  check: RowCheck,
  held: readonly string[],
  io: ImportIo,
): Promise<RowOutcome> {
  const missing = check.badgeIds.filter((id) => !held.includes(id));
  if (missing.length === 0 || outcome.id === null || !check.body) return outcome;
  const what = outcome.status === "created" ? "Invited" : "Already in your pool";
  // Failed, not refused: the worker exists, and a retry of the row gives the badges.
  const failed = (why: string): RowOutcome => ({
    ...outcome,
    status: "failed",
    reason: `${what}, but the badges were not given: ${why}. Retry the row to give them.`,
  });
  let answer: InviteAnswer;
  try {
    answer = await io.addBadges(outcome.id, missing, check.body);
  } catch (err) {
    return failed((err as Error).message || "network error");
  }
  // Another hand gave one of them meanwhile: the worker holds them all the same.
  if (answer.ok || answer.code === "duplicate_badge") return outcome;
  return failed(answer.message);
}

export async function importOne(check: RowCheck, io: ImportIo): Promise<RowOutcome> {
  const base = { row: check.row, values: check.values, id: null, reason: null };
  if (!check.body) return { ...base, status: "refused", reason: describeErrors(check.errors) };
  let answer: InviteAnswer;
  try {
    answer = await io.invite(check.body);
  } catch (err) {
    return { ...base, status: "failed", reason: (err as Error).message || "network error" };
  }
  if (answer.ok) return giveBadges({ ...base, status: "created", id: answer.id }, check, [], io);
  const fields = answer.fields ?? {};
  const taken = (f: string) => TAKEN.test(fields[f]?.join() ?? "");
  if (answer.status === 422 && IDENTITY_FIELDS.some(taken)) {
    let found: ExistingWorker | null;
    try {
      found = await io.findExisting(check.body);
    } catch (err) {
      // Unknown, not refused: a second run decides.
      return {
        ...base,
        status: "failed",
        reason: `could not check for the existing worker: ${(err as Error).message}`,
      };
    }
    if (found && isSameWorker(check.body, found)) {
      const existing: RowOutcome = { ...base, status: "existing", id: found.id };
      return giveBadges(existing, check, found.badgeIds ?? [], io);
    }
    // Somebody else holds it: refused with the invite's own message, as a single invite says.
    const whose = found
      ? ` (by ${workerName(found)} in your pool)`
      : taken("email")
        ? " (by a worker outside your pool)"
        : "";
    return { ...base, status: "refused", reason: `${answer.message}${whose}` };
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
