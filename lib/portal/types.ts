/** The portal's own view of API data: what pages render, whatever the upstream's quirks. */

export type PortalError = { code: string; message: string; fields?: Record<string, string[]> };

export type UserBadge = { id: number; user_id: number; badge_id: string; created_at: string };

export type Worker = {
  id: number;
  external_id: string | null;
  type: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  gender: string | null;
  dob: string | null;
  address: string | null;
  address_state: string | null;
  city: string | null;
  zip: string | null;
  home_latitude: string | null;
  home_longitude: string | null;
  latitude: string | null;
  longitude: string | null;
  avatar_url: string | null;
  logo_url: string | null;
  workplace_image_url: string | null;
  business_name: string | null;
  drug_tested: string | null;
  rating: number | null;
  referred_by: string | null;
  ssn: string | null;
  suspended: boolean;
  suspended_until: string | null;
  lower_pool: boolean | null;
  lower_pool_until: string | null;
  onboarding_appt_time: string | null;
  tracking_code: string | null;
  w2_address_state: string | null;
  w2_employee_id: string | null;
  w2_onboarding_completed: string | null;
  w2_onboarding_started: string | null;
  w2_onboarding_status: string | null;
  updated_at: string;
  user_badges: UserBadge[];
};

export type Badge = {
  id: number;
  name: string;
  description: string;
  info_url: string | null;
  icon_url: string | null;
  is_soft: boolean;
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
