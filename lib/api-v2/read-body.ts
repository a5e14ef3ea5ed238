import { MAX_BODY_BYTES, readLimitedText } from "@/lib/net/read-limited-text";
import { ApiError } from "./errors";

export { MAX_BODY_BYTES };

/**
 * The body limit of the calls made without an API token (/authenticate, the invitation calls):
 * a key pair, or a link's token and a password, are well under 1 KiB. Whoever sends them is
 * nobody yet, so what they can make us read and parse stays small.
 */
export const MAX_PUBLIC_BODY_BYTES = 16 * 1024;

/** Reads the raw body, refusing more than `limit` bytes whatever Content-Length claims. */
export async function readBodyText(req: Request, limit = MAX_BODY_BYTES): Promise<string> {
  const text = await readLimitedText(req, limit);
  if (text === null) throw tooLarge(limit);
  return text;
}

/** 413 at once for a declared Content-Length over `limit`: nothing read, nothing looked up. */
export function refuseDeclaredOver(req: Request, limit: number): void {
  if (Number(req.headers.get("content-length") ?? "0") > limit) throw tooLarge(limit);
}

const tooLarge = (limit: number) =>
  new ApiError("payload_too_large", `Request body is larger than ${limit} bytes`);

export function mediaType(req: Request): string {
  return (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

export function isJsonMediaType(type: string): boolean {
  return type === "application/json" || /^application\/[\w.+-]+\+json$/.test(type);
}

/** A JSON object body; an empty body reads as {}. */
export function parseJsonObject(text: string): Record<string, unknown> {
  if (text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new ApiError(
      "malformed_request",
      `Request body is not valid JSON: ${(err as Error).message.slice(0, 200)}`,
    );
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new ApiError("malformed_request", "Request body must be a JSON object");
  }
  // Only a \u escape can put U+0000 or a lone surrogate into parsed JSON: the text itself was
  // decoded from UTF-8, which has neither.
  if (text.includes("\\u") && cleanStrings(value)) throw nulRefused("Request body");
  return value as Record<string, unknown>;
}

/**
 * PostgreSQL text cannot hold U+0000: a value carrying one would fail in the database as a 500,
 * so it is refused where input is read, as malformed.
 */
export const hasNul = (s: string): boolean => s.includes("\u0000");

export const nulRefused = (what: string) =>
  new ApiError("malformed_request", `${what} must not contain NUL characters (\\u0000)`);

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Replaces lone surrogates (`"\ud800"`) in every string of a parsed JSON value with U+FFFD, as
 * the PostgreSQL driver's UTF-8 encoding does; the embedded database's encoder miscounts some
 * of them and sends bytes PostgreSQL refuses. Returns whether a string or key holds U+0000.
 * Iterative: a body may nest 10,000 deep.
 */
function cleanStrings(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== "object") continue;
    const record = v as Record<string, unknown>;
    for (const k of Object.keys(record)) {
      if (hasNul(k)) return true;
      const inner = record[k];
      if (typeof inner === "string") {
        if (hasNul(inner)) return true;
        LONE_SURROGATE.lastIndex = 0;
        if (LONE_SURROGATE.test(inner)) record[k] = inner.replace(LONE_SURROGATE, "\ufffd");
      } else stack.push(inner);
    }
  }
  return false;
}
