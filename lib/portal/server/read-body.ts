import "server-only";
import { MAX_BODY_BYTES } from "@/lib/net/read-limited-text";

export { readLimitedText } from "@/lib/net/read-limited-text";

/** Body limits of the portal's own routes: a sign-in is a few hundred bytes, an API call at most what the API takes. */
export const SIGN_IN_MAX_BYTES = 16 * 1024;
export const PROXY_MAX_BYTES = MAX_BODY_BYTES;
