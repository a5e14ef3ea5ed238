import { describe, expect, it } from "vitest";
import { ApiClientError } from "@/lib/portal/client/fetcher";
import { dayStart, PartialSeriesError, postSeries } from "./use-series";

const RULES = { repeat_type: "daily" as const, repeat_number: 3, same_workers: true };
const BODY = { request_name: "Festival set-up", start_time: "2026-12-30 09:00", state: "posted" };

describe("posting a series", () => {
  it("is one call on our API (the answer lists the days)", async () => {
    const sent: string[] = [];
    const out = await postSeries(
      async (path) => {
        sent.push(path);
        return { data: { multi_day_job_request: { id: 7, job_request_ids: [11, 12, 13] } } };
      },
      RULES,
      BODY,
    );
    expect(out).toEqual({ seriesId: 7, firstId: 11 });
    expect(sent).toEqual(["multi_day_job_requests"]);
  });

  it("on the real service: the umbrella, then each day at the same clock time, in turn", async () => {
    const days: unknown[] = [];
    const out = await postSeries(
      async (path, init) => {
        if (path === "multi_day_job_requests")
          return { data: { multi_day_job_request: { id: 7 } } };
        const jr = (init.json as { job_request: Record<string, unknown> }).job_request;
        days.push([jr.start_time, jr.multi_day_job_request_id, jr.multi_day]);
        return { data: { job_request: { id: 20 + days.length } } };
      },
      RULES,
      BODY,
    );
    expect(out).toEqual({ seriesId: 7, firstId: 21 });
    expect(days).toEqual([
      ["2026-12-30 09:00", 7, true],
      ["2026-12-31 09:00", 7, true],
      ["2027-01-01 09:00", 7, true],
    ]);
    expect(dayStart("2026-12-28 09:00", 7, 1)).toBe("2027-01-04 09:00");
  });

  it("stops at a refused day and says plainly what was posted", async () => {
    let n = 0;
    const attempt = postSeries(
      async (path) => {
        if (path === "multi_day_job_requests") return { data: { id: 7 } };
        n += 1;
        if (n === 2) throw new ApiClientError(422, "validation_failed", "Start time is not valid");
        return { data: { id: 30 + n } };
      },
      RULES,
      BODY,
    );
    await expect(attempt).rejects.toBeInstanceOf(PartialSeriesError);
    await expect(attempt).rejects.toMatchObject({
      message:
        "Posted 1 of 3 days; day 2 was refused (Start time is not valid), so the days after it were not posted.",
      postedIds: [31],
      seriesId: 7,
    });
    expect(n).toBe(2);
  });
});
