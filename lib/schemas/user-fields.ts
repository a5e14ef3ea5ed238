/**
 * The one catalogue of the user object's fields (section 2.1), in the API's order. Everything
 * that lists user fields is derived from it or type-checked against it: the write schemas
 * (lib/schemas/user.ts), the serializer and the field → column map (lib/api-v2/users), the
 * change history's rules, the CSV export columns (lib/bulk), the OpenAPI notes and response
 * schema (lib/api-v2/openapi), and the portal's form labels and sections.
 *
 * Pure data and no imports: both halves use it, and it goes into the browser bundle.
 *
 * - `column`: the database column (the drizzle row's key; checked against the table's type in
 *   lib/api-v2/users/serialize-user.ts, since lib/schemas may not import lib/db).
 * - `json`: how the value is written in a response.
 * - `writable`: accepted in an invite or PATCH body (badges have their own write shapes).
 * - `label`: what a person reads (form labels, history, CSV import mapping).
 * - `section`: where the portal's worker editor shows it (none: not edited as a field).
 * - `history`: tracked as values, `masked` (only "it changed": an SSN's last four digits, a date
 *   of birth not even those, lib/api-v2/users/personal-data.ts), or not kept.
 */
export type UserJsonKind =
  | "id"
  | "text"
  | "nullable_text"
  | "date"
  | "decimal"
  | "number"
  | "boolean"
  | "nullable_boolean"
  | "timestamp"
  | "nullable_timestamp"
  | "badges";

export type UserFormSection =
  | "identity"
  | "contact"
  | "address"
  | "location"
  | "status"
  | "onboarding"
  | "profile";

export type UserFieldSpec = {
  column: string;
  json: UserJsonKind;
  writable: boolean;
  label: string;
  section?: UserFormSection;
  history?: "masked" | "untracked";
};

export const USER_FIELDS = {
  id: { column: "id", json: "id", writable: false, label: "ID", history: "untracked" },
  external_id: {
    column: "externalId",
    json: "nullable_text",
    writable: true,
    label: "External ID",
    section: "contact",
  },
  type: { column: "type", json: "text", writable: false, label: "Type" },
  first_name: {
    column: "firstName",
    json: "text",
    writable: true,
    label: "First name",
    section: "identity",
  },
  last_name: {
    column: "lastName",
    json: "text",
    writable: true,
    label: "Last name",
    section: "identity",
  },
  email: { column: "email", json: "text", writable: true, label: "E-mail", section: "contact" },
  phone: { column: "phone", json: "text", writable: true, label: "Phone", section: "contact" },
  gender: {
    column: "gender",
    json: "nullable_text",
    writable: true,
    label: "Gender",
    section: "identity",
  },
  dob: {
    column: "dob",
    json: "date",
    writable: true,
    label: "Date of birth",
    section: "identity",
    history: "masked",
  },
  address: {
    column: "address",
    json: "nullable_text",
    writable: true,
    label: "Street address",
    section: "address",
  },
  address_state: {
    column: "addressState",
    json: "nullable_text",
    writable: true,
    label: "State",
    section: "address",
  },
  city: {
    column: "city",
    json: "nullable_text",
    writable: true,
    label: "City",
    section: "address",
  },
  zip: {
    column: "zip",
    json: "nullable_text",
    writable: true,
    label: "ZIP code",
    section: "address",
  },
  home_latitude: {
    column: "homeLatitude",
    json: "decimal",
    writable: true,
    label: "Home latitude",
    section: "location",
  },
  home_longitude: {
    column: "homeLongitude",
    json: "decimal",
    writable: true,
    label: "Home longitude",
    section: "location",
  },
  latitude: {
    column: "latitude",
    json: "decimal",
    writable: true,
    label: "Current latitude",
    section: "location",
  },
  longitude: {
    column: "longitude",
    json: "decimal",
    writable: true,
    label: "Current longitude",
    section: "location",
  },
  avatar_url: {
    column: "avatarUrl",
    json: "nullable_text",
    writable: true,
    label: "Photo URL",
    section: "profile",
  },
  logo_url: {
    column: "logoUrl",
    json: "nullable_text",
    writable: true,
    label: "Logo URL",
    section: "profile",
  },
  workplace_image_url: {
    column: "workplaceImageUrl",
    json: "nullable_text",
    writable: true,
    label: "Workplace image URL",
    section: "profile",
  },
  business_name: {
    column: "businessName",
    json: "nullable_text",
    writable: true,
    label: "Business name",
    section: "profile",
  },
  drug_tested: {
    column: "drugTested",
    json: "nullable_text",
    writable: true,
    label: "Drug tested",
    section: "onboarding",
  },
  rating: { column: "rating", json: "number", writable: false, label: "Rating" },
  referred_by: {
    column: "referredBy",
    json: "nullable_text",
    writable: true,
    label: "Referred by",
    section: "onboarding",
  },
  ssn: {
    column: "ssn",
    json: "nullable_text",
    writable: true,
    label: "Social Security number",
    section: "identity",
    history: "masked",
  },
  suspended: {
    column: "suspended",
    json: "boolean",
    writable: true,
    label: "Suspended",
    section: "status",
  },
  suspended_until: {
    column: "suspendedUntil",
    json: "nullable_timestamp",
    writable: true,
    label: "Suspended until",
    section: "status",
  },
  lower_pool: {
    column: "lowerPool",
    json: "nullable_boolean",
    writable: true,
    label: "Lower pool",
    section: "status",
  },
  lower_pool_until: {
    column: "lowerPoolUntil",
    json: "nullable_timestamp",
    writable: true,
    label: "Lower pool until",
    section: "status",
  },
  onboarding_appt_time: {
    column: "onboardingApptTime",
    json: "nullable_timestamp",
    writable: true,
    label: "Onboarding appointment",
    section: "onboarding",
  },
  tracking_code: {
    column: "trackingCode",
    json: "nullable_text",
    writable: true,
    label: "Tracking code",
    section: "onboarding",
  },
  w2_address_state: {
    column: "w2AddressState",
    json: "nullable_text",
    writable: true,
    label: "W-2 address state",
    section: "onboarding",
  },
  w2_employee_id: {
    column: "w2EmployeeId",
    json: "nullable_text",
    writable: true,
    label: "W-2 employee ID",
    section: "onboarding",
  },
  w2_onboarding_completed: {
    column: "w2OnboardingCompleted",
    json: "nullable_timestamp",
    writable: true,
    label: "W-2 onboarding completed",
    section: "onboarding",
  },
  w2_onboarding_started: {
    column: "w2OnboardingStarted",
    json: "nullable_timestamp",
    writable: true,
    label: "W-2 onboarding started",
    section: "onboarding",
  },
  w2_onboarding_status: {
    column: "w2OnboardingStatus",
    json: "nullable_text",
    writable: true,
    label: "W-2 onboarding status",
    section: "onboarding",
  },
  updated_at: {
    column: "updatedAt",
    json: "timestamp",
    writable: false,
    label: "Updated",
    history: "untracked",
  },
  user_badges: {
    column: "id",
    json: "badges",
    writable: false,
    label: "Badges",
    history: "untracked",
  },
} as const satisfies Record<string, UserFieldSpec>;

