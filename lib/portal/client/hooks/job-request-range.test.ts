import { describe, expect, it } from "vitest";
import { MAX_PAGE_SIZE } from "@/lib/schemas/paging";
import { RANGE_PAGE_LIMIT, readJobRequestRange } from "./use-jobs";

const WINDOW = {
  start_after: "2027-03-01T00:00:00.000Z",
  start_before: "2027-03-08T00:00:00.000Z",
};
const posting = (id: number, start: string | null) => ({
  id,
  request_name: `Posting ${id}`,
  start_time: start,
  timezone: "America/New_York",
});

describe("the calendar's fetch", () => {
  it("on our API: the window and order go to the server; at most the page limit is read", async () => {
    const asked: string[] = [];
    const total = MAX_PAGE_SIZE * RANGE_PAGE_LIMIT + 7;
    const out = await readJobRequestRange(
      async (path) => {
        asked.push(path);
        const page = Number(new URLSearchParams(path.split("?")[1]).get("page"));
        const ids = Array.from({ length: MAX_PAGE_SIZE }, (_, i) => (page - 1) * MAX_PAGE_SIZE + i);
        return {
          data: { job_requests: ids.map((id) => posting(id, "2027-03-02T14:00:00Z")), total },
        };
      },
      { ...WINDOW, state: "unassigned,posted", byStart: true },
    );
    expect(asked).toHaveLength(RANGE_PAGE_LIMIT);
    expect(new URLSearchParams(asked[0]!.split("?")[1]).toString()).toBe(
      `page=1&per=${MAX_PAGE_SIZE}&start_after=2027-03-01T00%3A00%3A00.000Z&start_before=2027-03-08T00%3A00%3A00.000Z&sort=start_time&state=unassigned%2Cposted`,
    );
    expect([out.items.length, out.total, out.complete]).toEqual([
      MAX_PAGE_SIZE * RANGE_PAGE_LIMIT,
      total,
      false,
    ]);
  });

  it("on the real service: reads pages until the last (or the limit), keeps the window's, by start", async () => {
    const pages = [
      [posting(1, "2027-03-05T10:00:00Z"), posting(2, "2027-02-01T10:00:00Z"), posting(3, null)],
      [posting(4, "2027-03-01T00:00:00Z"), posting(5, "2027-03-08T00:00:00Z")],
    ];
    const asked: string[] = [];
    const out = await readJobRequestRange(
      async (path) => {
        asked.push(path);
        const page = Number(new URLSearchParams(path.split("?")[1]).get("page"));
        // No total, as the real service answers; a short page is the last.
        return {
          data: {
            job_requests:
              page === 1
                ? [
                    ...pages[0]!,
                    ...Array.from({ length: MAX_PAGE_SIZE - 3 }, (_, i) => posting(100 + i, null)),
                  ]
                : pages[1],
          },
        };
      },
      { ...WINDOW, byStart: false },
    );
    // No filter the real service lacks is sent.
    expect(asked.every((p) => !p.includes("start_") && !p.includes("sort"))).toBe(true);
    expect(asked).toHaveLength(2);
    // Lower bound inclusive, upper exclusive, as ours; earliest first.
    expect(out.items.map((r) => r.id)).toEqual([4, 1]);
    expect([out.total, out.complete]).toEqual([2, true]);

    // Always a full page: the walk stops at the limit and says it may have missed some.
    let reads = 0;
    const capped = await readJobRequestRange(
      async () => {
        reads++;
        return {
          data: {
            job_requests: Array.from({ length: MAX_PAGE_SIZE }, (_, i) =>
              posting(reads * 1000 + i, "2027-03-03T12:00:00Z"),
            ),
          },
        };
      },
      { ...WINDOW, byStart: false },
    );
    expect([reads, capped.items.length, capped.total, capped.complete]).toEqual([
      RANGE_PAGE_LIMIT,
      MAX_PAGE_SIZE * RANGE_PAGE_LIMIT,
      null,
      false,
    ]);
  });
});
