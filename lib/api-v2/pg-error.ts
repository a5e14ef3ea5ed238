/** The fields of a PostgreSQL error we act on, from pg or PGlite, possibly wrapped by drizzle. */
type PgErrorInfo = { code: string; constraint?: string; detail?: string };

export function pgErrorOf(err: unknown): PgErrorInfo | null {
  let cur: unknown = err;
  for (let depth = 0; cur && depth < 5; depth++) {
    const e = cur as { code?: unknown; constraint?: unknown; detail?: unknown; cause?: unknown };
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) {
      return {
        code: e.code,
        constraint: typeof e.constraint === "string" ? e.constraint : undefined,
        detail: typeof e.detail === "string" ? e.detail : undefined,
      };
    }
    cur = e.cause;
  }
  return null;
}

export const isUniqueViolation = (info: PgErrorInfo | null): info is PgErrorInfo =>
  info?.code === "23505";
/** 23503 foreign_key_violation; PostgreSQL 18 (PGlite 0.5) reports ON DELETE RESTRICT as 23001. */
export const isForeignKeyViolation = (info: PgErrorInfo | null): info is PgErrorInfo =>
  info?.code === "23503" || info?.code === "23001";
