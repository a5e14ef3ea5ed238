/**
 * The job request the "Pages" benchmark measures (e2e/bench/pages.ts): the demo's showcase
 * posting, found through the API where the demo is seeded, or posted now from its data.
 */
import { demoJobRequests } from "@/lib/api-v2/demo/demo-data";

/** The demo's showcase posting (lib/api-v2/demo/demo-data.ts): the job request page measured. */
const SHOWCASE_NAME = "Warehouse Associate – Oakland DC";

function showcase() {
  const r = demoJobRequests().find((x) => x.name === SHOWCASE_NAME);
  if (!r) throw new Error(`the demo has no job request named ${SHOWCASE_NAME}`);
  return r;
}

/** `YYYY-MM-DD` of the day `days` after `now` in `timeZone`. */
function localDate(now: Date, timeZone: string, days: number): string {
  const at = new Date(now.getTime() + days * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
}

/**
 * The id of the demo's showcase job request: found by name through the API where the demo is
 * seeded; the benchmark's own company has no postings, so there it is posted now through the
 * API from the demo's data (its required badges, which the bench's badges include, found by
 * name), as an employer would post it.
 */
export async function showcaseJobRequest(base: string, token: string): Promise<number> {
  const call = async (method: string, apiPath: string, body?: unknown) => {
    const res = await fetch(`${base}/api_v2/${apiPath}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined && { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} /api_v2/${apiPath}: ${res.status} ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const r = showcase();
  for (let page = 1; page <= 20; page++) {
    const list = (await call("GET", `job_requests?state=${r.state}&per=50&page=${page}`))
      .job_requests as { id: number; request_name: string | null }[];
    const found = list.find((x) => x.request_name === r.name);
    if (found) return found.id;
    if (list.length < 50) break;
  }
  const badgeIds: number[] = [];
  for (const name of r.badges) {
    const { badges } = (await call("GET", `badges?query=${encodeURIComponent(name)}&per=50`)) as {
      badges: { id: number; name: string }[];
    };
    const badge = badges.find((b) => b.name === name);
    if (!badge) throw new Error(`showcase job request: no badge named ${name}`);
    badgeIds.push(badge.id);
  }
  const { job_request } = (await call("POST", "job_requests", {
    job_request: {
      state: r.state,
      request_name: r.name,
      category: r.category,
      description_tasks: r.description_tasks,
      description_arrival: r.description_arrival,
      slots: r.slots,
      start_time: `${localDate(new Date(), r.timezone, Math.max(1, r.startDay))} ${String(r.startHour).padStart(2, "0")}:00`,
      duration: r.duration,
      timezone: r.timezone,
      wage: Number(r.wage),
      classification: r.classification,
      venue: r.venue,
      address: r.address,
      city: r.city,
      address_state: r.address_state,
      zip: r.zip,
      latitude: Number(r.latitude),
      longitude: Number(r.longitude),
      badge_requirements_attributes: badgeIds.map((badge_id) => ({ badge_id })),
    },
  })) as { job_request: { id: number } };
  return job_request.id;
}
