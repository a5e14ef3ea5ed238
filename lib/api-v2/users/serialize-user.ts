import type { InferSelectModel } from "drizzle-orm";
import type { userBadges, users } from "@/lib/db/schema";
import {
  USER_FIELD_NAMES,
  USER_FIELDS,
  type UserBadgeJson,
  type UserJson,
  type UserJsonKind,
} from "@/lib/schemas/user-fields";

export type { UserJson } from "@/lib/schemas/user-fields";

import type { Caller } from "../caller";
import { formatDecimal, formatTimestamp } from "../format";
import { PERSONAL_FIELDS, readsPersonalData, unsealPersonal } from "./personal-data";

export type UserRow = InferSelectModel<typeof users>;
export type UserBadgeRow = InferSelectModel<typeof userBadges>;

function serializeUserBadge(b: UserBadgeRow): UserBadgeJson {
  return {
    id: b.id,
    user_id: b.userId,
    badge_id: String(b.badgeId),
    created_at: formatTimestamp(b.createdAt)!,
  };
}

function jsonValue(kind: UserJsonKind, value: unknown, badges: UserBadgeRow[]): unknown {
  switch (kind) {
    case "decimal":
      return formatDecimal(value as string | null);
    case "timestamp":
    case "nullable_timestamp":
      return formatTimestamp(value as Date | null);
    case "number":
      return value === null ? null : Number(value);
    case "badges":
      return badges.map(serializeUserBadge);
    default:
      return value;
  }
}

/**
 * The user object: every field of the catalogue (section 2.1), in its order, null where unset.
 * `viewer` is who reads it: the SSN and date of birth are opened only for the private pool that
 * owns the worker; for anyone else, and in webhook events (no viewer), they are null, the shape
 * unchanged.
 */
export function serializeUser(u: UserRow, badges: UserBadgeRow[], viewer: Caller | null): UserJson {
  const out: Record<string, unknown> = {};
  for (const field of USER_FIELD_NAMES) {
    const { column, json } = USER_FIELDS[field];
    // Indexing the row by the catalogue's column also type-checks every column name (lib/schemas
    // may not import lib/db, so the check lives here).
    out[field] = jsonValue(json, u[column], badges);
  }
  const reads = readsPersonalData(viewer, u.companyId);
  for (const field of PERSONAL_FIELDS) {
    out[field] = reads ? unsealPersonal(field, u[USER_FIELDS[field].column], u.id) : null;
  }
  // Built field by field from the catalogue; UserJson is the same catalogue read as a type.
  return out as UserJson;
}
