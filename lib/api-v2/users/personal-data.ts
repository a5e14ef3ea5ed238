import { and, asc, gt, isNotNull, ne, notLike, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { log } from "@/lib/log";
import type { Caller } from "../caller";
import { validationError } from "../errors";
import { type SealUse, sealFor, unsealFor } from "../secret-box";
import type { UserRow } from "./serialize-user";

/**
 * A worker's SSN and date of birth: sealed at rest (AES-256-GCM under the data key, see
 * secret-box), readable only by the private pool that owns the worker, never in webhook
 * payloads, history values or logs. The API field names are also the column names.
 */
export const PERSONAL_FIELDS = ["ssn", "dob"] as const;
export type PersonalField = (typeof PERSONAL_FIELDS)[number];

/** Every sealed value starts with this; anything else in the column is a legacy clear value. */
const LABEL = "pd1";
const PREFIX = `${LABEL}.`;

// The field is authenticated with the value: a sealed SSN copied into dob does not open.
const use = (field: PersonalField): SealUse => ({
  purpose: "personal-data",
  label: LABEL,
  aad: field,
});

export const isSealedPersonal = (stored: string): boolean => stored.startsWith(PREFIX);

/** The value to store. Empty and missing values have nothing to hide and stay as they are. */
export function sealPersonal<T extends string | null | undefined>(
  field: PersonalField,
  plain: T,
): T {
  if (typeof plain !== "string" || plain === "") return plain;
  return sealFor(use(field), plain) as T;
}

let lastWarning = 0;
let unwarned = 0;

/**
 * The plain value of a stored one: sealed values are opened, a legacy clear one (written
 * before sealing, until the backfill reaches it) is read as it is. A value that does not open
 * (another data key, a damaged or moved value) reads as null, and is logged without the value
 * (at most once a minute, with how many more there were).
 */
export function unsealPersonal(
  field: PersonalField,
  stored: string | null,
  userId?: number,
): string | null {
  if (stored === null || !isSealedPersonal(stored)) return stored;
  const plain = unsealFor(use(field), stored);
  if (plain === null) {
    const now = Date.now();
    if (now - lastWarning >= 60_000) {
      log.warn("personal data could not be unsealed (wrong DATA_ENCRYPTION_KEY?)", {
        field,
        user_id: userId ?? null,
        more_since_last_warning: unwarned,
      });
      lastWarning = now;
      unwarned = 0;
    } else unwarned += 1;
  }
  return plain;
}

/** Whether the caller reads a worker's personal data: only the private pool that owns it. */
export function readsPersonalData(viewer: Caller | null, companyId: number): boolean {
  return viewer !== null && viewer.pool === "private" && viewer.companyId === companyId;
}

/**
 * The last four digits only (our addition's rule for a person's reads, and the history's):
 * `•••-••-1234`. An empty value ("Empty string allowed") has nothing to hide.
 */
export function maskSsn(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v === "") return "";
  const digits = String(v).replace(/\D/g, "");
  return digits.length > 4 ? `•••-••-${digits.slice(-4)}` : "•••-••-••••";
}

/**
 * A person reads the SSN masked, so a fetched worker saved back as it is carries the mask: that
 * is no change, and is dropped. Any other masked value ("•••-••-1111") is no SSN at all: 422,
 * never stored over the real number.
 */
export function withoutEchoedMask<F extends { ssn?: string | null }>(
  fields: F,
  current: Pick<UserRow, "ssn" | "id">,
): F {
  if (typeof fields.ssn !== "string" || !fields.ssn.includes("•")) return fields;
  if (fields.ssn === maskSsn(unsealPersonal("ssn", current.ssn, current.id))) {
    const { ssn: _, ...rest } = fields;
    return rest as F;
  }
  throw validationError({ ssn: ["is masked: send the whole number, or leave ssn out to keep it"] });
}

/** A users row with its personal columns opened (for comparing what a write changes). */
export function openPersonal<T extends Pick<UserRow, PersonalField | "id">>(row: T): T {
  return {
    ...row,
    ssn: unsealPersonal("ssn", row.ssn, row.id),
    dob: unsealPersonal("dob", row.dob, row.id),
  };
}

/** Column values about to be written, with the personal ones sealed. */
export function sealPersonalColumns<T extends Partial<Pick<UserRow, PersonalField>>>(values: T): T {
  const out = { ...values };
  for (const f of PERSONAL_FIELDS) {
    if (f in out) (out as Record<string, unknown>)[f] = sealPersonal(f, out[f]);
  }
  return out;
}

/** What the history and the webhooks carry for a changed date of birth: that it was set. */
export const DOB_CHANGED = "••••-••-••";

/**
 * Field changes fit to keep and send: ssn is already masked to its last four digits by the
 * history's rule; a date of birth keeps only whether it was set (its digits are the date).
 */
export function withoutPersonalValues<C extends { from: unknown; to: unknown }>(
  changes: Record<string, C>,
): Record<string, C> {
  const dob = changes.dob;
  if (!dob) return changes;
  const hide = (v: unknown) => (v === null || v === undefined ? null : v === "" ? "" : DOB_CHANGED);
  return { ...changes, dob: { ...dob, from: hide(dob.from), to: hide(dob.to) } };
}

const clearIn = (column: typeof users.ssn | typeof users.dob): SQL =>
  and(isNotNull(column), ne(column, ""), notLike(column, `${PREFIX}%`)) as SQL;

/**
 * Seals the SSNs and dates of birth still stored in clear (rows written before sealing), a
 * batch at a time, in id order. Idempotent: sealed rows are never selected again, so it runs
 * on every start. A row written in between is left alone (the update only applies where the
 * row still holds the clear values read), and its write sealed its own values anyway.
 */
export async function sealClearPersonalData(db: Db, batch = 500): Promise<number> {
  let after = 0;
  let sealed = 0;
  for (;;) {
    const rows = await db
      .select({ id: users.id, ssn: users.ssn, dob: users.dob })
      .from(users)
      .where(and(gt(users.id, after), or(clearIn(users.ssn), clearIn(users.dob))))
      .orderBy(asc(users.id))
      .limit(batch);
    if (rows.length === 0) break;
    const ids = rows.map((r) => r.id);
    const oldSsn = rows.map((r) => r.ssn);
    const oldDob = rows.map((r) => r.dob);
    const newSsn = rows.map((r) => sealPersonal("ssn", r.ssn));
    const newDob = rows.map((r) => sealPersonal("dob", r.dob));
    await db.execute(sql`
      update ${users} set ssn = v.new_ssn, dob = v.new_dob
      from unnest(${sql.param(ids)}::int[], ${sql.param(oldSsn)}::text[], ${sql.param(newSsn)}::text[],
        ${sql.param(oldDob)}::text[], ${sql.param(newDob)}::text[])
        as v(id, old_ssn, new_ssn, old_dob, new_dob)
      where ${users.id} = v.id
        and ${users.ssn} is not distinct from v.old_ssn
        and ${users.dob} is not distinct from v.old_dob`);
    sealed += rows.length;
    after = ids[ids.length - 1]!;
  }
  if (sealed > 0) log.info("sealed personal data stored in clear", { rows: sealed });
  return sealed;
}
