import type { PillTone } from "@/components/ui/state-pill";
import type { Teammate } from "@/lib/portal/client/hooks/use-team";
import { isRole, ROLE_LABELS, type Role } from "@/lib/schemas/permissions";

/** "Dana Lee", else the e-mail, else "Teammate 812": a teammate is always named somehow. */
export function teammateName(t: Pick<Teammate, "id" | "first_name" | "last_name" | "email">) {
  const name = [t.first_name, t.last_name]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(" ");
  return name || t.email?.trim() || `Teammate ${t.id}`;
}

/** "Admin", "Requestor", "Read-only"; an unknown role as the upstream spells it. */
export function roleLabel(role: Teammate["role"]): string {
  if (isRole(role)) return ROLE_LABELS[role];
  return role ? role.replaceAll("_", " ") : "No role";
}

export type TeammateStatus = {
  key: "active" | "invited" | "expired" | "deactivated";
  text: string;
  tone: PillTone;
};

/**
 * Where a teammate stands: deactivated outranks everything, then an invitation not accepted yet
 * (ours: `invitation_status`; the real service has none, and the person is simply Active).
 */
export function teammateStatus(t: Pick<Teammate, "suspended" | "invitation_status">) {
  if (t.suspended) return { key: "deactivated", text: "Deactivated", tone: "neutral" } as const;
  if (t.invitation_status === "invited")
    return { key: "invited", text: "Invited", tone: "info" } as const;
  if (t.invitation_status === "expired") {
    return { key: "expired", text: "Invite expired", tone: "warning" } as const;
  }
  return { key: "active", text: "Active", tone: "success" } as const satisfies TeammateStatus;
}

/** Who may be a job's requestor (docs/people.md): an admin or a requestor, not deactivated. */
export function mayRequest(t: Pick<Teammate, "role" | "suspended">): boolean {
  const role: Role | null = isRole(t.role) ? t.role : null;
  return !t.suspended && (role === "customer_admin" || role === "requestor");
}

/** Admins first, then requestors, then read-only; by name within a role. */
export function byRoleThenName(a: Teammate, b: Teammate): number {
  const rank = (t: Teammate) =>
    isRole(t.role) ? ["customer_admin", "requestor", "read_only"].indexOf(t.role) : 3;
  return rank(a) - rank(b) || teammateName(a).localeCompare(teammateName(b));
}
