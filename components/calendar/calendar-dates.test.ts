import { describe, expect, it } from "vitest";
import {
  dayIn,
  daysOf,
  fetchWindow,
  isDay,
  rangeTitle,
  stepAnchor,
  timeIn,
  zoneName,
} from "./calendar-dates";
import { calendarQueryString, readCalendarState } from "./calendar-params";

describe("the calendar's days", () => {
  it("places a posting on the day it starts at its own site", () => {
    // 07:30 UTC on the 2nd is still the 1st in Los Angeles, already the 2nd in Berlin.
    const iso = "2027-03-02T07:30:00Z";
    expect(dayIn(iso, "America/Los_Angeles")).toBe("2027-03-01");
    expect(timeIn(iso, "America/Los_Angeles")).toBe("11:30 PM");
    expect(zoneName(iso, "America/Los_Angeles")).toBe("PST");
    expect(dayIn(iso, "Europe/Berlin")).toBe("2027-03-02");
    expect(timeIn(iso, "Europe/Berlin")).toBe("8:30 AM");
    // Daylight saving: the same wall time, another offset.
    expect(zoneName("2027-07-01T15:00:00Z", "America/New_York")).toBe("EDT");
    // A zone the browser does not know reads in the viewer's zone instead of throwing.
    expect(dayIn(iso, "Mars/Olympus_Mons")).toMatch(/^2027-03-0[12]$/);
  });

  it("shows Sunday-first weeks and whole weeks around a month", () => {
    expect(daysOf("week", "2027-03-03")).toEqual([
      "2027-02-28",
      "2027-03-01",
      "2027-03-02",
      "2027-03-03",
      "2027-03-04",
      "2027-03-05",
      "2027-03-06",
    ]);
    const month = daysOf("month", "2027-03-17");
    expect([month[0], month.at(-1), month.length]).toEqual(["2027-02-28", "2027-04-03", 35]);
    // February 2026 starts on a Sunday and holds exactly four weeks.
    expect(daysOf("month", "2026-02-10").length).toBe(28);
    expect(stepAnchor("month", "2027-01-31", 1)).toBe("2027-02-01");
    expect(stepAnchor("week", "2027-03-03", -1)).toBe("2027-02-24");
    expect(rangeTitle("week", "2027-03-03", daysOf("week", "2027-03-03"))).toBe(
      "Feb 28\u2009–\u2009Mar 6, 2027",
    );
    expect(rangeTitle("month", "2027-03-03", month)).toBe("March 2027");
  });

  it("asks for every instant that is on a shown day in some zone (UTC−12 to UTC+14)", () => {
    expect(fetchWindow(daysOf("week", "2027-03-03"))).toEqual({
      start_after: "2027-02-27T10:00:00.000Z",
      start_before: "2027-03-07T12:00:00.000Z",
    });
  });

  it("reads its state from the address bar leniently and writes it back short", () => {
    const read = (q: string) => readCalendarState(new URLSearchParams(q));
    expect(read("view=month&date=2027-02-30&state=open&mine=1")).toEqual({
      view: "month",
      date: null,
      state: "open",
      category: "",
      mine: true,
    });
    expect(isDay("2027-02-28")).toBe(true);
    expect(calendarQueryString(read("view=week&date=2027-03-01&state=nope"))).toBe(
      "?date=2027-03-01",
    );
  });
});
