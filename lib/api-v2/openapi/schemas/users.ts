import { z } from "zod";
import { MAX_BADGE_ENTRIES } from "@/lib/schemas/user";
import {
  INVITATION_STATUSES,
  USER_FIELD_NAMES,
  USER_FIELDS,
  type UserField,
  type UserFieldSpec,
} from "@/lib/schemas/user-fields";
import { ADDITION, coordinate, listOf, nullableTimestamp, timestamp } from "./common";

/** The user object, its badges and its change history. */

/** Notes on user fields, shared by the response schema and the request bodies' documentation. */
export const USER_FIELD_NOTES: Record<UserField | "user_badges_attributes", string> = {
  id: "Assigned by the service at invitation; used in /users/{id}.",
  external_id:
    "Caller-chosen identifier, any string up to 255 characters (numbers are taken as text); unique within the company. Find a worker by it with GET /users?external_id=….",
  type: '"Worker" for workers.',
  first_name: "Given name.",
  last_name: "Family name.",
  email: "A valid e-mail address, unique across users (compared trimmed and case-insensitively).",
  phone:
    'International format with a leading "+" and the country code ("+1415-555-5555"); stored as E.164 ("+14155555555") and unique on that value. Only the number: an extension ("ext. 12", "x12", ";ext=12") is refused with 422 ("extensions are not supported: …"), as workers are texted on it, and so is any other text beside it.',
  gender: "Free text, or null.",
  dob: "Date of birth, YYYY-MM-DD. Sealed at rest; answered only to the private pool that holds the worker, null for a public-pool key and in webhook events.",
  address: "Street address.",
  address_state: "Empty string allowed.",
  city: "City.",
  zip: "Postal code.",
  home_latitude:
    "Where the worker lives: -90..90, at most 7 decimals; a string or a number. Set or cleared together with home_longitude.",
  home_longitude:
    "Where the worker lives: -180..180, at most 7 decimals; a string or a number. Set or cleared together with home_latitude.",
  latitude:
    "The worker's current location: -90..90, at most 7 decimals; a string or a number. Set or cleared together with longitude.",
  longitude:
    "The worker's current location: -180..180, at most 7 decimals; a string or a number. Set or cleared together with latitude.",
  avatar_url: "http(s) URL.",
  logo_url: "http(s) URL.",
  workplace_image_url: "http(s) URL.",
  business_name: "Business name.",
  drug_tested: "Empty string allowed.",
  rating: "Read-only.",
  referred_by: "Empty string allowed.",
  ssn: 'Empty string allowed. Sealed at rest; answered only to the private pool that holds the worker, null for a public-pool key and in webhook events. Our addition: a teammate signed in with their own e-mail and password reads the last four digits only ("•••-••-6789"); GET /users/{id}/ssn reveals the whole number and records who did.',
  suspended: 'true or false (the strings "true"/"false"/"1"/"0" are accepted too).',
  suspended_until: "ISO 8601 timestamp, or null.",
  lower_pool: "true, false or null.",
  lower_pool_until: "ISO 8601 timestamp, or null.",
  onboarding_appt_time: "ISO 8601 timestamp, or null.",
  tracking_code: "Tracking code.",
  w2_address_state: "W-2 address state.",
  w2_employee_id: "Empty string allowed.",
  w2_onboarding_completed: "ISO 8601 timestamp, or null.",
  w2_onboarding_started: "ISO 8601 timestamp, or null.",
  w2_onboarding_status: "Empty string allowed.",
  updated_at: "Read-only. ISO 8601 with milliseconds and a numeric offset.",
  user_badges: `The badges the worker holds, in the order assigned. In a request: a list of {"badge_id": "12"} (or plain ids) that replaces the whole set; at most ${MAX_BADGE_ENTRIES} entries (a longer list is 422 on user_badges before any entry is checked).`,
  user_badges_attributes: `Badge changes: {"badge_id": "12"} adds; {"id": 7, "_destroy": true} or {"badge_id": "12", "_destroy": true} removes. A badge the worker already holds, or one named twice, is 422 duplicate_badge and nothing is applied. At most ${MAX_BADGE_ENTRIES} entries, as a list or an object keyed by index (a longer one is 422 on user_badges_attributes before any entry is checked).`,
};

const userBadgeSchema = z
  .object({
    id: z.number().int().meta({ description: "The user badge's own id (used to remove it)." }),
    user_id: z.number().int(),
    badge_id: z.string().meta({ description: "The badge's id, as a string.", example: "12" }),
    created_at: timestamp(),
  })
  .meta({ id: "UserBadge", description: "A badge held by a worker." });

const note = (field: UserField) => ({ description: USER_FIELD_NOTES[field] });

