import { ApiError } from "./errors";

export const MAX_BODY_BYTES = 1024 * 1024;

/** Reads the raw body, refusing more than 1 MiB whatever Content-Length claims. */
export async function readBodyText(req: Request): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

const tooLarge = () =>
  new ApiError("payload_too_large", `Request body is larger than ${MAX_BODY_BYTES} bytes`);

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
  return value as Record<string, unknown>;
}