export type UserField = keyof typeof USER_FIELDS;
type Spec<F extends UserField> = (typeof USER_FIELDS)[F];

/** A badge held by a worker, as the user object carries it. */
export type UserBadgeJson = { id: number; user_id: number; badge_id: string; created_at: string };

type JsonOf = {
  id: number;
  text: string;
  nullable_text: string | null;
  date: string | null;
  decimal: string | null;
  number: number | null;
  boolean: boolean;
  nullable_boolean: boolean | null;
  timestamp: string;
  nullable_timestamp: string | null;
  badges: UserBadgeJson[];
};

/**
 * Where the worker's invitation stands (our addition to the user object, after the catalogue's
 * fields): `accepted` once the worker set a password, else `invited` while the newest link
 * works, then `expired`; null for a user never invited.
 */
export const INVITATION_STATUSES = ["invited", "accepted", "expired"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/**
 * The user object as the API answers it: the catalogue as a type. `invitation_status` is ours
 * alone: the real service does not send it, so a reader must do without it.
 */
export type UserJson = { [F in UserField]: JsonOf[Spec<F>["json"]] } & {
  /** tap-wonolo's users schema: "invited" until the invitation is accepted, then "complete". */
  onboarding_last_state?: "invited" | "complete";
  /** When `suspended` last became true; null while not suspended. Read-only. */
  suspended_at?: string | null;
  /** Whether the worker agreed to the platform's terms; null until known. Read-only. */
  agreed_to_terms?: boolean | null;
  invitation_status?: InvitationStatus | null;
};

/** Every field, in the API's order. */
export const USER_FIELD_NAMES = Object.keys(USER_FIELDS) as UserField[];

export type UserWritableField = {
  [F in UserField]: Spec<F>["writable"] extends true ? F : never;
}[UserField];

/** The fields an invite or PATCH body may carry (badges aside), in the API's order. */
export const USER_WRITABLE_FIELDS = USER_FIELD_NAMES.filter(
  (f): f is UserWritableField => USER_FIELDS[f].writable,
);

/** Fields a client may echo back from a fetched object; never written. */
export const USER_READ_ONLY_FIELDS = USER_FIELD_NAMES.filter(
  (f) => !USER_FIELDS[f].writable && USER_FIELDS[f].json !== "badges",
);

/** The fields the portal's editor shows in `section`, in the API's order. */
export const fieldsOfSection = (section: UserFormSection): UserWritableField[] =>
  USER_WRITABLE_FIELDS.filter((f) => (USER_FIELDS[f] as UserFieldSpec).section === section);

/** `{ field: label }` for the given fields: what forms, the import mapping and history show. */
export function userFieldLabels<F extends UserField>(fields: readonly F[]): Record<F, string> {
  const out = {} as Record<F, string>;
  for (const f of fields) out[f] = USER_FIELDS[f].label;
  return out;
}
