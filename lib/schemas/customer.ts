import { z } from "zod";
import { boolish, nullableText, requiredText } from "./common";
import { phone } from "./phone";

/**
 * The reference's customer record (its Swagger export, `PATCH /customers/{id}`): the company
 * as the platform knows it. Contact and billing details are the company's to change (admins);
 * the platform's terms are the operator's, and a PATCH that would change one is refused.
 */

/** The platform's terms: shown to the company, set only by the operator. */
export const CUSTOMER_TERMS = [
  "fee_percentage",
  "can_post_w2",
  "can_post_1099",
  "can_use_premier_features",
  "use_start_and_complete_pin",
  "strategic_pilot",
  "use_pending_state",
] as const;
export type CustomerTerm = (typeof CUSTOMER_TERMS)[number];

export const TERM_REFUSED = "is set by the platform and cannot be changed here";

const email = (max: number) =>
  z
    .string({ error: "must be a string" })
    .trim()
    .min(1, "can't be blank")
    .max(max, `is too long (maximum is ${max} characters)`)
    .pipe(z.email({ error: "is invalid" }));

/** A phone in international format, stored as E.164; `max` is the reference's bound. */
const phoneUpTo = (max: number) =>
  z
    .string({ error: "must be a string" })
    .max(max, `is too long (maximum is ${max} characters)`)
    .pipe(phone());

/** Optional and clearable: null (or "" from a form) clears it. */
const clearable = <T extends z.ZodType>(s: T) =>
  z.preprocess((v) => (v === "" ? null : v), s.nullable()).optional();

/** The fields the company may change, each with the reference's bound where it gives one. */
export const customerContactShape = {
  name: requiredText(200).optional(),
  account_owner: nullableText(100).optional(),
  account_manager: nullableText(100).optional(),
  address: nullableText(255).optional(),
  city: nullableText(100).optional(),
  state: nullableText(50).optional(),
  zip: nullableText(20).optional(),
  phone: clearable(phoneUpTo(50)),
  contact_first_name: nullableText(50).optional(),
  contact_last_name: nullableText(50).optional(),
  contact_email: clearable(email(255)),
  // "must be between 1 and 50 characters in length" (the reference): blank is refused.
  billing_first_name: clearable(requiredText(50)),
  billing_last_name: clearable(requiredText(50)),
  billing_email: clearable(email(255)),
  billing_phone: clearable(phoneUpTo(50)),
};

/** The terms as a body may echo them: parsed, then compared with the stored values. */
export const customerTermsShape = {
  fee_percentage: z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d+(\.\d+)?$/, "must be a number")
          .transform(Number),
      ],
      {
        error: "must be a number between 0.0 and 1.0",
      },
    )
    .pipe(z.number().min(0, "must be between 0.0 and 1.0").max(1, "must be between 0.0 and 1.0"))
    .nullable()
    .optional(),
  can_post_w2: boolish().optional(),
  can_post_1099: boolish().optional(),
  can_use_premier_features: boolish().optional(),
  use_start_and_complete_pin: boolish().optional(),
  strategic_pilot: boolish().optional(),
  use_pending_state: boolish().optional(),
};

export const updateCustomerBodySchema = z.object({
  ...customerContactShape,
  ...customerTermsShape,
});
export type UpdateCustomerBody = z.output<typeof updateCustomerBodySchema>;
export type CustomerContactField = keyof typeof customerContactShape;
export const CUSTOMER_CONTACT_FIELDS = Object.keys(customerContactShape) as CustomerContactField[];
