import "server-only";
import { redirect } from "next/navigation";
import { currentSession } from "@/lib/portal/server/current-session";
import type { ActiveSession } from "@/lib/portal/server/session";

/** The signed-in session, or a redirect to sign-in that comes back to `here` afterwards. */
export async function requireSession(here: string): Promise<ActiveSession> {
  const { active } = await currentSession();
  if (!active) redirect(`/sign-in?next=${encodeURIComponent(here)}`);
  return active;
}
