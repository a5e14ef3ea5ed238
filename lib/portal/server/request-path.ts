/**
 * Set by our HTTP server (lib/server/main.ts) on every request, overwriting anything a client
 * sent: the path and query the browser asked for, so a layout can send a signed-out user to
 * sign in and bring them back to exactly that page.
 */
export const REQUEST_PATH_HEADER = "x-ep-path";

/** The page a browser asked for, without Next's internal `_rsc` cache-buster. */
export function pagePathOf(rawUrl: string): string {
  const url = new URL(rawUrl, "http://localhost");
  url.searchParams.delete("_rsc");
  return `${url.pathname}${url.search}`;
}
