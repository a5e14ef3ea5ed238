import { describe, expect, it } from "vitest";
import { seriesDates, seriesPreview, shortDate } from "./series-model";

describe("the series preview", () => {
  it("lists each day at the same local time, with the zone of the first day", () => {
    expect(
      seriesPreview(
        { type: "daily", count: 3, sameWorkers: true },
        "2026-12-07",
        "09:00",
        "America/Los_Angeles",
      ),
    ).toBe("3 postings: Mon Dec 7, Tue Dec 8, Wed Dec 9 · 9:00 AM PST");
  });

  it("steps a week for weekly, across months, and shortens a long series", () => {
    expect(seriesDates("2026-12-28", "weekly", 3)).toEqual([
      "2026-12-28",
      "2027-01-04",
      "2027-01-11",
    ]);
    expect(
      seriesPreview({ type: "daily", count: 10, sameWorkers: false }, "2026-12-07", "14:30", "UTC"),
    ).toBe("10 postings: Mon Dec 7, Tue Dec 8, Wed Dec 9, … Wed Dec 16 · 2:30 PM UTC");
    expect(shortDate("2027-01-04")).toBe("Mon Jan 4");
  });

  it("shows nothing without a repeat, a date and a time, or with a count out of bounds", () => {
    const daily = { type: "daily" as const, count: 3, sameWorkers: false };
    expect(seriesPreview({ ...daily, type: "none" }, "2026-12-07", "09:00", "UTC")).toBeNull();
    expect(seriesPreview(daily, "", "09:00", "UTC")).toBeNull();
    expect(seriesPreview(daily, "2026-12-07", "", "UTC")).toBeNull();
    expect(seriesPreview({ ...daily, count: 1 }, "2026-12-07", "09:00", "UTC")).toBeNull();
    expect(seriesPreview({ ...daily, count: 32 }, "2026-12-07", "09:00", "UTC")).toBeNull();
  });
});
