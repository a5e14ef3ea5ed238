import { describe, expect, it } from "vitest";
import { resolveStartTime } from "./start-time";

describe("resolveStartTime", () => {
  it.each([
    ["2026-12-01 09:30", "America/Los_Angeles", "2026-12-01T17:30:00.000Z"],
    ["2026-07-01 09:30", "America/Los_Angeles", "2026-07-01T16:30:00.000Z"],
    ["2026-12-01T09:30", "UTC", "2026-12-01T09:30:00.000Z"],
    ["2026-12-01 09:30", "America/New_York", "2026-12-01T14:30:00.000Z"],
    ["2026-12-01T09:30:00-05:00", "America/Los_Angeles", "2026-12-01T14:30:00.000Z"],
    ["2026-12-01T09:30:00Z", "Asia/Tokyo", "2026-12-01T09:30:00.000Z"],
  ])("%s in %s", (text, tz, iso) => {
    expect(resolveStartTime(text, tz)?.toISOString()).toBe(iso);
  });
  it("refuses an impossible date", () => {
    expect(resolveStartTime("2026-02-30 09:30", "UTC")).toBeNull();
  });
});
