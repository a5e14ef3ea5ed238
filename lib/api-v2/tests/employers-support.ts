import type { ApiResponse } from "./harness";

/** What the employer users tests share: a valid body, the object's keys, refusals as tables. */

export const NOBODY = 2147483000;
export const PASSWORD = "correct horse battery";
let seq = 0;

export const EMPLOYER_KEYS = [
  "id",
  "updated_at",
  "customer_id",
  "role",
  "last_name",
  "first_name",
  "email",
  "type",
  "avatar_url",
  "phone",
  "suspended",
  "suspended_at",
  "title",
  "business_name",
  "logo_url",
  "invitation_status",
  "last_sign_in_at",
  "two_factor_enabled",
];

export const employerBody = (companyId: number, overrides: Record<string, unknown> = {}) => {
  seq++;
  return {
    type: "Employer",
    first_name: "Dana",
    last_name: `Lee${seq}`,
    email: `dana.lee${seq}.${process.pid}@example.com`,
    customer_id: companyId,
    role: "requestor",
    title: "Operations manager",
    password: PASSWORD,
    password_confirmation: PASSWORD,
    ...overrides,
  };
};

export const statusAndBody = (res: ApiResponse) => ({ status: res.status, body: res.body });
export const invalid = (message: string, fields: Record<string, string[]>) => ({
  status: 422,
  body: { error: { code: "validation_failed", message, fields } },
});
