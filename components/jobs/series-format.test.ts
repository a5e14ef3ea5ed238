import { describe, expect, it } from "vitest";
import { ApiClientError } from "@/lib/portal/client/fetcher";
import type { JobRequest, SeriesDay } from "@/lib/portal/job-types";
import { refusalMessage } from "./candidates/hiring";
import {
  cancellableFrom,
  groupSeries,
  remainingDays,
  seriesFill,
  seriesRange,
} from "./series-format";

const day = (id: number, start: string, state = "posted", filled = 0): SeriesDay => ({
  id,
  start_time: start,
  timezone: "America/Los_Angeles",
  state,
  slots: 2,
  filled,
});
const NOW = Date.parse("2026-12-01T00:00:00Z");
const DAYS = [
  day(1, "2026-11-30T17:00:00.000+00:00", "in_progress", 2),
  day(2, "2026-12-07T17:00:00.000+00:00", "posted", 1),
  day(3, "2026-12-08T17:00:00.000+00:00", "cancelled"),
  day(4, "2026-12-09T17:00:00.000+00:00", "filled", 2),
];

describe("a series in the portal", () => {
  it("groups a page's days of one series into one entry, where its first day shows", () => {
    const r = (id: number, sid: number | null) =>
      ({ id, multi_day_job_request_id: sid }) as JobRequest;
    const entries = groupSeries([r(1, null), r(2, 9), r(3, null), r(4, 9)]);
    expect(
      entries.map((e) =>
        e.kind === "single" ? e.request.id : `s${e.seriesId}:${e.requests.length}`,
      ),
    ).toEqual([1, "s9:2", 3]);
  });

  it("names the range and the fill of the live days", () => {
    expect(seriesRange(DAYS)).toBe("Mon Nov 30 – Wed Dec 9 · 9:00 AM PST");
    expect(seriesFill(DAYS)).toEqual({ filled: 5, slots: 6 });
  });

  it("cancels from a day on, skipping days over or begun; a same-workers hire covers the rest", () => {
    expect(cancellableFrom(DAYS, 2, NOW).map((d) => d.id)).toEqual([2, 4]);
    expect(cancellableFrom(DAYS, 1, NOW).map((d) => d.id)).toEqual([2, 4]);
    expect(remainingDays(DAYS, 4, NOW).map((d) => d.id)).toEqual([2, 4]);
  });

  it("says which day refused a same-workers hire, in the service's words", () => {
    const err = new ApiClientError(422, "validation_failed", "Job request is invalid", {
      job_request_id: [
        "Day 3 (Fri Dec 4) is full (2 of 2 filled); the series takes the same workers every day, so nobody was hired",
      ],
    });
    expect(refusalMessage("Ana Ruiz", err)).toBe(
      "Ana Ruiz could not be hired: Day 3 (Fri Dec 4) is full (2 of 2 filled); the series takes the same workers every day, so nobody was hired.",
    );
  });
});
