import { describe, expect, it } from "vitest";
import { emptyValues } from "./post-job-model";
import {
  badgeIdsOfTemplate,
  badgesOfRequest,
  hoursOf,
  nextWeekStart,
  templateFieldsOf,
  valuesFromFields,
} from "./prefill";

const base = emptyValues(new Date("2026-11-28T12:00:00Z"), "America/Chicago");

describe("filling the post form from a posting or a template", () => {
  it("maps a job request's fields onto the form, keeping what it does not say", () => {
    const request = {
      request_name: "Loader",
      category: "General Labor",
      description: null,
      description_tasks: "Load trucks",
      slots: 4,
      duration: 450,
      timezone: "America/Los_Angeles",
      wage: 21.5,
      classification: "w2",
      w2_hourly_rate: "24.00",
      venue: null,
      address: "1 Main St",
      city: "Oakland",
      zip: "94607",
      latitude: 37.8,
      longitude: -122.27,
      notification_distance: 15,
      employer_id: 9,
      badge_requirements: [{ id: 1, badge_id: 5, badge_name: "Forklift" }],
    };
    const v = valuesFromFields(request, base, badgesOfRequest(request));
    expect(v).toEqual({
      ...base,
      request_name: "Loader",
      category: "General Labor",
      description: "Load trucks",
      slots: "4",
      duration_hours: "7.5",
      timezone: "America/Los_Angeles",
      wage: "21.5",
      classification: "w2",
      w2_hourly_rate: "24.00",
      address: "1 Main St",
      city: "Oakland",
      zip: "94607",
      latitude: "37.8",
      longitude: "-122.27",
      notification_distance: "15",
      employer_id: "9",
      badges: [{ id: "5", name: "Forklift" }],
    });
    expect(hoursOf(null)).toBe("");
  });

  it("round-trips the form through a template's fields", () => {
    const v = { ...base, request_name: "Night crew", slots: "2", wage: "$1,250.50" };
    const fields = templateFieldsOf({ ...v, badges: [{ id: "7", name: "OSHA" }] });
    expect(fields).not.toHaveProperty("state");
    expect(fields).not.toHaveProperty("start_time");
    expect(badgeIdsOfTemplate(fields)).toEqual([7]);
    const back = valuesFromFields(fields, base, [{ id: "7", name: "OSHA" }]);
    expect(back).toMatchObject({ request_name: "Night crew", slots: "2", wage: "1250.5" });
    expect(back.start_date).toBe(base.start_date);
  });

  it("starts a week later at the same local time, or leaves the date to pick", () => {
    const now = new Date("2026-11-28T12:00:00Z");
    // 9:00 in Los Angeles on Dec 1 (17:00 UTC): a week later is Dec 8, still 9:00.
    expect(nextWeekStart("2026-12-01T17:00:00Z", "America/Los_Angeles", now)).toEqual({
      start_date: "2026-12-08",
      start_clock: "09:00",
    });
    // Across the end of DST: 9:00 PDT on Oct 30 becomes 9:00 PST on Nov 6.
    expect(
      nextWeekStart("2026-10-30T16:00:00Z", "America/Los_Angeles", new Date("2026-10-01")),
    ).toEqual({ start_date: "2026-11-06", start_clock: "09:00" });
    // Long past: no date, the time kept.
    expect(nextWeekStart("2026-01-05T14:30:00Z", "America/New_York", now)).toEqual({
      start_date: "",
      start_clock: "09:30",
    });
    expect(nextWeekStart(null, "UTC", now)).toBeNull();
  });
});
