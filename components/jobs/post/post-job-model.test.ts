import type { FieldErrors, ResolverOptions } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { ApiClientError } from "@/lib/portal/client/fetcher";
import { jobRequestBodySchema, REQUIRED_TO_POST } from "@/lib/schemas/job";
import {
  describeStart,
  emptyValues,
  formOwnErrors,
  type PostJobFormValues,
  REQUIRED_TO_POST_FIELDS,
  timeZoneOptions,
  tomorrow,
  toRequestBody,
  withFormFieldNames,
} from "./post-job-model";
import { postJobFormResolver } from "./post-job-validation";

const NOW = new Date(2026, 0, 6, 15, 30); // Tuesday 6 January 2026, 15:30 where the test runs.

const filled = (patch: Partial<PostJobFormValues> = {}): PostJobFormValues => ({
  ...emptyValues(NOW, "America/Los_Angeles"),
  request_name: "  Loaders at Pier 70 ",
  category: "Warehouse",
  description: "Load trucks.",
  venue: "Pier 70",
  address: "420 Illinois St",
  city: "San Francisco",
  address_state: "CA",
  zip: "94158",
  latitude: "37.7609",
  longitude: "-122.3877",
  slots: "3",
  wage: "24.50",
  notification_distance: "25",
  duration_hours: "7.5",
  badges: [
    { id: "4", name: "Forklift" },
    { id: "9", name: "First aid" },
  ],
  ...patch,
});

const resolverOptions: ResolverOptions<PostJobFormValues> = {
  fields: {},
  names: [],
  shouldUseNativeValidation: false,
};
const errorsOf = async (values: PostJobFormValues) => {
  const result = await postJobFormResolver(values, undefined, resolverOptions);
  const errors = result.errors as FieldErrors<PostJobFormValues>;
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v?.message]));
};

describe("the post-a-job form's defaults", () => {
  it("start tomorrow at 08:00 in the given time zone, for one worker", () => {
    const v = emptyValues(NOW, "America/Chicago");
    expect(v).toMatchObject({
      state: "posted",
      start_date: "2026-01-07",
      start_clock: "08:00",
      timezone: "America/Chicago",
      slots: "1",
      classification: "1099",
      badges: [],
    });
    expect(tomorrow(new Date(2026, 11, 31, 23, 0))).toBe("2027-01-01");
  });

  it("offers the US zones and the browser's own when it is not one of them", () => {
    const options = timeZoneOptions("Europe/Berlin");
    expect(options[0]).toEqual({ value: "Europe/Berlin", label: "Europe/Berlin — your time zone" });
    expect(options.map((o) => o.value)).toContain("America/Los_Angeles");
    expect(timeZoneOptions("America/Denver").find((o) => o.value === "America/Denver")?.label).toBe(
      "Mountain Time (Denver) — your time zone",
    );
  });

  it("says when the job starts, in the site's zone", () => {
    expect(describeStart("2026-01-07", "08:00", "America/Los_Angeles")).toBe(
      "Wednesday, January 7 at 8:00 AM PST",
    );
    expect(describeStart("2026-07-07", "17:30", "America/New_York")).toBe(
      "Tuesday, July 7 at 5:30 PM EDT",
    );
    expect(describeStart("2026-07-07", "", "America/New_York")).toBeNull();
  });
});