/** A field of the catalogue as the response schema documents it, by how it is written. */
function fieldSchema(field: UserField): z.ZodType {
  const spec: UserFieldSpec = USER_FIELDS[field];
  switch (spec.json) {
    case "id":
      return z.number().int().meta(note(field));
    case "text":
      return z.string().meta(note(field));
    case "nullable_text":
      return z.string().nullable().meta(note(field));
    case "date":
      return z.iso.date().nullable().meta(note(field));
    case "decimal":
      return coordinate(spec.label);
    case "number":
      return z.number().nullable().meta(note(field));
    case "boolean":
      return z.boolean();
    case "nullable_boolean":
      return z.boolean().nullable();
    case "timestamp":
      return timestamp(USER_FIELD_NOTES[field]);
    case "nullable_timestamp":
      return nullableTimestamp();
    case "badges":
      return z
        .array(userBadgeSchema)
        .meta({ description: "The badges the worker holds, in the order assigned." });
  }
}

/** Every field of the catalogue (and so of serializeUser), in its order. */
export const userSchema = z
  .object({
    ...Object.fromEntries(USER_FIELD_NAMES.map((f) => [f, fieldSchema(f)])),
    onboarding_last_state: z.enum(["invited", "complete"]).meta({
      description:
        'The onboarding step, as the reference\'s users schema has it. Our onboarding is the invitation: "invited" until the worker accepts it and sets a password, then "complete" (what the `onboarding_last_state` filter reads). Read-only (ignored in a PATCH).',
    }),
    suspended_at: nullableTimestamp().meta({
      description:
        "When `suspended` last became true; null while not suspended (set and cleared with `suspended`). Read-only.",
    }),
    agreed_to_terms: z.boolean().nullable().meta({
      description:
        "Whether the worker agreed to the platform's terms; null where unknown. Read-only.",
    }),
    invitation_status: z
      .enum(INVITATION_STATUSES)
      .nullable()
      .meta({
        description: `Where the worker's invitation stands: "accepted" once the worker set a password, else "invited" while the newest invitation link works, then "expired" (POST /users/{id}/invitation sends a new one); null for a user never invited. Read-only.${ADDITION}`,
        "x-addition": true,
      }),
  })
  .meta({
    id: "User",
    description:
      "A worker (or employer). Every field is always present, null where unset, in this order.",
  });

export const userListSchema = listOf(
  "users",
  userSchema,
  "UserList",
  "workers, newest change first",
);

const fieldChangeSchema = z
  .object({
    from: z.unknown().meta({ description: "The value before, in the user object's format." }),
    to: z.unknown().meta({ description: "The value after." }),
  })
  .meta({
    id: "FieldChange",
    description:
      "One field's change. ssn values are masked, dob values hidden; both values are null for any caller other than the private pool that owns the worker.",
  });

export const badgeRefSchema = z
  .object({
    badge_id: z.string().meta({ description: "The badge's id, as a string.", example: "12" }),
    name: z.string().meta({ description: "The badge's name at the time." }),
  })
  .meta({ id: "BadgeRef", description: "A badge, by id and name." });

export const userChangesField = z.record(z.string(), fieldChangeSchema).meta({
  description:
    'The fields that changed, by API name, each {"from", "to"}; ssn values are masked to their last four digits ("•••-••-6789"), dob values say only whether one is set ("••••-••-••"). updated_at and user_badges are never listed (see badges_added and badges_removed). A caller other than the private pool that owns the worker sees which fields changed, with from and to null.',
});

export const userChangeSchema = z
  .object({
    id: z.number().int(),
    user_id: z.number().int(),
    kind: z.enum(["invited", "updated", "invitation_accepted", "personal_data_revealed"]).meta({
      description:
        "personal_data_revealed (our addition): someone of the owning company read the full SSN (GET /users/{id}/ssn); no value is kept. Only the owning company's private pool sees these entries.",
    }),
    occurred_at: timestamp(),
    actor: z
      .object({
        type: z.enum(["api_key", "worker", "operator", "employer"]).meta({
          description:
            "api_key: a call of this interface with a key pair's token; employer (our addition): a teammate signed in with their own e-mail and password (see user); worker: the worker (accepting the invitation); operator: the operator's tools.",
        }),
        api_key: z.string().nullable().meta({
          description:
            "The public key (pk_…) of the call, or null; null also when another company made the change (a public-pool caller reading a worker of another pool).",
        }),
        company_id: z.number().int().nullable(),
        company_name: z.string().nullable().meta({
          description: "The company that made the change; null when it is not the caller's.",
        }),
        user: z.object({ id: z.number().int(), name: z.string() }).nullable().meta({
          description:
            "Our addition: the teammate (employer user) who made the change with their own sign-in, named as they are now; null for a key pair, the worker, the operator, or another company.",
        }),
      })
      .meta({ description: "Who made the change." }),
    changes: userChangesField,
    badges_added: z.array(badgeRefSchema).meta({
      description:
        "Badges assigned; a caller other than the private pool that owns the worker sees only its own company's.",
    }),
    badges_removed: z.array(badgeRefSchema).meta({
      description:
        "Badges taken away; a caller other than the private pool that owns the worker sees only its own company's.",
    }),
  })
  .meta({ id: "UserChange", description: `One change to a worker.${ADDITION}` });

export const userHistorySchema = listOf(
  "history",
  userChangeSchema,
  "UserHistory",
  "the worker's changes, newest first",
);
