"use client";

import { createContext, type ReactNode, useContext } from "react";
import { canDo, type SessionPerson, type SessionSummary } from "@/lib/portal/types";
import { type Action, ROLE_LABELS } from "@/lib/schemas/permissions";

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

/**
 * Whether a screen offers a control that needs the action. Outside a provider (a component
 * rendered on its own) nothing is known of a person, so only the pool prop the component
 * already has decides, as before people existed.
 */
export function useOffers(action: Action): boolean {
  const access = useContext(AccessContext);
  return access === null || canDo(access, action);
}

/**
 * Why a person's role does not offer the action, in the words the API's refusal uses
 * ("Your role (Read-only) cannot …"); null when it does, or for a key pair (the pool's own
 * notices say why).
 */
export function useRoleRefusal(action: Action, what: string): string | null {
  const access = useContext(AccessContext);
  const person = access?.person;
  if (!person || canDo(access, action)) return null;
  return `Your role (${ROLE_LABELS[person.role]}) cannot ${what}.`;
}
