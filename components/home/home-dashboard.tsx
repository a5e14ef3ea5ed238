"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useId, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { useHome } from "@/lib/portal/client/hooks/use-home";
import type { Home, HomeView } from "@/lib/schemas/home";
import {
  AtRisk,
  Awaiting,
  HomeBody,
  HomeHeader,
  Tile,
  Upcoming,
  useBrowserTimeZone,
} from "./home-sections";

// The charts (visx) load after the page's own script, in their own chunk.
const HomeCharts = dynamic(() => import("./home-charts").then((m) => m.HomeCharts), {
  ssr: false,
  loading: () => <p className="text-sm text-slate-500">Loading charts…</p>,
});

const money = (v: string | number) =>
  Number(v).toLocaleString("en-US", { style: "currency", currency: "USD" });
const hours = (h: number) => `${h.toLocaleString("en-US", { maximumFractionDigits: 1 })} h`;

export function HomeDashboard({
  personName,
  canApprove,
  unreadReadable,
}: {
  /** The signed-in person's name: offers Mine / Company. Null for a key pair. */
  personName: string | null;
  canApprove: boolean;
  unreadReadable: boolean;
}) {
  const [view, setView] = useState<HomeView>("company");
  const tz = useBrowserTimeZone();
  const home = useHome(view, tz ?? "UTC");
  const data = tz ? home.data : undefined;
  const headingId = useId();
  const mine = view === "mine";
  const jobsLink = (state?: string) => {
    const q = new URLSearchParams();
    if (state) q.set("state", state);
    if (mine) q.set("mine", "1");
    const s = q.toString();
    return `/jobs${s ? `?${s}` : ""}`;
  };

  return (
    <div className="space-y-8">
      <HomeHeader
        headingId={headingId}
        subtitle={`What needs you today${mine ? " on your postings" : " across the company"}.`}
        refreshing={home.isFetching}
        generatedAt={data?.generated_at}
      >
        {personName && (
          <fieldset className="inline-flex rounded-lg bg-slate-100 p-1 text-sm">
            <legend className="sr-only">Show</legend>
            {(["mine", "company"] as const).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={view === v}
                onClick={() => setView(v)}
                className={`rounded-md px-3 py-1.5 font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 ${
                  view === v
                    ? "bg-white text-slate-900 shadow-sm"
                    : "text-slate-600 hover:text-slate-900"
                }`}
              >
                {v === "mine" ? "Mine" : "Company"}
              </button>
            ))}
          </fieldset>
        )}
      </HomeHeader>

      <HomeBody query={home} ready={data !== undefined}>
        {data &&
          (isEmpty(data) ? (
            <FirstSteps mine={mine} />
          ) : (
            <>
              <Tiles data={data} jobsLink={jobsLink} unreadReadable={unreadReadable} />
              <div className="grid items-start gap-6 lg:grid-cols-2">
                <AtRisk data={data} jobsLink={jobsLink} />
                <Awaiting data={data} canApprove={canApprove} jobsLink={jobsLink} />
              </div>
              <Upcoming data={data} jobsLink={jobsLink} />
              <section aria-labelledby={`${headingId}-charts`} className="space-y-3">
                <h2 id={`${headingId}-charts`} className="text-lg font-semibold text-slate-900">
                  Trends
                </h2>
                <HomeCharts charts={data.charts} timeZone={data.time_zone} />
              </section>
            </>
          ))}
      </HomeBody>
    </div>
  );
}

function isEmpty(d: Home): boolean {
  return (
    d.upcoming.total === 0 &&
    d.awaiting_approval.total === 0 &&
    d.charts.fill_rate.every((w) => w.posted_slots === 0)
  );
}

function FirstSteps({ mine }: { mine: boolean }) {
  return (
    <section className="rounded-xl bg-white px-6 py-8 shadow-sm ring-1 ring-slate-200">
      <h2 className="text-lg font-semibold text-slate-900">
        {mine ? "You have no postings yet" : "Post your first job"}
      </h2>
      <p className="mt-2 max-w-prose text-sm text-slate-600">
        A posting says where and when you need people, how many and at what wage. The best-ranked
        workers of your pool hear of it at once; as they accept, this page shows the shifts of the
        coming week, the ones at risk of starting short-handed, the work waiting for your approval
        and what the week costs.
      </p>
      <div className="mt-5 flex flex-wrap gap-3">
        <Link href="/jobs/new" className={buttonClass("primary")}>
          Post a job
        </Link>
        <Link href="/workers/new" className={buttonClass("secondary")}>
          Invite a worker
        </Link>
      </div>
    </section>
  );
}

function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? "same as last week" : "none last week";
  const pct = Math.round(((now - before) / before) * 100);
  return pct === 0 ? "same as last week" : `${pct > 0 ? "+" : ""}${pct}% on last week`;
}

function Tiles({
  data,
  jobsLink,
  unreadReadable,
}: {
  data: Home;
  jobsLink: (s?: string) => string;
  unreadReadable: boolean;
}) {
  const inv = data.invitations;
  const pendingWorkers = inv.workers.invited + inv.workers.expired;
  const pendingTeam = inv.teammates.invited + inv.teammates.expired;
  const spend = Number(data.this_week.spend);
  return (
    <section
      aria-label="At a glance"
      className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-6"
    >
      <Tile href={jobsLink()} label="Shifts, next 7 days" value={String(data.upcoming.total)} />
      <Tile
        href={jobsLink("open")}
        label="At risk (24 h)"
        value={String(data.at_risk.total)}
        tone={data.at_risk.total > 0 ? "warning" : "neutral"}
      />
      <Tile
        href={jobsLink("done")}
        label="Awaiting approval"
        value={String(data.awaiting_approval.total)}
      />
      <Tile
        href={jobsLink()}
        label="Spend this week"
        value={money(spend)}
        note={change(spend, Number(data.last_week.spend))}
      />
      <Tile
        href={jobsLink()}
        label="Hours this week"
        value={hours(data.this_week.hours)}
        note={change(data.this_week.hours, data.last_week.hours)}
      />
      {unreadReadable && data.unread_messages !== null ? (
        <Tile href={jobsLink()} label="Unread messages" value={String(data.unread_messages)} />
      ) : (
        <Tile
          href="/workers?invitation=invited"
          label="Invitations pending"
          value={String(pendingWorkers + pendingTeam)}
        />
      )}
      {unreadReadable && data.unread_messages !== null && (
        <div className="col-span-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600 md:col-span-3 xl:col-span-6">
          <span>Invitations not accepted:</span>
          <Link
            className="text-indigo-700 underline-offset-2 hover:underline"
            href="/workers?invitation=invited"
          >
            {inv.workers.invited} workers invited
          </Link>
          <Link
            className="text-indigo-700 underline-offset-2 hover:underline"
            href="/workers?invitation=expired"
          >
            {inv.workers.expired} worker links expired
          </Link>
          <Link className="text-indigo-700 underline-offset-2 hover:underline" href="/team">
            {pendingTeam} teammates
          </Link>
        </div>
      )}
    </section>
  );
}
