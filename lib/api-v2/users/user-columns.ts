import type { UpdateUserBody, USER_WRITABLE_FIELDS } from "@/lib/schemas/user";
import { formatDecimal, formatTimestamp } from "../format";
import type { UserRow } from "./serialize-user";

type Field = (typeof USER_WRITABLE_FIELDS)[number];
type Column = keyof UserRow;

/** API field → database column. */
export const COLUMN_OF: Record<Field, Column> = {
  external_id: "externalId",
  first_name: "firstName",
  last_name: "lastName",
  email: "email",
  phone: "phone",
  gender: "gender",
  dob: "dob",
  address: "address",
  address_state: "addressState",
  city: "city",
  zip: "zip",
  home_latitude: "homeLatitude",
  home_longitude: "homeLongitude",
  latitude: "latitude",
  longitude: "longitude",
  avatar_url: "avatarUrl",
  logo_url: "logoUrl",
  workplace_image_url: "workplaceImageUrl",
  business_name: "businessName",
  drug_tested: "drugTested",
  referred_by: "referredBy",
  ssn: "ssn",
  suspended: "suspended",
  suspended_until: "suspendedUntil",
  lower_pool: "lowerPool",
  lower_pool_until: "lowerPoolUntil",
  onboarding_appt_time: "onboardingApptTime",
  tracking_code: "trackingCode",
  w2_address_state: "w2AddressState",
  w2_employee_id: "w2EmployeeId",
  w2_onboarding_completed: "w2OnboardingCompleted",
  w2_onboarding_started: "w2OnboardingStarted",
  w2_onboarding_status: "w2OnboardingStatus",
};

/** One comparable form for stored and incoming values ("37.7952000" ≡ "37.7952", Date ≡ Date). */
function comparable(v: unknown): unknown {
  if (v instanceof Date) return formatTimestamp(v);
  if (typeof v === "string" && /^-?\d+\.\d+$/.test(v)) return formatDecimal(v);
  return v ?? null;
}

/** The columns whose value the body really changes. */
export function changedColumns(current: UserRow, body: UpdateUserBody): Partial<UserRow> {
  const out: Partial<Record<Column, unknown>> = {};
  for (const [field, column] of Object.entries(COLUMN_OF) as [Field, Column][]) {
    const next = body[field];
    if (next === undefined) continue;
    if (comparable(current[column]) !== comparable(next)) out[column] = next;
  }
  return out as Partial<UserRow>;
}
