import type { Db } from "@/lib/db/client";
import { type CreateEmployerBody, passwordConfirmationErrors } from "@/lib/schemas/employer";
import type { Caller } from "../caller";
import { type FieldErrors, mergeFieldErrors, validationError } from "../errors";
import type { Parsed } from "../handler";
import { hashPassword } from "../invitations/password";
import { recordUserChange } from "../users/history";
import { takenFields } from "../users/uniqueness";
import { insertEmployer } from "./insert-employer";
import { diffEmployers, serializeEmployer } from "./serialize-employer";

/** `customer_id` must be the caller's own company: a key or a person manages only its team. */
export function customerIdErrors(customerId: number | undefined, caller: Caller): FieldErrors {
  return customerId === undefined || customerId === caller.companyId
    ? {}
    : { customer_id: ["is not your company"] };
}

/**
 * POST /users with `type: "Employer"`: a teammate with a password of their own. Every field is
 * checked at once (schema, confirmation, company, taken e-mail and phone) before the password
 * is hashed; the hash (scrypt, off the event loop, bounded) runs outside the transaction so no
 * row lock waits on it, and the unique indexes still decide a race on the e-mail.
 */
export async function createEmployer(
  db: Db,
  caller: Caller,
  now: Date,
  parsed: Parsed<CreateEmployerBody>,
) {
  const f = parsed.fields;
  const errors = mergeFieldErrors(
    parsed.errors,
    passwordConfirmationErrors(f),
    customerIdErrors(f.customer_id, caller),
    await takenFields(db, { email: f.email, phone: f.phone, companyId: caller.companyId }),
  );
  if (Object.keys(errors).length > 0 || !parsed.data) throw validationError(errors);
  const body = parsed.data;
  const passwordHash = await hashPassword(body.password);
  return await db.transaction(async (tx) => {
    const row = await insertEmployer(tx, { id: caller.companyId, name: caller.companyName }, body, {
      passwordHash,
      now,
    });
    const json = serializeEmployer(row, now);
    await recordUserChange(tx, {
      userId: row.id,
      kind: "invited",
      caller,
      actor: caller.operator ? "operator" : "api_key",
      now,
      changes: diffEmployers(null, json),
      badgesAdded: [],
      badgesRemoved: [],
    });
    return { user: json, row };
  });
}
