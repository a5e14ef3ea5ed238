import type { UserBadgeJson, UserJson } from "@/lib/schemas/user-fields";

/** The portal's own view of API data: what pages render, whatever the upstream's quirks. */

export type PortalError = { code: string; message: string; fields?: Record<string, string[]> };

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

export type SessionSummary = {
  environment: "test" | "live";
  companyName: string | null;
  pool: "private" | "public" | null;
};
