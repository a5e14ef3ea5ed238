import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "@/lib/db/client";
import { companies } from "@/lib/db/schema";
import {
  CUSTOMER_CONTACT_FIELDS,
  CUSTOMER_TERMS,
  type CustomerTerm,
  customerTermsShape,
  TERM_REFUSED,
  type UpdateCustomerBody,
} from "@/lib/schemas/customer";
import type { Caller } from "../caller";
import { ApiError, type FieldErrors, notFound, validationError } from "../errors";
import { formatTimestamp } from "../format";
import { fieldErrorsOf } from "../zod-errors";

type CompanyRow = typeof companies.$inferSelect;

/** The customer object: the reference's fields in its order, then ours (`created_at`, `updated_at`). */
export function serializeCustomer(c: CompanyRow) {
  return {
    id: c.id,
    name: c.name,
    account_owner: c.accountOwner,
    account_manager: c.accountManager,
    address: c.address,
    city: c.city,
    state: c.state,
    zip: c.zip,
    phone: c.phone,
    contact_first_name: c.contactFirstName,
    contact_last_name: c.contactLastName,
    contact_email: c.contactEmail,
    billing_first_name: c.billingFirstName,
    billing_last_name: c.billingLastName,
    billing_email: c.billingEmail,
    billing_phone: c.billingPhone,
    fee_percentage: c.feePercentage === null ? null : Number(c.feePercentage),
    can_post_w2: c.canPostW2,
    can_post_1099: c.canPost1099,
    can_use_premier_features: c.canUsePremierFeatures,
    use_start_and_complete_pin: c.useStartAndCompletePin,
    strategic_pilot: c.strategicPilot,
    use_pending_state: c.usePendingState,
    created_at: formatTimestamp(c.createdAt)!,
    updated_at: formatTimestamp(c.updatedAt ?? c.createdAt)!,
  };
}
export type CustomerJson = ReturnType<typeof serializeCustomer>;

/** Any id but the caller's own company's is 404, exactly as one that does not exist. */
export function requireOwnCustomer(caller: Caller, id: number): void {
  if (id !== caller.companyId) throw notFound("Customer");
}

async function ownCompany(db: DbOrTx, caller: Caller, id: number, lock = false) {
  requireOwnCustomer(caller, id);
  const q = db.select().from(companies).where(eq(companies.id, id));
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw notFound("Customer");
  return row;
}

/** GET /customers/:id */
export async function getCustomer(db: Db, caller: Caller, id: number) {
  return serializeCustomer(await ownCompany(db, caller, id));
}

const CAMEL: Record<string, keyof CompanyRow> = {
  name: "name",
  account_owner: "accountOwner",
  account_manager: "accountManager",
  address: "address",
  city: "city",
  state: "state",
  zip: "zip",
  phone: "phone",
  contact_first_name: "contactFirstName",
  contact_last_name: "contactLastName",
  contact_email: "contactEmail",
  billing_first_name: "billingFirstName",
  billing_last_name: "billingLastName",
  billing_email: "billingEmail",
  billing_phone: "billingPhone",
};

/**
 * PATCH /customers/:id: a partial update of the contact and billing details. A term sent with
 * the value it has (a client echoing the fetched object) is fine; one that would change is 422
 * on that field, with every other failing field, and nothing is written. The row is locked while
 * the terms are compared, so an operator's change in between cannot slip through unseen.
 */
export async function updateCustomer(
  db: Db,
  caller: Caller,
  id: number,
  body: UpdateCustomerBody,
  errors: FieldErrors,
  now: Date,
) {
  requireOwnCustomer(caller, id);
  return db.transaction(async (tx) => {
    const row = await ownCompany(tx, caller, id, true);
    const current = serializeCustomer(row);
    const refused: FieldErrors = { ...errors };
    for (const term of CUSTOMER_TERMS) {
      const sent = body[term as CustomerTerm];
      if (sent === undefined || refused[term]) continue;
      const same =
        term === "fee_percentage"
          ? (sent === null) === (current.fee_percentage === null) &&
            (sent === null || Math.abs(Number(sent) - Number(current.fee_percentage)) < 1e-9)
          : sent === current[term];
      if (!same) refused[term] = [TERM_REFUSED];
    }
    if (Object.keys(refused).length > 0) throw validationError(refused);
    const changes: Partial<CompanyRow> = {};
    for (const field of CUSTOMER_CONTACT_FIELDS) {
      const v = body[field];
      if (v !== undefined) (changes as Record<string, unknown>)[CAMEL[field]!] = v;
    }
    if (Object.keys(changes).length === 0) return current;
    const [updated] = await tx
      .update(companies)
      .set({ ...changes, updatedAt: now })
      .where(eq(companies.id, id))
      .returning();
    return serializeCustomer(updated!);
  });
}

/**
 * The operator's `company terms` command: sets the platform's terms of a company (the fields a
 * company's own PATCH refuses). Only the terms given change; every bad value is reported at once.
 */
export async function setCustomerTerms(
  db: Db,
  companyId: number,
  input: Record<string, unknown>,
  now: Date,
) {
  const parsed = z.object(customerTermsShape).safeParse(input);
  if (!parsed.success) throw validationError(fieldErrorsOf(parsed.error));
  const t = parsed.data;
  const changes: Partial<CompanyRow> = {
    ...(t.fee_percentage !== undefined && {
      feePercentage: t.fee_percentage === null ? null : t.fee_percentage.toFixed(4),
    }),
    ...(t.can_post_w2 !== undefined && { canPostW2: t.can_post_w2 }),
    ...(t.can_post_1099 !== undefined && { canPost1099: t.can_post_1099 }),
    ...(t.can_use_premier_features !== undefined && {
      canUsePremierFeatures: t.can_use_premier_features,
    }),
    ...(t.use_start_and_complete_pin !== undefined && {
      useStartAndCompletePin: t.use_start_and_complete_pin,
    }),
    ...(t.strategic_pilot !== undefined && { strategicPilot: t.strategic_pilot }),
    ...(t.use_pending_state !== undefined && { usePendingState: t.use_pending_state }),
  };
  if (Object.keys(changes).length === 0) {
    throw validationError({ base: ["name at least one term to set"] });
  }
  const [row] = await db
    .update(companies)
    .set({ ...changes, updatedAt: now })
    .where(eq(companies.id, companyId))
    .returning();
  if (!row) throw notFound("Company");
  return serializeCustomer(row);
}

/** POST /customers: creating a customer is the operator's (the `company` command), never a token's. */
export function refuseCreateCustomer(): never {
  throw new ApiError(
    "operator_only",
    "Customers are created by the platform's operator, not through the API",
  );
}
