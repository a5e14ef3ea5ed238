"use client";

import type { ReactNode } from "react";
import { ProgressBar } from "@/components/ui/progress-bar";
import type { JobRequest } from "@/lib/portal/job-types";
import { formatWage } from "../job-format";
import { classificationText, durationText, moneyText, startTimes } from "./request-format";
import { RequestedByItem } from "./requested-by-item";

function Item({ term, icon, children }: { term: string; icon: string; children: ReactNode }) {
  // dt and dd are the group's only children (what a description list allows); the icon rides
  // in the term, placed beside both.
  return (
    <div className="relative min-h-8 pl-11">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
        <span
          aria-hidden="true"
          className="absolute top-0 left-0 grid size-8 place-items-center rounded-lg bg-indigo-50 text-indigo-600"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
            <path fillRule="evenodd" d={icon} clipRule="evenodd" />
          </svg>
        </span>
        {term}
      </dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

const Missing = ({ children }: { children: ReactNode }) => (
  <span className="text-slate-500 italic">{children}</span>
);

const ICON = {
  when: "M5.75 2a.75.75 0 0 1 .75.75V4h7V2.75a.75.75 0 0 1 1.5 0V4h.25A2.75 2.75 0 0 1 18 6.75v8.5A2.75 2.75 0 0 1 15.25 18H4.75A2.75 2.75 0 0 1 2 15.25v-8.5A2.75 2.75 0 0 1 4.75 4H5V2.75A.75.75 0 0 1 5.75 2Zm-1 5.5c-.69 0-1.25.56-1.25 1.25v6.5c0 .69.56 1.25 1.25 1.25h10.5c.69 0 1.25-.56 1.25-1.25v-6.5c0-.69-.56-1.25-1.25-1.25H4.75Z",
  where:
    "m9.69 18.933.003.001C9.89 19.02 10 19 10 19s.11.02.308-.066l.002-.001.006-.003.018-.008a5.741 5.741 0 0 0 .281-.14c.186-.096.446-.24.757-.433.62-.384 1.445-.966 2.274-1.765C15.302 14.988 17 12.493 17 9A7 7 0 1 0 3 9c0 3.492 1.698 5.988 3.355 7.584a13.731 13.731 0 0 0 2.273 1.765 11.842 11.842 0 0 0 .976.544l.062.029.018.008.006.003ZM10 11.25a2.25 2.25 0 1 0 0-4.5 2.25 2.25 0 0 0 0 4.5Z",
  pay: "M1 4a1 1 0 0 1 1-1h16a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H2a1 1 0 0 1-1-1V4Zm12 4a3 3 0 1 1-6 0 3 3 0 0 1 6 0ZM4 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2Zm13-1a1 1 0 1 1-2 0 1 1 0 0 1 2 0ZM1.75 14.5a.75.75 0 0 0 0 1.5c4.417 0 8.693.603 12.749 1.73 1.111.309 2.251-.512 2.251-1.696v-.784a.75.75 0 0 0-1.5 0v.784a.272.272 0 0 1-.35.25A49.043 49.043 0 0 0 1.75 14.5Z",
  person:
    "M10 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM3.465 14.493a1.23 1.23 0 0 0 .41 1.412A9.957 9.957 0 0 0 10 18c2.31 0 4.438-.784 6.131-2.1.43-.333.604-.903.408-1.41a7.002 7.002 0 0 0-13.074.003Z",
  badge:
    "M16.403 12.652a3 3 0 0 0 0-5.304 3 3 0 0 0-3.75-3.751 3 3 0 0 0-5.305 0 3 3 0 0 0-3.751 3.75 3 3 0 0 0 0 5.305 3 3 0 0 0 3.75 3.751 3 3 0 0 0 5.305 0 3 3 0 0 0 3.751-3.75Zm-2.546-4.46a.75.75 0 0 0-1.214-.883l-3.483 4.79-1.88-1.88a.75.75 0 1 0-1.06 1.061l2.5 2.5a.75.75 0 0 0 1.137-.089l4-5.5Z",
} as const;

function When({ request }: { request: JobRequest }) {
  if (!request.start_time) return <Missing>No start time yet</Missing>;
  const viewer = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const t = startTimes(request.start_time, request.timezone, request.duration, viewer);
  if (!t) return <>{request.start_time}</>;
  const length = durationText(request.duration);
  return (
    <>
      <time dateTime={request.start_time} className="font-medium">
        {t.site}
      </time>
      {t.end && <span className="text-slate-600"> until {t.end}</span>}
      {(t.zone || length) && (
        <span className="block text-slate-600">
          {[length, t.zone && `site time (${t.zone})`].filter(Boolean).join(" · ")}
        </span>
      )}
      {t.local && <span className="block text-slate-600">Your time: {t.local}</span>}
    </>
  );
}

function Where({ request }: { request: JobRequest }) {
  const cityLine = [request.city, [request.address_state, request.zip].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  const lines = [request.venue, request.address, cityLine].filter(Boolean);
  const hasPoint = request.latitude !== null && request.longitude !== null;
  if (lines.length === 0 && !hasPoint) return <Missing>No place yet</Missing>;
  return (
    <>
      {lines.map((l, i) => (
        <span key={l} className={`block ${i === 0 ? "font-medium" : ""}`}>
          {l}
        </span>
      ))}
      {hasPoint && (
        <span className="block text-xs text-slate-600 tabular-nums">
          {request.latitude?.toFixed(5)}, {request.longitude?.toFixed(5)}
          {request.notification_distance
            ? ` · workers told within ${request.notification_distance} mi`
            : ""}
        </span>
      )}
    </>
  );
}

function Pay({ request }: { request: JobRequest }) {
  const wage = formatWage(request.wage);
  const hourly = moneyText(request.w2_hourly_rate);
  const kind = classificationText(request.classification);
  if (!wage && !hourly && !kind) return <Missing>No pay set yet</Missing>;
  return (
    <>
      {wage && <span className="font-medium">{wage}</span>}
      {hourly && (
        <span className={wage ? "text-slate-600" : "font-medium"}>
          {wage ? " · " : ""}W-2 rate {hourly}/hr
        </span>
      )}
      {kind && <span className="block text-slate-600">{kind}</span>}
    </>
  );
}

/** The request at a glance: when, where, pay, required badges, and how many slots are taken. */
export function RequestSummary({
  request,
  taken,
  headingId,
}: {
  request: JobRequest;
  /** Slots held by jobs (filled … approved), counted by the page from the live job list. */
  taken: number;
  headingId: string;
}) {
  const slots = request.slots ?? 0;
  const badges = request.badge_requirements ?? [];
  const open = Math.max(0, slots - taken);
  const description = [request.description, request.description_tasks].filter(Boolean);
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={headingId} className="sr-only">
        Summary
      </h2>
      <div className="border-b border-slate-100 px-4 py-4 sm:px-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p className="text-sm font-medium text-slate-900">
            <span className="text-2xl font-bold tabular-nums">{taken}</span>
            <span className="text-slate-600"> of {slots} filled</span>
          </p>
          <p className="text-sm text-slate-600">
            {slots === 0
              ? "No slots set"
              : open === 0
                ? "Every slot is taken"
                : `${open} ${open === 1 ? "slot" : "slots"} open`}
          </p>
        </div>
        <ProgressBar
          className="mt-2"
          label="Slots filled"
          value={taken}
          max={slots > 0 ? slots : null}
          valueText={`${taken} of ${slots} filled`}
        />
      </div>
      <dl className="grid gap-5 px-4 py-5 sm:grid-cols-2 sm:px-6">
        <Item term="When" icon={ICON.when}>
          <When request={request} />
        </Item>
        <Item term="Where" icon={ICON.where}>
          <Where request={request} />
        </Item>
        <Item term="Pay" icon={ICON.pay}>
          <Pay request={request} />
        </Item>
        <Item term="Required badges" icon={ICON.badge}>
          {badges.length === 0 ? (
            <Missing>None: anyone in the pool may be hired</Missing>
          ) : (
            <ul aria-label="Required badges" className="mt-0.5 flex flex-wrap gap-1.5">
              {badges.map((b) => (
                <li
                  key={b.id}
                  title={b.badge_description ?? undefined}
                  className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-800 ring-1 ring-indigo-200 ring-inset"
                >
                  {b.badge_name}
                </li>
              ))}
            </ul>
          )}
        </Item>
        <RequestedByItem
          request={request}
          frame={(value) => (
            <Item term="Requested by" icon={ICON.person}>
              {value}
            </Item>
          )}
        />
      </dl>
      {description.length > 0 && (
        <details className="group border-t border-slate-100 px-4 py-3 text-sm sm:px-6">
          <summary className="cursor-pointer rounded font-medium text-indigo-700 select-none hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600">
            Description
          </summary>
          {description.map((d) => (
            <p key={d} className="mt-2 whitespace-pre-line text-slate-700">
              {d}
            </p>
          ))}
        </details>
      )}
    </section>
  );
}
