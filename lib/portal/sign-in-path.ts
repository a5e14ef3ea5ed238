/**
 * Where a page sends someone to sign in, to come back to `next` afterwards. `ended`: they were
 * signed in and the session ended (timed out, signed out elsewhere, refused upstream), so the
 * sign-in page says why instead of greeting them as if they had never come.
 */
export function signInPath(next: string, { ended = false }: { ended?: boolean } = {}): string {
  return `/sign-in?${ended ? "expired=1&" : ""}next=${encodeURIComponent(next)}`;
}
