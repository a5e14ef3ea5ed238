import type { InferSelectModel } from "drizzle-orm";
import type { userBadges, users } from "@/lib/db/schema";
import { formatDecimal, formatTimestamp } from "../format";

export type UserRow = InferSelectModel<typeof users>;
export type UserBadgeRow = InferSelectModel<typeof userBadges>;

export type UserBadgeJson = { id: number; user_id: number; badge_id: string; created_at: string };

export function serializeUserBadge(b: UserBadgeRow): UserBadgeJson {
  return {
    id: b.id,
    user_id: b.userId,
    badge_id: String(b.badgeId),
    created_at: formatTimestamp(b.createdAt)!,
  };
}

/** The user object: every field of section 2.1, in that order, null where unset. */
export function serializeUser(u: UserRow, badges: UserBadgeRow[]) {
  return {
    id: u.id,
    external_id: u.externalId,
    type: u.type,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    phone: u.phone,
    gender: u.gender,
    dob: u.dob,
    address: u.address,
    address_state: u.addressState,
    city: u.city,
    zip: u.zip,
    home_latitude: formatDecimal(u.homeLatitude),
    home_longitude: formatDecimal(u.homeLongitude),
    latitude: formatDecimal(u.latitude),
    longitude: formatDecimal(u.longitude),
    avatar_url: u.avatarUrl,
    logo_url: u.logoUrl,
    workplace_image_url: u.workplaceImageUrl,
    business_name: u.businessName,
    drug_tested: u.drugTested,
    rating: u.rating === null ? null : Number(u.rating),
    referred_by: u.referredBy,
    ssn: u.ssn,
    suspended: u.suspended,
    suspended_until: formatTimestamp(u.suspendedUntil),
    lower_pool: u.lowerPool,
    lower_pool_until: formatTimestamp(u.lowerPoolUntil),
    onboarding_appt_time: formatTimestamp(u.onboardingApptTime),
    tracking_code: u.trackingCode,
    w2_address_state: u.w2AddressState,
    w2_employee_id: u.w2EmployeeId,
    w2_onboarding_completed: formatTimestamp(u.w2OnboardingCompleted),
    w2_onboarding_started: formatTimestamp(u.w2OnboardingStarted),
    w2_onboarding_status: u.w2OnboardingStatus,
    updated_at: formatTimestamp(u.updatedAt)!,
    user_badges: badges.map(serializeUserBadge),
  };
}
export type UserJson = ReturnType<typeof serializeUser>;

/** Strong validator for If-Match: changes with every write of the user. */
export function etagOf(u: Pick<UserRow, "id" | "version">): string {
  return `"u${u.id}-v${u.version}"`;
}
