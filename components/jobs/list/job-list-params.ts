import type { JobRequestListParams } from "@/lib/portal/client/hooks/query-keys";

/**
 * The job request list's state chips: each is a set of the API's states (GET /job_requests
 * takes a comma list), in the order an employer follows a posting through.
 */
export const STATE_CHIPS = [
  { value: "", label: "All", states: "" },
  { value: "open", label: "Open", states: "unassigned,posted" },
  { value: "filled", label: "Filled", states: "filled" },
  { value: "in_progress", label: "In progress", states: "in_progress" },
  { value: "done", label: "Done", states: "completed,approved" },
  { value: "draft", label: "Drafts", states: "draft" },
  { value: "closed", label: "Cancelled & unfilled", states: "cancelled,unfilled" },
] as const;

export type StateChip = (typeof STATE_CHIPS)[number]["value"];

export const JOB_PER_OPTIONS = [10, 25, 50] as const;
const DEFAULT_PER = 25;

/** What the list shows, as read from the address bar: the URL is the only source of truth. */
export type JobListState = {
  state: StateChip;
  category: string;
  classification: "" | "1099" | "w2";
  zip: string;
  /** Only the signed-in person's own requests ("Mine": a person's session only). */
  mine: boolean;
  page: number;
  per: number;
};

type Readable = { get(name: string): string | null };

/** Lenient on purpose: a hand-edited or stale link falls back to defaults instead of failing. */
export function readJobListState(sp: Readable): JobListState {
  const page = Number(sp.get("page"));
  const per = Number(sp.get("per"));
  const state = sp.get("state") ?? "";
  const classification = sp.get("classification");
  const zip = (sp.get("zip") ?? "").trim();
  return {
    state: (STATE_CHIPS.find((c) => c.value === state)?.value ?? "") as StateChip,
    category: (sp.get("category") ?? "").slice(0, 255),
    classification: classification === "1099" || classification === "w2" ? classification : "",
    zip: /^[A-Za-z0-9 -]{1,20}$/.test(zip) ? zip : "",
    mine: sp.get("mine") === "1",
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
    per: (JOB_PER_OPTIONS as readonly number[]).includes(per) ? per : DEFAULT_PER,
  };
}

/** The query string for a state, leaving out defaults so shared links stay short. */
export function jobListQueryString(s: JobListState): string {
  const q = new URLSearchParams();
  if (s.state) q.set("state", s.state);
  if (s.category) q.set("category", s.category);
  if (s.classification) q.set("classification", s.classification);
  if (s.zip) q.set("zip", s.zip);
  if (s.mine) q.set("mine", "1");
  if (s.per !== DEFAULT_PER) q.set("per", String(s.per));
  if (s.page > 1) q.set("page", String(s.page));
  const str = q.toString();
  return str ? `?${str}` : "";
}

export function hasJobFilters(s: JobListState): boolean {
  return Boolean(s.state || s.category || s.classification || s.zip || s.mine);
}

/**
 * The API's parameters for a state (a chip stands for a comma list of states). "Mine" is the
 * person's `employer_id`; without a person (a key pair's session) it asks for nothing more.
 */
export function toJobApiParams(s: JobListState, me: number | null = null): JobRequestListParams {
  const states = STATE_CHIPS.find((c) => c.value === s.state)?.states ?? "";
  return {
    page: s.page,
    per: s.per,
    ...(states && { state: states }),
    ...(s.category && { category: s.category }),
    ...(s.classification && { classification: s.classification }),
    ...(s.zip && { zip: s.zip }),
    ...(s.mine && me !== null && { employer_id: me }),
  };
}
