import { FILLED_JOB_STATES, HOME_LIMITS, homeQuerySchema, homeSchema } from "@/lib/schemas/home";
import { ADDITION_NOTE, AUTH_ERRORS, type Endpoint, queryObject } from "../shared";

const HomeOut = homeSchema.meta({
  id: "Home",
  description: "Every section of the portal's home page, computed in the database.",
});

const FILLED = FILLED_JOB_STATES.join(", ");

/** The home page's one call (ours). Definitions: docs/home.md. */
export const HOME_ENDPOINTS: Endpoint[] = [
  {
    method: "get",
    path: "/api_v2/home",
    operationId: "getHome",
    tag: "Jobs",
    summary: "The home page: today, at risk, awaiting approval, this week, charts",
    description: [
      `What needs the company today, in one call. Weeks begin Monday 00:00 and days at midnight in \`time_zone\` (IANA, default UTC). Lists hold at most ${HOME_LIMITS.list} rows, with their total:`,
      "`upcoming`: postings (not draft or cancelled) starting from local midnight today to the end of the 7th day after, by start, with slots and filled jobs and the site's `timezone`;",
      "`at_risk`: postings starting within 24 hours with open slots;",
      "`awaiting_approval`: completed jobs, oldest completion first, with the worker's name.",
      `Filled means a job in ${FILLED}. \`this_week\`/\`last_week\`: estimated spend (each filled job × the posting's wage, else its W2 hourly rate × its duration in hours) and hours, by the week the shift starts. Charts: \`fill_rate\` (posted vs filled slots, the last ${HOME_LIMITS.weeks} weeks, this one last), \`no_shows\` (no_show jobs of the jobs that were filled or no-shows, same weeks), \`hours_by_category\` (this week and the ${HOME_LIMITS.categoryWeeks} weeks before; at most 20 categories).`,
      "`unread_messages` is null for a caller without messages.read (public-pool keys). `invitations`: workers and teammates who have not set a password, whose newest link is still valid (`invited`) or not (`expired`).",
      "`view=mine`: only postings whose requestor (employer_id) is the signed-in person; a key pair's token has no person and always gets `company`. Invitations and unread messages are the company's in both views.",
      `Needs job_requests.read.${ADDITION_NOTE}`,
    ].join(" "),
    auth: true,
    addition: true,
    request: { query: queryObject(homeQuerySchema) },
    queryNotes: {
      view: { description: "company (default) or mine.", addition: true },
      time_zone: {
        description: "IANA time zone where days and weeks begin (default UTC).",
        addition: true,
      },
    },
    success: { status: 200, description: "The home page's sections.", schema: HomeOut },
    errors: ["malformed_request", ...AUTH_ERRORS],
  },
];
