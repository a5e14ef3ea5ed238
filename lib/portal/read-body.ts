/** Body limits of the portal's own routes: a sign-in is a few hundred bytes, an API call at most what the API takes. */
export const SIGN_IN_MAX_BYTES = 16 * 1024;
export const PROXY_MAX_BYTES = 1024 * 1024;

/**
 * Reads a request body, giving up (null) past `maxBytes` whatever Content-Length claims, so a
 * huge or endless upload costs neither memory nor an upstream call.
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
