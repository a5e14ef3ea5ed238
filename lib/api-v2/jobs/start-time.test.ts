import { describe, expect, it } from "vitest";
import { inStorableYears, resolveStartTime } from "./start-time";

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
  it.each([
    ["0001-01-01 00:00", "UTC", "0001-01-01T00:00:00.000Z"],
    ["0099-06-01 12:00", "UTC", "0099-06-01T12:00:00.000Z"],
    // Local mean time before the zone's standard time: -7:52:58 in Los Angeles.
    ["0001-01-01 00:00", "America/Los_Angeles", "0001-01-01T07:52:58.000Z"],
  ])("reads the early year %s in %s as written (not 19xx)", (text, tz, iso) => {
    expect(resolveStartTime(text, tz)?.toISOString()).toBe(iso);
  });
  it.each([
    ["0000-01-01T00:00:00Z", "UTC"],
    ["9999-12-31T23:59:59.999-14:00", "UTC"],
    ["9999-12-31 23:59", "America/Los_Angeles"],
    ["0001-01-01 00:00", "Asia/Tokyo"],
  ])("resolves %s in %s outside the years the database stores", (text, tz) => {
    const d = resolveStartTime(text, tz);
    expect(d).not.toBeNull();
    expect(inStorableYears(d!)).toBe(false);
  });
});
