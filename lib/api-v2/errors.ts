export type ErrorCode =
  | "malformed_request"
  | "missing_credentials"
  | "missing_token"
  | "invalid_token"
  | "token_expired"
  | "invalid_credentials"
  | "environment_mismatch"
  | "https_required"
  | "forbidden_for_public_pool"
  | "not_found"
  | "method_not_allowed"
  | "precondition_failed"
  | "payload_too_large"
  | "unsupported_media_type"
  | "validation_failed"
  | "duplicate_badge"
  | "rate_limited"
  | "internal_error";

/** The one table from code to status. */
export const STATUS_OF: Record<ErrorCode, number> = {
  malformed_request: 400,
  missing_token: 401,
  invalid_token: 401,
  token_expired: 401,
  invalid_credentials: 401,
  environment_mismatch: 401,
  https_required: 403,
  forbidden_for_public_pool: 403,
  not_found: 404,
  method_not_allowed: 405,
  precondition_failed: 412,
  payload_too_large: 413,
  unsupported_media_type: 415,
  missing_credentials: 422,
  validation_failed: 422,
  duplicate_badge: 422,
  rate_limited: 429,
  internal_error: 500,
};

export type FieldErrors = Record<string, string[]>;

export type ErrorBody = {
  error: { code: ErrorCode; message: string; fields?: FieldErrors; request_id?: string };
};

export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
  get status(): number {
    return STATUS_OF[this.code];
  }
}

/** The message of a uniqueness refusal, whether a check or the database found it. */
export const TAKEN = "has already been taken";

export const notFound = (what = "Record") => new ApiError("not_found", `${what} not found`);

/** "email" + "has already been taken" → "Email has already been taken". */
function humanize(field: string, message: string): string {
  const name = field
    .replace(/_/g, " ")
    .replace(/\[\d+\]/g, "")
    .trim();
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${message}`;
}

export function validationError(fields: FieldErrors): ApiError {
  const parts = Object.entries(fields).flatMap(([f, msgs]) => msgs.map((m) => humanize(f, m)));
  return new ApiError("validation_failed", parts.join("; ") || "Validation failed", fields);
}

export function mergeFieldErrors(...all: (FieldErrors | undefined)[]): FieldErrors {
  const out: FieldErrors = {};
  for (const fe of all) {
    if (!fe) continue;
    for (const [k, v] of Object.entries(fe)) out[k] = [...(out[k] ?? []), ...v];
  }
  return out;
}
