import type { Metadata } from "next";
import Link from "next/link";
import { HomeDashboard } from "@/components/home/home-dashboard";
import { buttonClass } from "@/components/ui/button";
import { NoticeCard } from "@/components/ui/notice-card";
import { requireSession } from "@/lib/portal/server/require-session";
import { upstreamFor } from "@/lib/portal/server/upstream-base";
import { canDo } from "@/lib/portal/types";

export const metadata: Metadata = { title: "Home" };

/** The first page after sign-in: what needs the employer today (issue 28). */
export default async function HomePage() {
  const session = await requireSession("/home");
  const who = { pool: session.pool ?? null, person: session.person ?? null };
  if (!upstreamFor(session.environment).embedded) {
    // GET /home is ours: the real service has no such call, and its lists give no totals or
    // aggregates to build the page from without walking every page.
    return (
      <div className="space-y-6">
        <h1 className="text-2xl font-semibold text-slate-900">Home</h1>
        <NoticeCard
          title="The home page needs our API"
          action={
            <div className="flex flex-wrap gap-3">
              <Link href="/jobs" className={buttonClass("primary")}>
                Open the jobs
              </Link>
              <Link href="/workers" className={buttonClass("secondary")}>
                Open the workers
              </Link>
            </div>
          }
        >
          <p>
            The service you are signed in to has no summary call: this page cannot show the coming
            week's shifts, postings at risk, work awaiting approval, spend or charts here. The jobs
            list has every posting, and each posting its workers to approve.
          </p>
        </NoticeCard>
      </div>
    );
  }
  return (
    <HomeDashboard
      personName={session.person?.name ?? null}
      canApprove={canDo(who, "jobs.write")}
      unreadReadable={canDo(who, "messages.read")}
    />
  );
}
