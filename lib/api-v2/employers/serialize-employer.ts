import type { Role } from "@/lib/schemas/permissions";
import type { InvitationStatus } from "@/lib/schemas/user-fields";
import { formatTimestamp } from "../format";
import { invitationStatus, type UserRow } from "../users/serialize-user";

/**
 * The employer user object (docs/people.md): the reference's fields in the order of its users
 * schema (tap-wonolo `users.json`) that apply to an employer, then ours (`invitation_status`,
 * `last_sign_in_at`, `two_factor_enabled`). Never a password, hash or token.
 */
export type EmployerJson = {
  id: number;
  updated_at: string;
  customer_id: number;
  role: Role;
  last_name: string;
  first_name: string;
  email: string;
  type: "Employer";
  avatar_url: string | null;
  phone: string | null;
  suspended: boolean;
  suspended_at: string | null;
  title: string | null;
  business_name: string | null;
  logo_url: string | null;
  invitation_status: InvitationStatus | null;
  last_sign_in_at: string | null;
  /** Our addition: whether they sign in with a second factor (never the secret itself). */
  two_factor_enabled: boolean;
};

export function serializeEmployer(u: UserRow, now: Date): EmployerJson {
  return {
    id: u.id,
    updated_at: formatTimestamp(u.updatedAt)!,
    customer_id: u.companyId,
    // The row's check constraint ties a role to every employer user.
    role: u.role ?? "read_only",
    last_name: u.lastName,
    first_name: u.firstName,
    email: u.email,
    type: "Employer",
    avatar_url: u.avatarUrl,
    phone: u.phone,
    suspended: u.suspended,
    suspended_at: formatTimestamp(u.suspendedAt),
    title: u.title,
    business_name: u.businessName,
    logo_url: u.logoUrl,
    invitation_status: invitationStatus(u, now),
    last_sign_in_at: formatTimestamp(u.lastSignInAt),
    two_factor_enabled: u.totpEnabledAt !== null,
  };
}

/** Field by field: what differs between two employer objects (the history's `changes`). */
export function diffEmployers(
  before: EmployerJson | null,
  after: EmployerJson,
): Record<string, { from: unknown; to: unknown }> {
  const untracked = new Set([
    "updated_at",
    "invitation_status",
    "last_sign_in_at",
    "suspended_at",
    "two_factor_enabled",
  ]);
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, to] of Object.entries(after)) {
    if (untracked.has(field)) continue;
    const from = before ? before[field as keyof EmployerJson] : null;
    if (before === null && to === null) continue;
    if (from !== to) out[field] = { from, to };
  }
  return out;
}
