import { ApiError, TAKEN, validationError } from "./errors";
import {
  isDatabaseUnavailable,
  isForeignKeyViolation,
  isUniqueViolation,
  pgErrorOf,
} from "./pg-error";
import { duplicateBadge } from "./users/user-badges";

/**
 * The one table from a unique constraint to the error a client sees. The database decides every
 * uniqueness race; whoever loses it gets the same answer as a request that was refused by the
 * friendlier check before the write.
 */
const UNIQUE_CONSTRAINT_ERRORS: Record<string, () => ApiError> = {
  users_email_key: () => validationError({ email: [TAKEN] }),
  users_phone_key: () => validationError({ phone: [TAKEN] }),
  users_company_external_id_key: () => validationError({ external_id: [TAKEN] }),
  badges_company_name_key: () => validationError({ name: [TAKEN] }),
  job_request_templates_company_name_key: () => validationError({ name: [TAKEN] }),
  // A concurrent request added the same badge first.
  user_badges_user_badge_key: () => duplicateBadge([]),
  webhooks_company_url_key: () => validationError({ url: ["is already registered"] }),
};

/** 503 with Retry-After: the request may be sent again as it is. */
export const databaseUnavailable = () =>
  new ApiError(
    "database_unavailable",
    "The database is unavailable right now; try again in a few seconds",
    undefined,
    { "Retry-After": "2" },
  );

/**
 * The API error an error stands for: itself when it is one, the table's answer for a known
 * unique violation, otherwise null (a bug: the caller answers 500). Used by the handler wrapper
 * and by the operator command, which calls the services without HTTP.
 */
export function knownApiError(err: unknown): ApiError | null {
  if (err instanceof ApiError) return err;
  if (isDatabaseUnavailable(err)) return databaseUnavailable();
  const info = pgErrorOf(err);
  if (isUniqueViolation(info) && info.constraint) {
    return UNIQUE_CONSTRAINT_ERRORS[info.constraint]?.() ?? null;
  }
  // A worker was given a badge that a concurrent DELETE /badges/:id removed meanwhile: the
  // same answer as naming a badge that does not exist.
  if (isForeignKeyViolation(info) && info.constraint === "user_badges_badge_id_badges_id_fk") {
    const id = /\(badge_id\)=\((\d+)\)/.exec(info.detail ?? "")?.[1];
    return validationError({ user_badges: [id ? `badge ${id} does not exist` : "does not exist"] });
  }
  return null;
}
