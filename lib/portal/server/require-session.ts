import "server-only";
import { redirect } from "next/navigation";
import { type ActiveSession, activeSession, getSession } from "@/lib/portal/server/session";

/** The signed-in session, or a redirect to sign-in that comes back to `here` afterwards. */
export async function requireSession(here: string): Promise<ActiveSession> {
  const session = activeSession(await getSession());
  if (!session) redirect(`/sign-in?next=${encodeURIComponent(here)}`);
  return session;
}

/** Only same-site paths may be a `next`: never an open redirect. */
export function safeNext(next: string | string[] | undefined, fallback = "/workers"): string {
  const n = Array.isArray(next) ? next[0] : next;
  return n && /^\/(?!\/)[^\s\\]*$/.test(n) ? n : fallback;
}
