import { z } from "zod";
import { withoutBlank } from "./common";
import { HOME_VIEWS } from "./home-limits";

// The bounds and states, in a module of their own without zod: the browser's home pages import
// them, and zod would add 31.6 kB (gzip) to the page's first load.
export { FILLED_JOB_STATES, HOME_LIMITS, HOME_VIEWS, type HomeView } from "./home-limits";

const ianaTimeZone = z
  .string()
  .trim()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, "must be an IANA time zone such as America/Chicago");

export const homeQuerySchema = z.preprocess(
  withoutBlank,
  z.object({
    /** `mine`: postings whose requestor is the signed-in person; a key pair always sees `company`. */
    view: z.enum(HOME_VIEWS, { error: "must be company or mine" }).default("company"),
    /** Where weeks and days begin (Monday 00:00 there). Default UTC. */
    time_zone: ianaTimeZone.default("UTC"),
  }),
);
export type HomeQuery = z.output<typeof homeQuerySchema>;

const shift = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.string(),
  category: z.string().nullable(),
  start_time: z.string(),
  duration: z.number().int().nullable(),
  timezone: z.string(),
  venue: z.string().nullable(),
  city: z.string().nullable(),
  slots: z.number().int(),
  filled: z.number().int(),
});

const awaiting = z.object({
  id: z.number().int(),
  job_request_id: z.number().int(),
  job_request_name: z.string(),
  user_id: z.number().int(),
  worker_name: z.string(),
  start_time: z.string().nullable(),
  timezone: z.string(),
  completed_at: z.string().nullable(),
});

const weekTotals = z.object({
  week_start: z.string(),
  spend: z.string(),
  hours: z.number(),
  filled_slots: z.number().int(),
});

export const homeSchema = z.object({
  home: z.object({
    view: z.enum(HOME_VIEWS),
    time_zone: z.string(),
    generated_at: z.string(),
    today_start: z.string(),
    upcoming: z.object({ total: z.number().int(), job_requests: z.array(shift) }),
    at_risk: z.object({ total: z.number().int(), job_requests: z.array(shift) }),
    awaiting_approval: z.object({ total: z.number().int(), jobs: z.array(awaiting) }),
    unread_messages: z.number().int().nullable(),
    invitations: z.object({
      workers: z.object({ invited: z.number().int(), expired: z.number().int() }),
      teammates: z.object({ invited: z.number().int(), expired: z.number().int() }),
    }),
    this_week: weekTotals,
    last_week: weekTotals,
    charts: z.object({
      fill_rate: z.array(
        z.object({
          week_start: z.string(),
          posted_slots: z.number().int(),
          filled_slots: z.number().int(),
        }),
      ),
      hours_by_category: z.array(
        z.object({
          category: z.string(),
          this_week: z.number(),
          previous_weeks: z.number(),
        }),
      ),
      no_shows: z.array(
        z.object({
          week_start: z.string(),
          jobs: z.number().int(),
          no_shows: z.number().int(),
        }),
      ),
    }),
  }),
});
export type Home = z.output<typeof homeSchema>["home"];
export type HomeShift = Home["upcoming"]["job_requests"][number];
export type HomeAwaiting = Home["awaiting_approval"]["jobs"][number];
