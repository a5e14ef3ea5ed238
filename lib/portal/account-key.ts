import type { SessionSummary } from "@/lib/portal/types";

/**
 * Whose browser-kept things (saved views, remembered lists) these are: the environment and
 * company signed in, and the person when a person signed in, so one teammate's views never
 * show in another's list on a shared computer.
 */
export function accountKey(
  s: Pick<SessionSummary, "environment" | "companyName" | "person">,
): string {
  const base = `${s.environment}:${s.companyName ?? ""}`;
  return s.person ? `${base}:person:${s.person.id}` : base;
}
