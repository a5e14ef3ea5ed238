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

/**
 * The database could not be reached or dropped the connection (server restarting, shutting down,
 * failing over; no connection free in time): the client may ask again. PostgreSQL classes 08
 * (connection exception) and 57P0x (operator intervention: shutdown, crash shutdown, cannot
 * connect now), and the node-postgres and socket errors that carry no SQLSTATE.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let cur: unknown = err;
  for (let depth = 0; cur && depth < 5; depth++) {
    const e = cur as { code?: unknown; message?: unknown; cause?: unknown };
    const code = typeof e.code === "string" ? e.code : "";
    const message = typeof e.message === "string" ? e.message : "";
    if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-4]$/.test(code)) return true;
    if (["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "ENOTFOUND"].includes(code))
      return true;
    if (
      /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)/i.test(
        message,
      )
    )
      return true;
    cur = e.cause;
  }
  return false;
}
