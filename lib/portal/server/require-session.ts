import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { currentSession } from "@/lib/portal/server/current-session";
import { type ActiveSession, hasSessionCookie } from "@/lib/portal/server/session";
import { signInPath } from "@/lib/portal/sign-in-path";

/** The signed-in session, or a redirect to sign-in that comes back to `here` afterwards. */
export async function requireSession(here: string): Promise<ActiveSession> {
  const { active } = await currentSession();
  if (!active) return redirectToSignIn(here);
  return active;
}

/**
 * To sign-in, coming back to `here`. A session cookie that came along but opens no active session
 * means a session that ended (timed out, signed out on another device, sealed under a secret
 * since changed): the sign-in page then says so. Only whether the browser sent the cookie decides,
 * which the browser knows already; why the session ended is not told.
 */
export async function redirectToSignIn(here: string): Promise<never> {
  redirect(signInPath(here, { ended: hasSessionCookie(await cookies()) }));
}
