import { deriveRequestState } from "../jobs/request-state";
import { resolveStartTime } from "../jobs/start-time";

/**
 * The demo's recurring work, so the home page's sections and charts have something true to
 * show (issue 28): nine regular sites posting every few days over the past eight weeks and the
 * next two, plus two postings that start within 24 hours with open slots (at risk). Everything
 * is decided from `now` and fixed patterns (no randomness): the same `now` gives the same demo.
 *
 * Past shifts were filled at a rate that changes from week to week (60–100 %), a few workers did
 * not show up, and the finished jobs were approved with a rating a day or two later, except
 * those finished within the last two days, which wait for approval. Shifts running now are in
 * progress; future ones are filled, partly filled or still open. The postings' states follow
 * their jobs (deriveRequestState), and no name repeats one of demoJobRequests' (the journeys
 * click those by name).
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const LA = "America/Los_Angeles";
const CT = "America/Chicago";
const ET = "America/New_York";

/** A regular site and the shift it posts. */
export type HistorySite = {
  name: string;
  category: string;
  city: string;
  address_state: string;
  timezone: string;
  venue: string;
  address: string;
  zip: string;
  latitude: string;
  longitude: string;
  startHour: number;
  duration: number;
  slots: number;
  wage: string;
  description_tasks: string;
  description_arrival: string;
  /** Posts on the days whose offset from today is this modulo `every`. */
  phase: number;
  every: number;
};

export const HISTORY_SITES: readonly HistorySite[] = [
  {
    name: "Inventory Count – Oakland DC",
    category: "Fulfillment / Warehousing",
    city: "Oakland",
    address_state: "CA",
    timezone: LA,
    venue: "Oakland Distribution Center",
    address: "8000 Edgewater Dr",
    zip: "94621",
    latitude: "37.741",
    longitude: "-122.2036",
    startHour: 6,
    duration: 480,
    slots: 4,
    wage: "21.50",
    description_tasks: "Cycle-count racking aisles with a handheld scanner and flag variances.",
    description_arrival: "Security gate on Edgewater Dr; ask for the inventory lead.",
    phase: 0,
    every: 4,
  },
  {
    name: "Concert Ushers – Oakland Arena",
    category: "Event Staff",
    city: "Oakland",
    address_state: "CA",
    timezone: LA,
    venue: "Oakland Arena",
    address: "7000 Coliseum Way",
    zip: "94621",
    latitude: "37.7503",
    longitude: "-122.203",
    startHour: 17,
    duration: 300,
    slots: 6,
    wage: "22.00",
    description_tasks: "Scan tickets, guide guests to their sections and keep aisles clear.",
    description_arrival: "Staff entrance at gate D; black pants, closed shoes.",
    phase: 2,
    every: 5,
  },
  {
    name: "Stocker – South Gate Fulfillment",
    category: "Fulfillment / Warehousing",
    city: "Los Angeles",
    address_state: "CA",
    timezone: LA,
    venue: "South Gate Fulfillment",
    address: "2000 E 7th St",
    zip: "90021",
    latitude: "34.0335",
    longitude: "-118.2331",
    startHour: 7,
    duration: 480,
    slots: 5,
    wage: "23.00",
    description_tasks: "Replenish pick faces from reserve and break down empty pallets.",
    description_arrival: "Dock 4; safety vest provided.",
    phase: 1,
    every: 3,
  },
  {
    name: "Courier – Ponce City Market",
    category: "Delivery",
    city: "Atlanta",
    address_state: "GA",
    timezone: ET,
    venue: "Ponce City Market",
    address: "675 Ponce De Leon Ave NE",
    zip: "30308",
    latitude: "33.7726",
    longitude: "-84.3655",
    startHour: 9,
    duration: 420,
    slots: 3,
    wage: "22.50",
    description_tasks: "Run tenant deliveries around Midtown by cargo bike and van.",
    description_arrival: "North loading zone off North Ave.",
    phase: 3,
    every: 4,
  },
  {
    name: "Prep Cook – Wrigleyville Kitchen",
    category: "General Labor",
    city: "Chicago",
    address_state: "IL",
    timezone: CT,
    venue: "Wrigleyville Kitchen",
    address: "3600 N Clark St",
    zip: "60613",
    latitude: "41.9484",
    longitude: "-87.6553",
    startHour: 10,
    duration: 360,
    slots: 4,
    wage: "20.00",
    description_tasks: "Prep vegetables, portion proteins and keep the walk-in organised.",
    description_arrival: "Kitchen door in the alley behind Clark St.",
    phase: 0,
    every: 3,
  },
  {
    name: "Front Desk Greeter – Union Square",
    category: "Customer Service",
    city: "San Francisco",
    address_state: "CA",
    timezone: LA,
    venue: "Union Square Café",
    address: "333 Post St",
    zip: "94108",
    latitude: "37.788",
    longitude: "-122.4075",
    startHour: 9,
    duration: 360,
    slots: 2,
    wage: "19.50",
    description_tasks: "Greet guests, manage the wait list and answer the phone.",
    description_arrival: "Ask for the floor manager at the host stand.",
    phase: 1,
    every: 4,
  },
  {
    name: "Sampling Team – Times Square",
    category: "Brand Representative",
    city: "New York",
    address_state: "NY",
    timezone: ET,
    venue: "Times Square pop-up",
    address: "1560 Broadway",
    zip: "10036",
    latitude: "40.759",
    longitude: "-73.9845",
    startHour: 11,
    duration: 360,
    slots: 4,
    wage: "24.50",
    description_tasks: "Hand out product samples and collect sign-ups on a tablet.",
    description_arrival: "Orange tent at 46th St.",
    phase: 4,
    every: 5,
  },
  {
    name: "Dock Loader – Port Houston",
    category: "Fulfillment / Warehousing",
    city: "Houston",
    address_state: "TX",
    timezone: CT,
    venue: "Port Houston Warehouse 7",
    address: "7300 Clinton Dr",
    zip: "77020",
    latitude: "29.7365",
    longitude: "-95.2878",
    startHour: 6,
    duration: 480,
    slots: 5,
    wage: "20.50",
    description_tasks: "Load export containers by pallet jack and check seals.",
    description_arrival: "Gate 2, show your ID to the guard.",
    phase: 2,
    every: 4,
  },
  {
    name: "Office Reception Cover – Deep Ellum",
    category: "Administrative",
    city: "Dallas",
    address_state: "TX",
    timezone: CT,
    venue: "Deep Ellum Offices",
    address: "2800 Commerce St",
    zip: "75226",
    latitude: "32.7831",
    longitude: "-96.7808",
    startHour: 8,
    duration: 480,
    slots: 1,
    wage: "21.00",
    description_tasks: "Cover the front desk: visitors, deliveries and the phone.",
    description_arrival: "Suite 200; the office manager meets you.",
    phase: 3,
    every: 6,
  },
];

