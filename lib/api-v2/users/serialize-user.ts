import { getTableColumns, type InferSelectModel, sql } from "drizzle-orm";
import { type userBadges, users } from "@/lib/db/schema";
import {
  type InvitationStatus,
  USER_FIELD_NAMES,
  USER_FIELDS,
  type UserBadgeJson,
  type UserJson,
  type UserJsonKind,
} from "@/lib/schemas/user-fields";

export type { UserJson } from "@/lib/schemas/user-fields";

import type { Caller } from "../caller";
import { clock } from "../clock";
import { formatDecimal, formatTimestamp } from "../format";
import { maskSsn, PERSONAL_FIELDS, readsPersonalData, unsealPersonal } from "./personal-data";

export type UserRow = InferSelectModel<typeof users>;

/**
 * A user's columns as a list reads them (GET /users, search): every column but the account's
 * secrets and the search haystack, which no answer shows. The password hash is read only as
 * "set or not" (a marker, never the hash), which is all serializeUser asks of it. Fewer columns
 * also make a page of 50 cheaper to send, parse and map (issue 29).
 */
const { totpSecret, totpRecoveryHashes, totpLastStep, searchText, passwordHash, ...shown } =
  getTableColumns(users);
export const LISTED_USER_COLUMNS = {
  ...shown,
  passwordHash: sql<string | null>`case when ${passwordHash} is null then null else 'set' end`,
};
/** What serializeUser needs of a user: a whole row, or the listed columns. */
export type SerializableUser = Omit<
  UserRow,
  "totpSecret" | "totpRecoveryHashes" | "totpLastStep" | "searchText"
>;

/** Whether the worker has set a password (accepted an invitation); the hash is never read. */
export const hasPassword = (u: Pick<UserRow, "passwordHash">): boolean => Boolean(u.passwordHash);

/** Our addition: accepted once a password is set, else invited until the newest link expires. */
export function invitationStatus(
  u: Pick<UserRow, "passwordHash" | "invitationExpiresAt">,
  now: Date,
): InvitationStatus | null {
  if (hasPassword(u)) return "accepted";
  if (u.invitationExpiresAt === null) return null;
  return u.invitationExpiresAt > now ? "invited" : "expired";
}
/**
 * The reference's onboarding step. Our onboarding is the invitation: `invited` until the worker
 * accepts it and sets a password, then `complete` (the `onboarding_last_state` filter of GET
 * /users reads it the same way; the reference's other steps are ones we do not run).
 */
export const onboardingLastState = (u: Pick<UserRow, "passwordHash">): "invited" | "complete" =>
  hasPassword(u) ? "complete" : "invited";

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
 * owns the worker (a person of it reads the SSN's last four digits only); for anyone else, and
 * in webhook events (no viewer), they are null, the shape unchanged.
 */
export function serializeUser(
  u: SerializableUser,
  badges: UserBadgeRow[],
  viewer: Caller | null,
): UserJson {
  const out: Record<string, unknown> = {};
  for (const field of USER_FIELD_NAMES) {
    const { column, json } = USER_FIELDS[field];
    // Indexing the row by the catalogue's column also type-checks every column name (lib/schemas
    // may not import lib/db, so the check lives here).
    out[field] = jsonValue(json, u[column], badges);
  }
  // tap-wonolo's users schema carries these three beyond the contract's catalogue (issue 27).
  out.onboarding_last_state = onboardingLastState(u);
  out.suspended_at = formatTimestamp(u.suspendedAt);
  out.agreed_to_terms = u.agreedToTerms;
  out.invitation_status = invitationStatus(u, clock.now());
  const reads = readsPersonalData(viewer, u.companyId);
  for (const field of PERSONAL_FIELDS) {
    const value = reads ? unsealPersonal(field, u[USER_FIELDS[field].column], u.id) : null;
    // A person reads the last four digits; the whole number is revealed on purpose, and
    // recorded (GET /users/:id/ssn). Key pairs are integrations and keep the full value.
    out[field] = field === "ssn" && viewer?.person ? maskSsn(value) : value;
  }
  // Built field by field from the catalogue; UserJson is the same catalogue read as a type.
  return out as UserJson;
}
