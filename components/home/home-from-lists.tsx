"use client";

import Link from "next/link";
import { useHomeFromLists } from "@/lib/portal/client/hooks/use-home-from-lists";
import {
  AtRisk,
  Awaiting,
  HomeBody,
  HomeHeader,
  Tile,
  Upcoming,
  useBrowserTimeZone,
} from "./home-sections";

const jobsLink = (state?: string) => (state ? `/jobs?state=${state}` : "/jobs");
const atLeast = (n: number, complete: boolean) => (complete ? String(n) : `${n}+`);

/**
 * The home page against the real service: the coming week's shifts, those at risk and the work
 * awaiting approval, built from its lists (a few calls, bounded), saying what it cannot show.
 */
export function HomeFromListsDashboard({ canApprove }: { canApprove: boolean }) {
  const tz = useBrowserTimeZone();
  const home = useHomeFromLists(tz);
  const data = home.data;
  return (
    <div className="space-y-8">
      <HomeHeader
        subtitle="What needs you today across the company."
        refreshing={home.isFetching}
        generatedAt={data?.generated_at}
      />

      <HomeBody query={home} ready={data !== undefined}>
        {data && (
          <>
            <section aria-label="At a glance" className="grid grid-cols-2 gap-4 md:grid-cols-3">
              <Tile
                href={jobsLink()}
                label="Shifts, next 7 days"
                value={atLeast(data.upcoming.total, data.upcoming.complete)}
              />
              <Tile
                href={jobsLink("open")}
                label="At risk (24 h)"
                value={atLeast(data.at_risk.total, data.at_risk.complete)}
                tone={data.at_risk.total > 0 ? "warning" : "neutral"}
              />
              <Tile
                href={jobsLink("done")}
                label="Awaiting approval"
                value={atLeast(data.awaiting_approval.total, data.awaiting_approval.complete)}
              />
            </section>
            <div className="grid items-start gap-6 lg:grid-cols-2">
              <AtRisk data={data} jobsLink={jobsLink} />
              <Awaiting data={data} canApprove={canApprove} jobsLink={jobsLink} />
            </div>
            <Upcoming data={data} jobsLink={jobsLink} />
            <section
              aria-label="What this service cannot show"
              className="rounded-xl bg-slate-50 px-4 py-4 text-sm text-slate-700 ring-1 ring-slate-200"
            >
              <h2 className="font-semibold text-slate-900">Built from this service’s lists</h2>
              <p className="mt-1 max-w-prose">
                The service you are signed in to has no summary call and its lists give no totals,
                so this page reads the postings changed most recently and the first page of finished
                work. A count marked “+” or “at least” may be missing postings it did not read.
                Spend, hours, pending invitations and the weekly charts need totals it does not
                give; the{" "}
                <Link href="/jobs" className="text-indigo-700 underline">
                  jobs list
                </Link>{" "}
                and the{" "}
                <Link href="/workers" className="text-indigo-700 underline">
                  workers list
                </Link>{" "}
                have everything.
              </p>
            </section>
          </>
        )}
      </HomeBody>
    </div>
  );
}