/** The two at-risk postings: the next time it is this local hour, whether today or tomorrow. */
const AT_RISK: readonly { site: number; hour: number; name: string }[] = [
  { site: 2, hour: 15, name: "Swing Shift Stocker – South Gate Fulfillment" },
  { site: 4, hour: 7, name: "Breakfast Prep Cook – Wrigleyville Kitchen" },
];

/** Past weeks' fill rates (week 0 is the last seven days), 60–100 %. */
const WEEKLY_FILL = [0.85, 0.7, 1, 0.6, 0.9, 0.75, 1, 0.8, 0.65] as const;

export type HistoryJob = {
  state: "filled" | "in_progress" | "completed" | "approved" | "no_show";
  filledAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  approvedAt: Date | null;
  noShowAt: Date | null;
  rating: number | null;
};

export type HistoryPosting = {
  site: HistorySite;
  name: string;
  start: Date;
  end: Date;
  state: string;
  created: Date;
  /** The last change: the posting's updated_at. */
  updated: Date;
  jobs: HistoryJob[];
};

/** How many days of history, and of future: eight weeks back, two weeks ahead. */
export const HISTORY_DAYS_BACK = 56;
export const HISTORY_DAYS_AHEAD = 14;

const formatters = new Map<string, Intl.DateTimeFormat>();
/** The site's local date `days` from today, as YYYY-MM-DD. */
function localDay(now: Date, timeZone: string, days: number): string {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", { timeZone, dateStyle: "short" });
    formatters.set(timeZone, f);
  }
  const [y, m, d] = f.format(now).split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function at(now: Date, timeZone: string, days: number, hour: number): Date {
  return resolveStartTime(
    `${localDay(now, timeZone, days)} ${String(hour).padStart(2, "0")}:00`,
    timeZone,
  )!;
}

