"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useEffect, useId, useState } from "react";
import { formatStart, requestStateLook } from "@/components/jobs/job-format";
import { Button, buttonClass } from "@/components/ui/button";
import { LoadError } from "@/components/ui/load-error";
import { ProgressBar } from "@/components/ui/progress-bar";
import { StatePill } from "@/components/ui/state-pill";
import { useToast } from "@/components/ui/toast";
import { useApproveJobs, useHome } from "@/lib/portal/client/hooks/use-home";
import type { Home, HomeAwaiting, HomeShift, HomeView } from "@/lib/schemas/home";

// The charts (visx) load after the page's own script, in their own chunk.
const HomeCharts = dynamic(() => import("./home-charts").then((m) => m.HomeCharts), {
  ssr: false,
  loading: () => <p className="text-sm text-slate-500">Loading charts…</p>,
});

const money = (v: string | number) =>
  Number(v).toLocaleString("en-US", { style: "currency", currency: "USD" });
const hours = (h: number) => `${h.toLocaleString("en-US", { maximumFractionDigits: 1 })} h`;

/** The browser's zone, where the page's days and weeks begin (UTC until the script runs). */
function useBrowserTimeZone(): string | null {
  const [tz, setTz] = useState<string | null>(null);
  useEffect(() => setTz(Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"), []);
  return tz;
}

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
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id={headingId} className="text-2xl font-semibold text-slate-900">
            Home
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            What needs you today{mine ? " on your postings" : " across the company"}.
          </p>
        </div>
        <div className="flex items-center gap-3">
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
          <p className="text-xs text-slate-500" aria-live="polite">
            {home.isFetching
              ? "Refreshing…"
              : data
                ? `Updated ${new Date(data.generated_at).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" })}`
                : ""}
          </p>
        </div>
      </div>

      {home.error && !data ? (
        <LoadError
          title="The home page could not load"
          error={home.error}
          retry={() => home.refetch()}
          retrying={home.isFetching}
        />
      ) : !data ? (
        <HomeSkeleton />
      ) : isEmpty(data) ? (
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
      )}
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

function HomeSkeleton() {
  return (
    <div className="space-y-4" aria-hidden="true">
      <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-24 animate-pulse rounded-xl bg-slate-100" />
        ))}
      </div>
      <div className="h-64 animate-pulse rounded-xl bg-slate-100" />
    </div>
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

function Tile({
  href,
  label,
  value,
  note,
  tone = "neutral",
}: {
  href: string;
  label: string;
  value: string;
  note?: string;
  tone?: "neutral" | "warning";
}) {
  return (
    <Link
      href={href}
      className="group block rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-indigo-300 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <span className="block text-sm text-slate-600">{label}</span>
      <span
        className={`mt-1 block text-2xl font-semibold tabular-nums ${tone === "warning" ? "text-amber-700" : "text-slate-900"}`}
      >
        {value}
      </span>
      {note && <span className="mt-1 block text-xs text-slate-500">{note}</span>}
    </Link>
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

function SectionCard({
  title,
  count,
  href,
  children,
}: {
  title: string;
  count: number;
  href: string;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex items-baseline justify-between gap-3 border-b border-slate-100 px-4 py-3">
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        <Link href={href} className="text-sm text-indigo-700 underline-offset-2 hover:underline">
          {count} in all<span className="sr-only"> ({title})</span>
        </Link>
      </div>
      {children}
    </section>
  );
}

function Meter({ shift }: { shift: HomeShift }) {
  return (
    <ProgressBar
      label={`${shift.name}: slots filled`}
      value={shift.filled}
      max={shift.slots}
      valueText={`${shift.filled} of ${shift.slots} filled`}
      tone={shift.filled < shift.slots ? "amber" : "indigo"}
      className="w-24"
    />
  );
}

function AtRisk({ data, jobsLink }: { data: Home; jobsLink: (s?: string) => string }) {
  return (
    <SectionCard
      title="At risk: starting within 24 hours with open slots"
      count={data.at_risk.total}
      href={jobsLink("open")}
    >
      {data.at_risk.job_requests.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-600">
          Nothing at risk: every posting starting in the next 24 hours is filled.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {data.at_risk.job_requests.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
              <div className="min-w-48 flex-1">
                <Link
                  href={`/jobs/${r.id}`}
                  className="font-medium text-slate-900 hover:text-indigo-700"
                >
                  {r.name}
                </Link>
                <p className="text-sm text-slate-600">{formatStart(r.start_time, r.timezone)}</p>
              </div>
              <span className="text-sm tabular-nums text-amber-700">
                {r.slots - r.filled} open of {r.slots}
              </span>
              <Link href={`/jobs/${r.id}`} className={buttonClass("secondary", "px-3 py-1.5")}>
                Find workers<span className="sr-only"> for {r.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function Awaiting({
  data,
  canApprove,
  jobsLink,
}: {
  data: Home;
  canApprove: boolean;
  jobsLink: (s?: string) => string;
}) {
  const approve = useApproveJobs();
  const toast = useToast();
  const [ratings, setRatings] = useState<Record<number, string>>({});
  const [busyId, setBusyId] = useState<number | "all" | null>(null);
  const rows = data.awaiting_approval.jobs;

  const run = async (ids: number[], key: number | "all", rating?: number) => {
    setBusyId(key);
    try {
      const out = await approve.mutateAsync({ ids, rating });
      if (out.approved.length) {
        toast.show({
          tone: "success",
          message:
            out.approved.length === 1
              ? `Approved${rating ? ` with ${rating} star${rating > 1 ? "s" : ""}` : ""}.`
              : `Approved ${out.approved.length} jobs.`,
        });
      }
      if (out.failed.length) {
        toast.show({
          tone: "error",
          message: `${out.failed.length} could not be approved.`,
          detail: out.failed[0]?.message,
        });
      }
    } finally {
      setBusyId(null);
    }
  };

  return (
    <SectionCard
      title="Awaiting your approval"
      count={data.awaiting_approval.total}
      href={jobsLink("done")}
    >
      {rows.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-600">
          Nothing to approve. Finished work appears here for your approval and rating.
        </p>
      ) : (
        <>
          <ul className="divide-y divide-slate-100">
            {rows.map((j: HomeAwaiting) => {
              const rating = ratings[j.id] ?? "";
              return (
                <li key={j.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
                  <div className="min-w-48 flex-1">
                    <p className="font-medium text-slate-900">{j.worker_name}</p>
                    <p className="text-sm text-slate-600">
                      <Link href={`/jobs/${j.job_request_id}`} className="hover:text-indigo-700">
                        {j.job_request_name}
                      </Link>
                      {j.start_time && <> · {formatStart(j.start_time, j.timezone)}</>}
                    </p>
                  </div>
                  {canApprove && (
                    <div className="flex items-center gap-2">
                      <label className="sr-only" htmlFor={`rate-${j.id}`}>
                        Rating for {j.worker_name} (optional)
                      </label>
                      <select
                        id={`rate-${j.id}`}
                        value={rating}
                        onChange={(e) => setRatings((r) => ({ ...r, [j.id]: e.target.value }))}
                        className="rounded-md border-0 bg-white py-1.5 pr-8 pl-2 text-sm text-slate-900 ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600"
                      >
                        <option value="">No rating</option>
                        {[5, 4, 3, 2, 1].map((n) => (
                          <option key={n} value={n}>
                            {"★".repeat(n)} {n}
                          </option>
                        ))}
                      </select>
                      <Button
                        className="px-3 py-1.5"
                        busy={busyId === j.id}
                        disabled={busyId !== null}
                        onClick={() => run([j.id], j.id, rating ? Number(rating) : undefined)}
                      >
                        Approve<span className="sr-only"> {j.worker_name}'s job</span>
                      </Button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
          {canApprove && rows.length > 1 && (
            <div className="flex justify-end border-t border-slate-100 px-4 py-3">
              <Button
                variant="secondary"
                busy={busyId === "all"}
                disabled={busyId !== null}
                onClick={() =>
                  run(
                    rows.map((j) => j.id),
                    "all",
                  )
                }
              >
                Approve all {rows.length} without rating
              </Button>
            </div>
          )}
        </>
      )}
    </SectionCard>
  );
}

function Upcoming({ data, jobsLink }: { data: Home; jobsLink: (s?: string) => string }) {
  const rows = data.upcoming.job_requests;
  return (
    <SectionCard title="Today and the next 7 days" count={data.upcoming.total} href={jobsLink()}>
      {rows.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-600">
          No shifts in the coming week.{" "}
          <Link href="/jobs/new" className="text-indigo-700 underline">
            Post a job
          </Link>
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {rows.map((r) => {
            const look = requestStateLook(r.state);
            return (
              <li key={r.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
                <p className="w-full text-sm tabular-nums text-slate-600 sm:w-52">
                  {formatStart(r.start_time, r.timezone)}
                </p>
                <div className="min-w-48 flex-1">
                  <Link
                    href={`/jobs/${r.id}`}
                    className="font-medium text-slate-900 hover:text-indigo-700"
                  >
                    {r.name}
                  </Link>
                  {(r.venue || r.city) && (
                    <p className="truncate text-sm text-slate-600">
                      {[r.venue, r.city].filter(Boolean).join(", ")}
                    </p>
                  )}
                </div>
                <div className="flex items-center gap-3">
                  <Meter shift={r} />
                  <span className="w-16 text-sm tabular-nums text-slate-700">
                    {r.filled}/{r.slots}
                  </span>
                  <StatePill tone={look.tone}>{look.label}</StatePill>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {data.upcoming.total > rows.length && (
        <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-500">
          The first {rows.length} of {data.upcoming.total}.
        </p>
      )}
    </SectionCard>
  );
}
