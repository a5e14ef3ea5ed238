"use client";

import { createContext, type ReactNode, useContext } from "react";
import { canDo, type SessionPerson, type SessionSummary } from "@/lib/portal/types";
import type { Action } from "@/lib/schemas/permissions";

type Access = Pick<SessionSummary, "pool" | "person">;

const AccessContext = createContext<Access | null>(null);

/**
 * Who is signed in, for the shell's client parts (the nav, the command palette) that offer a
 * page only to those who may use it. The layout reads the session on the server and provides
 * it; the pages and the API check again.
 */
export function PortalAccessProvider({
  access,
  children,
}: {
  access: Access | null;
  children: ReactNode;
}) {
  return <AccessContext.Provider value={access}>{children}</AccessContext.Provider>;
}

/** Whether the signed-in session holds the action (false outside a provider). */
export function useCanDo(action: Action): boolean {
  return canDo(useContext(AccessContext), action);
}

/** The person signed in (our API's sign-in), null for a key pair's session. */
export function useSessionPerson(): SessionPerson | null {
  return useContext(AccessContext)?.person ?? null;
}

/** The same question for any action: for lists of things each of which needs its own. */
export function useHolds(): (action: Action) => boolean {
  const access = useContext(AccessContext);
  return (action) => canDo(access, action);
}
