import { type Action, can, type Role } from "@/lib/schemas/permissions";
import type { UserBadgeJson, UserJson } from "@/lib/schemas/user-fields";

/** The portal's own view of API data: what pages render, whatever the upstream's quirks. */

export type PortalError = {
  code: string;
  message: string;
  fields?: Record<string, string[]>;
  /** two_factor_required from our API only: the portal keeps it in the session cookie. */
  challenge?: string;
};

/** A worker and its badges as every upstream answers them: the user field catalogue's type. */
export type Worker = UserJson;
export type UserBadge = UserBadgeJson;

export type Badge = {
  id: number;
  name: string;
  description: string;
  info_url: string | null;
  icon_url: string | null;
  is_soft: boolean;
  /** How many workers hold it: our API's addition to GET /badges; the real service has none. */
  workers_count?: number;
};

/** A page of a list. `total` is null when the upstream does not say (the real service). */
export type ListPage<T> = {
  items: T[];
  page: number;
  per: number;
  total: number | null;
  hasMore: boolean;
};

/** A person signed in with e-mail and password (our API's addition): who, and their role. */
export type SessionPerson = {
  id: number;
  name: string;
  email: string;
  role: Role;
  /** The company requires two-factor sign-in and this person has not set it up (our API). */
  twoFactorSetupRequired?: boolean;
};

export type SessionSummary = {
  environment: "test" | "live";
  companyName: string | null;
  pool: "private" | "public" | null;
  /** Null for a key pair's session (integrations, the real service). */
  person: SessionPerson | null;
};

/**
 * Whether the screens should offer an action (lib/schemas/permissions.ts, the table the API
 * enforces): by the person's role, else by the key's pool. An unknown pool (the real service
 * says nothing) is offered as private: the upstream refuses what it must, and the page says so.
 */
export function canDo(
  who: Pick<SessionSummary, "pool" | "person"> | null | undefined,
  action: Action,
): boolean {
  if (!who) return false;
  return can({ pool: who.pool ?? "private", role: who.person?.role ?? null }, action);
}
