import { describe, expect, it } from "vitest";
import { MAX_PAGE_SIZE } from "@/lib/schemas/paging";
import { localMidnight, readHomeFromLists } from "./home-from-lists";
import { RANGE_PAGE_LIMIT } from "./hooks/use-jobs";

/** Wednesday 2027-03-03 15:00 UTC = 10:00 in New York (EST). */
const NOW = Date.parse("2027-03-03T15:00:00.000Z");
const H = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

const posting = (id: number, start: number | null, extra: Record<string, unknown> = {}) => ({
  id,
  request_name: `Posting ${id}`,
  state: "posted",
  slots: 2,
  start_time: start === null ? null : iso(start),
  timezone: "America/New_York",
  cached_job_states: { filled: 1, cancelled: 3 },
  ...extra,
});

/** A fake real service: lists without totals, 50 a page, `hasMore` by a full page. */
function upstream(postings: unknown[], jobs: unknown[]) {
  const asked: string[] = [];
  const get = async (path: string) => {
    asked.push(path);
    const q = new URLSearchParams(path.split("?")[1]);
    const page = Number(q.get("page"));
    const rows = path.startsWith("jobs") ? jobs : postings;
    const slice = rows.slice((page - 1) * MAX_PAGE_SIZE, page * MAX_PAGE_SIZE);
    return { data: path.startsWith("jobs") ? { jobs: slice } : { job_requests: slice } };
  };
  return { asked, get };
}

describe("the home page from the real service's lists", () => {
  it("begins today at local midnight, across a change of offset too", () => {
    expect(iso(localMidnight(NOW, "America/New_York"))).toBe("2027-03-03T05:00:00.000Z");
    // 20:30 in Kolkata (UTC+05:30): its day began at 18:30 UTC the day before.
    expect(iso(localMidnight(NOW, "Asia/Kolkata"))).toBe("2027-03-02T18:30:00.000Z");
    // New York moves to EDT on Sunday 2027-03-14: the eighth day begins at 04:00 UTC.
    expect(iso(localMidnight(Date.parse("2027-03-10T15:00:00Z"), "America/New_York", 8))).toBe(
      "2027-03-18T04:00:00.000Z",
    );
  });

  it("keeps the coming week's postings, the ones at risk, and the completed jobs, in a few calls", async () => {
    const { asked, get } = upstream(
      [
        posting(1, NOW + 2 * H), // at risk: 1 of 2 filled, starts in 2 hours
        posting(2, NOW + 3 * H, { cached_job_states: { filled: 1, approved: 1 } }), // full
        posting(3, NOW + 30 * H), // upcoming, not within 24 h
        posting(4, NOW + 4 * H, { state: "draft" }), // never counted
        posting(5, NOW + 5 * H, { state: "cancelled" }),
        posting(6, NOW - 6 * H), // earlier today: upcoming, not at risk
        posting(7, NOW - 30 * H), // yesterday: outside
        posting(8, NOW + 9 * 24 * H), // outside the 8 days
        posting(9, null),
      ],
      [
        {
          id: 70,
          state: "completed",
          job_request_id: 6,
          worker: { id: 5, first_name: "Ava", last_name: "Lee" },
          completed_at: iso(NOW - H),
        },
        {
          id: 71,
          state: "completed",
          job_request_id: 7,
          worker: { id: 6, first_name: "Ben", last_name: "Ode" },
          completed_at: null,
        },
        // An upstream that ignores the filter answers other jobs too.
        { id: 72, state: "approved", job_request_id: 7, worker: { id: 7 }, completed_at: null },
      ],
    );
    const home = await readHomeFromLists(get, "America/New_York", NOW);

    expect(asked).toEqual([
      `job_requests?page=1&per=${MAX_PAGE_SIZE}`,
      `jobs?state=completed&per=${MAX_PAGE_SIZE}&page=1`,
    ]);
    expect(home.upcoming.job_requests.map((r) => r.id).sort()).toEqual([1, 2, 3, 6]);
    expect(home.upcoming).toMatchObject({ total: 4, complete: true });
    expect(home.upcoming.job_requests.find((r) => r.id === 2)).toMatchObject({
      filled: 2,
      slots: 2,
      name: "Posting 2",
    });
    expect(home.at_risk.job_requests.map((r) => r.id)).toEqual([1]);
    expect(home.awaiting_approval).toMatchObject({ total: 2, complete: true });
    expect(home.awaiting_approval.jobs).toEqual([
      {
        id: 70,
        job_request_id: 6,
        job_request_name: "Posting 6",
        user_id: 5,
        worker_name: "Ava Lee",
        start_time: iso(NOW - 6 * H),
        timezone: "America/New_York",
        completed_at: iso(NOW - H),
      },
      // Its posting was not among those read: named by its id, no start.
      expect.objectContaining({ id: 71, job_request_name: "Posting 7", start_time: null }),
    ]);
  });

  it("says a count is a lower bound when it stopped at the page limit, and reads no further", async () => {
    const many = Array.from({ length: MAX_PAGE_SIZE * (RANGE_PAGE_LIMIT + 1) }, (_, i) =>
      posting(i + 1, NOW + (i % 20) * H),
    );
    const jobs = Array.from({ length: MAX_PAGE_SIZE }, (_, i) => ({
      id: 1000 + i,
      state: "completed",
      job_request_id: 1,
      worker: { id: i },
      completed_at: null,
    }));
    const { asked, get } = upstream(many, jobs);
    const home = await readHomeFromLists(get, "America/New_York", NOW);
    expect(asked).toHaveLength(RANGE_PAGE_LIMIT + 1);
    expect(home.upcoming.complete).toBe(false);
    expect(home.upcoming.total).toBe(MAX_PAGE_SIZE * RANGE_PAGE_LIMIT);
    expect(home.upcoming.job_requests).toHaveLength(50);
    expect(home.at_risk.complete).toBe(false);
    expect(home.awaiting_approval).toMatchObject({ total: MAX_PAGE_SIZE, complete: false });
  });
});
