import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TeamView } from "@/components/team/team-view";
import { requireSession } from "@/lib/portal/server/require-session";
import { upstreamFor } from "@/lib/portal/server/upstream-base";
import { canDo } from "@/lib/portal/types";

export const metadata: Metadata = { title: "Team" };

/**
 * Admins only: anyone else gets the portal's not-found, as for any page they may not see (the
 * API refuses their team writes anyway). Against the real service the list is read-only: its
 * teammates are managed in its own portal.
 */
export default async function TeamPage() {
  const session = await requireSession("/team");
  if (!canDo({ pool: session.pool ?? null, person: session.person ?? null }, "team.write")) {
    notFound();
  }
  return (
    <TeamView
      meId={session.person?.id ?? null}
      manageable={upstreamFor(session.environment).embedded}
    />
  );
}
