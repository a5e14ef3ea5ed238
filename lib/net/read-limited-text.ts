/** The API's body limit, and the portal proxy's (it forwards at most what the API takes). */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads a request body as UTF-8, giving up (null) past `maxBytes` whatever Content-Length
 * claims, so a huge or endless upload costs neither memory nor downstream work. The one body
 * reader of the house: the API turns null into 413 `payload_too_large`, the portal into its own
 * error answer.
 */
export async function readLimitedText(req: Request, maxBytes: number): Promise<string | null> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return null;
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
