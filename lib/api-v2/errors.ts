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
  | "forbidden_for_role"
  | "operator_only"
  | "two_factor_required"
  | "invalid_two_factor_code"
  | "two_factor_setup_required"
  | "not_found"
  | "method_not_allowed"
  | "precondition_failed"
  | "payload_too_large"
  | "unsupported_media_type"
  | "validation_failed"
  | "duplicate_badge"
  | "rate_limited"
  | "internal_error"
  | "database_unavailable";

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
  forbidden_for_role: 403,
  operator_only: 403,
  two_factor_required: 401,
  invalid_two_factor_code: 401,
  two_factor_setup_required: 403,
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
  database_unavailable: 503,
};

export type FieldErrors = Record<string, string[]>;

export type ErrorBody = {
  error: {
    code: ErrorCode;
    message: string;
    fields?: FieldErrors;
    request_id?: string;
    /** two_factor_required only: the one-use challenge to send back with the code. */
    challenge?: string;
    challenge_expires_at?: string;
  };
};

/**
 * How big an error body may get, whatever the request held (50,000 bad entries are not 50,000
 * messages): the first fields, the first messages of each, each text clipped; what is left out
 * is counted in a last "…and N more".
 */
export const ERROR_BOUNDS = {
  fields: 20,
  messagesPerField: 10,
  /** A field name or one message (field names can come from a request's own keys). */
  textChars: 300,
  /** The `message` summary. */
  messageChars: 2_000,
} as const;

const clip = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1)}…`);

/** Keeps the first fields and messages within ERROR_BOUNDS; a bounded list comes back as it was. */
export function boundFieldErrors(fields: FieldErrors): FieldErrors {
  const { fields: maxFields, messagesPerField: maxMessages, textChars } = ERROR_BOUNDS;
  const keys = Object.keys(fields);
  const kept = keys.length > maxFields ? keys.slice(0, maxFields - 1) : keys;
  const out: FieldErrors = {};
  for (const key of kept) {
    const all = fields[key] ?? [];
    const shown = all.length > maxMessages ? all.slice(0, maxMessages - 1) : all;
    const name = clip(key, textChars);
    const list = [...(out[name] ?? []), ...shown.map((m) => clip(m, textChars))];
    if (shown.length < all.length) list.push(`…and ${all.length - shown.length} more`);
    out[name] = list;
  }
  if (kept.length < keys.length) {
    out.base = [...(out.base ?? []), `…and ${keys.length - kept.length} more fields with errors`];
  }
  return out;
}

export class ApiError extends Error {
  override name = "ApiError";
  readonly fields?: FieldErrors;
  constructor(
    readonly code: ErrorCode,
    message: string,
    fields?: FieldErrors,
    readonly headers?: Record<string, string>,
    /** Extra members of the error object (two_factor_required's challenge). */
    readonly extra?: { challenge: string; challenge_expires_at: string },
  ) {
    super(clip(message, ERROR_BOUNDS.messageChars));
    if (fields) this.fields = boundFieldErrors(fields);
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
  if (field === "base") return `${message.charAt(0).toUpperCase()}${message.slice(1)}`;
  const name = field
    .replace(/_/g, " ")
    .replace(/\[\d+\]/g, "")
    .trim();
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${message}`;
}

export function validationError(fields: FieldErrors): ApiError {
  const bounded = boundFieldErrors(fields);
  const parts = Object.entries(bounded).flatMap(([f, msgs]) => msgs.map((m) => humanize(f, m)));
  const max = ERROR_BOUNDS.fields;
  const shown = parts.length > max ? [...parts.slice(0, max - 1), "…"] : parts;
  return new ApiError("validation_failed", shown.join("; ") || "Validation failed", bounded);
}

export function mergeFieldErrors(...all: (FieldErrors | undefined)[]): FieldErrors {
  const out: FieldErrors = {};
  for (const fe of all) {
    if (!fe) continue;
    for (const [k, v] of Object.entries(fe)) out[k] = [...(out[k] ?? []), ...v];
  }
  return out;
}
