import type { Job, JobRequest } from "@/lib/portal/job-types";
import { normalizeList } from "@/lib/portal/normalize";
import type { Home, HomeAwaiting, HomeShift } from "@/lib/schemas/home";
import { FILLED_JOB_STATES, HOME_LIMITS } from "@/lib/schemas/home-limits";
import { MAX_PAGE_SIZE } from "@/lib/schemas/paging";
import { type JobRequestRange, readJobRequestRange } from "./hooks/use-jobs";

/**
 * The home page against the real service, which has no GET /home: the sections its lists can
 * give, read in a bounded number of calls (docs/home.md). The coming week's shifts and those at
 * risk from the postings' pages (RANGE_PAGE_LIMIT pages, newest changed first: the service has
 * no start filter), the work awaiting approval from the first page of GET /jobs?state=completed.
 * A count is `complete: false` when more may exist than were read ("at least" on the page). No
 * spend, hours, invitations or charts: the service has no totals to build them from.
 */
export type HomeFromLists = {
  generated_at: string;
  upcoming: Home["upcoming"] & { complete: boolean };
  at_risk: Home["at_risk"] & { complete: boolean };
  awaiting_approval: Home["awaiting_approval"] & { complete: boolean };
};

const DAY_MS = 86_400_000;
const AT_RISK_STATES = new Set(["unassigned", "posted", "filled", "in_progress"]);
const NOT_COUNTED = new Set(["draft", "cancelled"]);

/** The wall-clock date of `at` in `timeZone`. */
function wallDate(at: number, timeZone: string): { y: number; m: number; d: number } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { y: part("year"), m: part("month"), d: part("day") };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `at`, in ms. */
function offsetAt(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant of local midnight starting the date `days` after `at`'s date in `timeZone`. */
export function localMidnight(at: number, timeZone: string, days = 0): number {
  const { y, m, d } = wallDate(at, timeZone);
  const wall = Date.UTC(y, m - 1, d + days);
  // Twice: the offset at the guess can differ from the offset at midnight across a DST change.
  const first = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(first, timeZone);
}

/** Filled slots, from the posting's counts of its jobs by state (the reference's field). */
const filledOf = (cached: Record<string, number> | null | undefined) =>
  FILLED_JOB_STATES.reduce((n, s) => n + (cached?.[s] ?? 0), 0);

function toShift(r: JobRequest): HomeShift {
  return {
    id: r.id,
    name: r.request_name ?? `Posting ${r.id}`,
    state: r.state,
    category: r.category,
    start_time: r.start_time ?? "",
    duration: r.duration,
    timezone: r.timezone ?? "UTC",
    venue: r.venue,
    city: r.city,
    slots: r.slots ?? 0,
    filled: filledOf(r.cached_job_states),
  };
}

const workerName = (j: Job) =>
  [j.worker?.first_name, j.worker?.last_name].filter(Boolean).join(" ") ||
  `Worker ${j.worker?.id ?? j.user_id ?? ""}`.trim();

/**
 * The sections from what the lists gave: `range` (the postings starting from local midnight
 * today for 8 days, as read), `completed` (the first page of completed jobs), at `now`.
 */
export function homeFromLists(
  range: JobRequestRange,
  completed: { items: Job[]; hasMore: boolean },
  now: number,
): HomeFromLists {
  const limit = HOME_LIMITS.list;
  const shifts = range.items.filter((r) => r.start_time && !NOT_COUNTED.has(r.state));
  const atRisk = shifts.map(toShift).filter((s) => {
    const t = Date.parse(s.start_time);
    return t >= now && t < now + DAY_MS && AT_RISK_STATES.has(s.state) && s.filled < s.slots;
  });
  const requests = new Map(range.items.map((r) => [r.id, r]));
  // An upstream that ignores the filter answers every job: keep only the completed ones.
  const done = completed.items.filter((j) => j.state === "completed");
  const awaiting = done.slice(0, limit).map((j): HomeAwaiting => {
    const r = requests.get(j.job_request_id);
    return {
      id: j.id,
      job_request_id: j.job_request_id,
      job_request_name: r?.request_name ?? `Posting ${j.job_request_id}`,
      user_id: j.worker?.id ?? j.user_id ?? 0,
      worker_name: workerName(j),
      start_time: r?.start_time ?? null,
      timezone: r?.timezone ?? "UTC",
      completed_at: j.completed_at,
    };
  });
  return {
    generated_at: new Date(now).toISOString(),
    upcoming: {
      total: shifts.length,
      job_requests: shifts.slice(0, limit).map(toShift),
      complete: range.complete,
    },
    at_risk: {
      total: atRisk.length,
      job_requests: atRisk.slice(0, limit),
      complete: range.complete,
    },
    awaiting_approval: {
      total: done.length,
      jobs: awaiting,
      complete: !completed.hasMore,
    },
  };
}

/** Reads the lists (at most RANGE_PAGE_LIMIT + 1 calls) and builds the sections. */
export async function readHomeFromLists(
  get: (path: string) => Promise<{ data: unknown }>,
  timeZone: string,
  now: number,
): Promise<HomeFromLists> {
  const [range, completed] = await Promise.all([
    readJobRequestRange(get, {
      byStart: false,
      start_after: new Date(localMidnight(now, timeZone)).toISOString(),
      start_before: new Date(localMidnight(now, timeZone, 8)).toISOString(),
    }),
    get(`jobs?state=completed&per=${MAX_PAGE_SIZE}&page=1`).then(({ data }) =>
      normalizeList<Job>("jobs", data, 1, MAX_PAGE_SIZE),
    ),
  ]);
  return homeFromLists(range, completed, now);
}
