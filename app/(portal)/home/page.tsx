import type { Metadata } from "next";
import { HomeDashboard } from "@/components/home/home-dashboard";
import { HomeFromListsDashboard } from "@/components/home/home-from-lists";
import { requireSession } from "@/lib/portal/server/require-session";
import { upstreamFor } from "@/lib/portal/server/upstream-base";
import { canDo } from "@/lib/portal/types";

export const metadata: Metadata = { title: "Home" };

/** The first page after sign-in: what needs the employer today (issue 28). */
export default async function HomePage() {
  const session = await requireSession("/home");
  const who = { pool: session.pool ?? null, person: session.person ?? null };
  const canApprove = canDo(who, "jobs.write");
  if (!upstreamFor(session.environment).embedded) {
    // GET /home is ours: against the real service the page is built from its lists, bounded,
    // and says what it cannot show.
    return <HomeFromListsDashboard canApprove={canApprove} />;
  }
  return (
    <HomeDashboard
      personName={session.person?.name ?? null}
      canApprove={canApprove}
      unreadReadable={canDo(who, "messages.read")}
    />
  );
}
