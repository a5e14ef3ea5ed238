import type { WorkerListParams } from "@/lib/portal/client/hooks/query-keys";
import { INVITATION_STATUSES, type InvitationStatus } from "@/lib/schemas/user-fields";

/** The sorts the list offers, in menu order; the first is the default (and the API's). */
export const SORT_OPTIONS = [
  { value: "-updated_at", label: "Recently updated" },
  { value: "last_name", label: "Last name A–Z" },
  { value: "-last_name", label: "Last name Z–A" },
  { value: "first_name", label: "First name A–Z" },
  { value: "email", label: "E-mail A–Z" },
  { value: "-email", label: "E-mail Z–A" },
  { value: "city", label: "City A–Z" },
  { value: "-city", label: "City Z–A" },
  { value: "status", label: "Status, active first" },
  { value: "-status", label: "Status, suspended first" },
] as const;

export const PER_OPTIONS = [10, 25, 50] as const;

const DEFAULT_SORT = "-updated_at";
export const DEFAULT_PER = 25;

/** What the list shows, as read from the address bar: the URL is the only source of truth. */
export type ListState = {
  q: string;
  badge: string;
  suspended: "" | "true" | "false";
  /** Our API's invitation_status filter (the Status menu's Active / Invited / Invite expired). */
  invitation: "" | InvitationStatus;
  sort: string;
  page: number;
  per: number;
};

type Readable = { get(name: string): string | null };

/** Lenient on purpose: a hand-edited or stale link falls back to defaults instead of failing. */
export function readListState(sp: Readable): ListState {
  const page = Number(sp.get("page"));
  const per = Number(sp.get("per"));
  const sort = sp.get("sort") ?? "";
  const suspended = sp.get("suspended");
  const badge = sp.get("badge") ?? "";
  const invitation = sp.get("invitation") ?? "";
  return {
    q: (sp.get("q") ?? "").slice(0, 200),
    badge: /^\d{1,10}$/.test(badge) ? badge : "",
    suspended: suspended === "true" || suspended === "false" ? suspended : "",
    invitation: (INVITATION_STATUSES as readonly string[]).includes(invitation)
      ? (invitation as InvitationStatus)
      : "",
    sort: SORT_OPTIONS.some((o) => o.value === sort) ? sort : DEFAULT_SORT,
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
    per: (PER_OPTIONS as readonly number[]).includes(per) ? per : DEFAULT_PER,
  };
}

/** The query string for a state, leaving out defaults so shared links stay short. */
export function listQueryString(s: ListState): string {
  const q = new URLSearchParams();
  if (s.q.trim()) q.set("q", s.q.trim());
  if (s.badge) q.set("badge", s.badge);
  if (s.suspended) q.set("suspended", s.suspended);
  if (s.invitation) q.set("invitation", s.invitation);
  if (s.sort !== DEFAULT_SORT) q.set("sort", s.sort);
  if (s.per !== DEFAULT_PER) q.set("per", String(s.per));
  if (s.page > 1) q.set("page", String(s.page));
  const str = q.toString();
  return str ? `?${str}` : "";
}

export function hasFilters(s: ListState): boolean {
  return Boolean(s.q.trim() || s.badge || s.suspended || s.invitation);
}

/** The API's parameters for a state (the URL says `badge`, the API `badge_id`). */
export function toApiParams(s: ListState): WorkerListParams {
  return {
    page: s.page,
    per: s.per,
    sort: s.sort,
    ...(s.q.trim() && { q: s.q.trim() }),
    ...(s.badge && { badge_id: s.badge }),
    ...(s.suspended && { suspended: s.suspended }),
    ...(s.invitation && { invitation_status: s.invitation }),
  };
}

/**
 * The list's search and filters as GET /users parameters, without paging: for the export and
 * for "all matching". `order: "list"` keeps the list's sort; `"stable"` pages in id order
 * (our API only), so that workers updated while the pages are read neither move into pages
 * already read nor out of pages still to come.
 */
export function filterParams(s: ListState, order: "list" | "stable"): URLSearchParams {
  const q = new URLSearchParams();
  if (s.q.trim()) q.set("q", s.q.trim());
  if (s.badge) q.set("badge_id", s.badge);
  if (s.suspended) q.set("suspended", s.suspended);
  if (s.invitation) q.set("invitation_status", s.invitation);
  q.set("sort", order === "stable" ? "id" : s.sort);
  return q;
}