describe("toRequestBody", () => {
  it("joins the start, converts hours to minutes and sends numbers, badges and the zone", () => {
    expect(toRequestBody(filled())).toEqual({
      state: "posted",
      request_name: "Loaders at Pier 70",
      category: "Warehouse",
      description: "Load trucks.",
      venue: "Pier 70",
      address: "420 Illinois St",
      city: "San Francisco",
      address_state: "CA",
      zip: "94158",
      start_time: "2026-01-07 08:00",
      timezone: "America/Los_Angeles",
      duration: 450,
      latitude: 37.7609,
      longitude: -122.3877,
      slots: 3,
      wage: 24.5,
      classification: "1099",
      notification_distance: 25,
      badge_requirements_attributes: [{ badge_id: 4 }, { badge_id: 9 }],
    });
  });

  it("leaves blank inputs out, so a draft can be just a name", () => {
    const body = toRequestBody({
      ...emptyValues(NOW, "America/New_York"),
      state: "draft",
      request_name: "Gala night",
      start_date: "",
      start_clock: "",
      duration_hours: "",
      slots: "",
    });
    expect(body).toEqual({
      state: "draft",
      request_name: "Gala night",
      timezone: "America/New_York",
      classification: "1099",
    });
    expect(jobRequestBodySchema.safeParse(body).success).toBe(true);
  });

  it("sends the W-2 rate only with the W-2 classification", () => {
    expect(toRequestBody(filled({ w2_hourly_rate: "22" }))).not.toHaveProperty("w2_hourly_rate");
    expect(toRequestBody(filled({ classification: "w2", w2_hourly_rate: "22" }))).toMatchObject({
      classification: "w2",
      w2_hourly_rate: 22,
    });
  });

  it("produces a body the API's own schema accepts as it is", () => {
    const parsed = jobRequestBodySchema.parse(toRequestBody(filled()));
    expect(parsed).toMatchObject({ slots: 3, duration: 450, latitude: "37.7609" });
  });
});

describe("the form's validation (the API's schema)", () => {
  it("marks the same fields as required to post as the API", () => {
    expect([...REQUIRED_TO_POST_FIELDS]).toEqual([...REQUIRED_TO_POST]);
  });

  it("accepts a complete posting and a draft with only a name", async () => {
    expect(await errorsOf(filled())).toEqual({});
    expect(
      await errorsOf({ ...emptyValues(NOW, "UTC"), state: "draft", request_name: "Later" }),
    ).toEqual({});
  });

  it("asks for what posting needs, and for a draft's name", async () => {
    expect(await errorsOf(emptyValues(NOW, "UTC"))).toEqual({
      request_name: "can't be blank",
      category: "can't be blank",
      address: "can't be blank",
      city: "can't be blank",
      zip: "can't be blank",
      description: "can't be blank",
    });
    expect(await errorsOf({ ...emptyValues(NOW, "UTC"), state: "draft" })).toEqual({
      request_name: "can't be blank",
    });
  });

  it("reports malformed values and missing ones together, on the inputs they concern", async () => {
    expect(
      await errorsOf(
        filled({
          address: "",
          slots: "0",
          wage: "12.345",
          latitude: "91",
          longitude: "",
          classification: "w2",
          duration_hours: "200",
          start_clock: "",
        }),
      ),
    ).toEqual({
      address: "can't be blank",
      slots: "must be at least 1",
      wage: "must have at most 2 decimal places",
      latitude: "must be between -90 and 90",
      longitude: "must be set together with latitude",
      w2_hourly_rate: "is required with W2 classification",
      duration_hours: "Duration must be at most 168 hours (one week)",
      start_clock: "Start time is needed with a date",
    });
  });

  it("checks the inputs only the form has", () => {
    expect(formOwnErrors(filled({ duration_hours: "abc", start_date: "" }))).toEqual({
      duration_hours: "Duration must be a number of hours",
      start_date: "Date is needed with a start time",
    });
  });
});

describe("withFormFieldNames", () => {
  it("puts the server's field errors on the inputs they concern", () => {
    const err = withFormFieldNames(
      new ApiClientError(422, "validation_failed", "Validation failed", {
        start_time: ["is not a valid time"],
        duration: ["must be at most 10080"],
        badge_requirements: ["badge 4 does not exist"],
        zip: ["can't be blank"],
        employer_id: ["must be an id"],
      }),
    ) as ApiClientError;
    expect(err.fields).toEqual({
      start_date: ["Start time is not a valid time"],
      duration_hours: ["Duration must be at most 10080"],
      badges: ["badge 4 does not exist"],
      zip: ["can't be blank"],
      employer_id: ["must be an id"],
    });
  });
});