/** The jobs of one posting, by where its shift stands against `now`. */
function plan(
  now: Date,
  seq: number,
  site: HistorySite,
  name: string,
  start: Date,
  hired: number,
  noShows: number,
): HistoryPosting {
  const end = new Date(start.getTime() + site.duration * 60_000);
  // Posted a week ahead, and never within the last four days (so the demo's own postings
  // stay at the top of the lists sorted by their last change).
  const created = new Date(Math.min(start.getTime() - 7 * DAY, now.getTime() - 4 * DAY));
  const jobs: HistoryJob[] = [];
  for (let k = 0; k < hired + noShows; k++) {
    const filledAt = new Date(created.getTime() + (2 + k) * HOUR);
    const job: HistoryJob = {
      state: "filled",
      filledAt,
      startedAt: null,
      completedAt: null,
      approvedAt: null,
      noShowAt: null,
      rating: null,
    };
    if (k >= hired) {
      // Only a shift that has started can be missed.
      if (start.getTime() + HOUR > now.getTime()) continue;
      job.state = "no_show";
      job.noShowAt = new Date(start.getTime() + HOUR);
    } else if (start <= now) {
      job.startedAt = start;
      job.state = "in_progress";
      if (end <= now) {
        job.state = "completed";
        job.completedAt = end;
        // Approved the next day (mid-morning where the site is), if that is behind us by
        // then; the last two days' work is waiting for approval.
        const approvedAt = new Date(end.getTime() + (18 + ((seq + k) % 3) * 4) * HOUR);
        if (end.getTime() < now.getTime() - 2 * DAY && approvedAt < now) {
          job.state = "approved";
          job.approvedAt = approvedAt;
          job.rating = [5, 4, 5, 3, 4][(seq + k) % 5]!;
        }
      }
    }
    jobs.push(job);
  }
  const held: Record<string, number> = {};
  for (const j of jobs) held[j.state] = (held[j.state] ?? 0) + 1;
  let state = deriveRequestState("posted", site.slots, held);
  // A started shift nobody holds is unfilled (the server's sweep would say so too).
  if (state === "posted" && start <= now) state = "unfilled";
  let updated = created;
  for (const j of jobs) {
    for (const t of [j.filledAt, j.startedAt, j.completedAt, j.approvedAt, j.noShowAt]) {
      if (t && t > updated) updated = t;
    }
  }
  return { site, name, start, end, state, created, updated, jobs };
}

/** The recurring postings and their jobs, relative to `now`; see the file's comment. */
export function demoHistory(now: Date): HistoryPosting[] {
  const out: HistoryPosting[] = [];
  let seq = 0;
  for (let day = -HISTORY_DAYS_BACK; day <= HISTORY_DAYS_AHEAD; day++) {
    HISTORY_SITES.forEach((site) => {
      if ((((day - site.phase) % site.every) + site.every) % site.every !== 0) return;
      const start = at(now, site.timezone, day, site.startHour);
      let hired: number;
      let noShows = 0;
      if (start <= now) {
        const week = Math.min(WEEKLY_FILL.length - 1, Math.floor(-day / 7));
        const rate = WEEKLY_FILL[Math.max(0, week)]!;
        // A posting's own fill wobbles around its week's rate.
        const wobble = [0, -1, 1, 0, -1][seq % 5]!;
        hired = Math.max(1, Math.min(site.slots, Math.round(site.slots * rate) + wobble));
        noShows = seq % 4 === 1 && site.slots > 1 ? 1 : 0;
      } else {
        // Ahead: filled, nearly filled or just posted, in turn.
        const share = [1, 0.5, 1, 0, 0.75][seq % 5]!;
        hired = Math.round(site.slots * share);
      }
      out.push(plan(now, seq, site, site.name, start, hired, noShows));
      seq++;
    });
  }
  for (const r of AT_RISK) {
    const site = HISTORY_SITES[r.site]!;
    let start = at(now, site.timezone, 0, r.hour);
    if (start <= now) start = at(now, site.timezone, 1, r.hour);
    // Half the slots taken: open slots, starting within a day.
    out.push(plan(now, seq++, site, r.name, start, Math.floor(site.slots / 2), 0));
  }
  return out;
}
