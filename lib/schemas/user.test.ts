import { describe, expect, it } from "vitest";
import { PHONE_EXTENSION } from "./phone";
import { coordinatePairErrors, inviteUserBodySchema, updateUserBodySchema } from "./user";

/** field → messages, as the API reports them and the forms show them. */
function fieldErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const i of result.error?.issues ?? []) {
    const key = String(i.path[0]);
    out[key] = [...(out[key] ?? []), i.message];
  }
  return out;
}

const invite = {
  type: "Worker",
  first_name: "Jane",
  last_name: "Doe",
  email: "jane.doe@example.com",
  phone: "+14155550142",
};

describe("inviteUserBodySchema (the invite form and POST /users/invite)", () => {
  it("accepts the documented example and normalises it", () => {
    const r = inviteUserBodySchema.parse({
      ...invite,
      first_name: "  Jane ",
      phone: "+1415-555-0142",
      external_id: " wonolotest1 ",
    });
    expect(r).toMatchObject({
      type: "Worker",
      first_name: "Jane",
      phone: "+14155550142",
      external_id: "wonolotest1",
    });
  });

  it.each([
    ["+1415-555-0142", "+14155550142"],
    ["+1 (415) 555-0142", "+14155550142"],
    ["+1 415 555 0142", "+14155550142"],
    ["+1.415.555.0142", "+14155550142"],
    ["  +14155550142  ", "+14155550142"],
    ["+44 20 7946 0958", "+442079460958"],
    ["+49 151 2345 6789", "+4915123456789"],
  ])("normalises the phone %j to E.164 %s", (phone, e164) => {
    expect(inviteUserBodySchema.parse({ ...invite, phone }).phone).toBe(e164);
  });

  it.each([
    ["4155550142", "must be in international format, starting with + and the country code"],
    ["(415) 555-0142", "must be in international format, starting with + and the country code"],
    ["+1 123", "is not a valid phone number"],
    ["+1 415 555 01420000", "is not a valid phone number"],
    ["", "can't be blank"],
    ["   ", "can't be blank"],
  ])("refuses the phone %j: %s", (phone, message) => {
    expect(fieldErrors(inviteUserBodySchema.safeParse({ ...invite, phone }))).toEqual({
      phone: [message],
    });
  });

  // Workers are texted on this number: an extension never reaches them, and E.164 has no room
  // for it, so it is refused rather than dropped; so is any text beside the number.
  it.each([
    ["+1 415 555 0123 ext. 12", PHONE_EXTENSION],
    ["+14155550123x12", PHONE_EXTENSION],
    ["+1-415-555-0123 ext12", PHONE_EXTENSION],
    ["+1 415-555-0123 extension 12", PHONE_EXTENSION],
    ["+14155550123;ext=12", PHONE_EXTENSION],
    ["+1 415 555 0123 #12", PHONE_EXTENSION],
    ["+1 415 555 0123 call me", "may hold only digits, spaces and + ( ) - . /"],
    ["+1 415 555 0123 x", "may hold only digits, spaces and + ( ) - . /"],
    ["+44 20 7946 0958 (mobile)", "may hold only digits, spaces and + ( ) - . /"],
  ])("refuses the phone %j rather than drop part of it: %s", (phone, message) => {
    expect(fieldErrors(inviteUserBodySchema.safeParse({ ...invite, phone }))).toEqual({
      phone: [message],
    });
    expect(fieldErrors(updateUserBodySchema.safeParse({ phone }))).toEqual({ phone: [message] });
  });

  it("says a missing phone can't be blank", () => {
    const { phone: _, ...withoutPhone } = invite;
    expect(fieldErrors(inviteUserBodySchema.safeParse(withoutPhone))).toEqual({
      phone: ["can't be blank"],
    });
  });

  it.each(["jane@example.com", "jane.doe+staffing@sub.example.co.uk", "  jane@example.com  "])(
    "accepts the e-mail %j",
    (email) => {
      expect(inviteUserBodySchema.parse({ ...invite, email }).email).toBe(email.trim());
    },
  );

  it.each([
    ["jane", "is invalid"],
    ["jane@", "is invalid"],
    ["@example.com", "is invalid"],
    ["jane doe@example.com", "is invalid"],
    ["", "can't be blank"],
    [`${"a".repeat(250)}@example.com`, "is too long (maximum is 254 characters)"],
  ])("refuses the e-mail %j: %s", (email, message) => {
    expect(fieldErrors(inviteUserBodySchema.safeParse({ ...invite, email }))).toEqual({
      email: [message],
    });
  });

  it("reports every failing field at once", () => {
    const r = inviteUserBodySchema.safeParse({
      type: "Worker",
      first_name: "",
      last_name: "Doe",
      email: "nope",
      phone: "555",
    });
    expect(fieldErrors(r)).toEqual({
      first_name: ["can't be blank"],
      email: ["is invalid"],
      phone: ["must be in international format, starting with + and the country code"],
    });
  });

  it("only invites workers", () => {
    expect(fieldErrors(inviteUserBodySchema.safeParse({ ...invite, type: "Admin" }))).toEqual({
      type: ["must be Worker"],
    });
  });
});

describe("coordinates (updateUserBodySchema)", () => {
  it.each([
    ["latitude", "37.7952", "37.7952"],
    ["latitude", 37.7952, "37.7952"],
    ["latitude", "+037.7952000", "37.7952"],
    ["latitude", "-90", "-90"],
    ["latitude", "90.0000000", "90"],
    ["latitude", "-0.0", "0"],
    ["longitude", "-122.4028", "-122.4028"],
    ["longitude", "180", "180"],
    ["longitude", -180, "-180"],
    ["home_latitude", "1.1234567", "1.1234567"],
    ["home_longitude", " 12.5 ", "12.5"],
    ["latitude", "", null],
    ["latitude", null, null],
  ])("%s %j → %j", (field, value, expected) => {
    expect(updateUserBodySchema.parse({ [field]: value })).toEqual({ [field]: expected });
  });

  it.each([
    ["latitude", "90.0000001", "must be between -90 and 90"],
    ["latitude", "-91", "must be between -90 and 90"],
    ["home_latitude", 120, "must be between -90 and 90"],
    ["longitude", "180.5", "must be between -180 and 180"],
    ["home_longitude", "-181", "must be between -180 and 180"],
    ["latitude", "1.12345678", "must have at most 7 decimal places"],
    ["longitude", "-122.40280001", "must have at most 7 decimal places"],
    ["latitude", "abc", "must be a decimal number"],
    ["latitude", "37,7952", "must be a decimal number"],
    ["latitude", "1e2", "must be a decimal number"],
    ["longitude", "1234", "must be a decimal number"],
    ["latitude", Number.NaN, "must be a decimal number"],
    ["latitude", true, "must be a decimal number"],
  ])("refuses %s %j: %s", (field, value, message) => {
    expect(fieldErrors(updateUserBodySchema.safeParse({ [field]: value }))).toEqual({
      [field]: [message],
    });
  });
});

describe("coordinatePairErrors", () => {
  it.each([
    ["both halves set", { latitude: "1", longitude: "2" }, {}],
    ["both halves cleared", { latitude: null, longitude: null }, {}],
    ["neither half mentioned", {}, {}],
    ["latitude alone", { latitude: "1" }, { longitude: ["must be set together with latitude"] }],
    [
      "longitude alone",
      { longitude: "2", latitude: null },
      { latitude: ["must be set together with longitude"] },
    ],
    [
      "home latitude alone, current pair complete",
      { latitude: "1", longitude: "2", home_latitude: "3" },
      { home_longitude: ["must be set together with home_latitude"] },
    ],
    [
      "both pairs half set",
      { latitude: "1", home_longitude: "4" },
      {
        longitude: ["must be set together with latitude"],
        home_latitude: ["must be set together with home_longitude"],
      },
    ],
  ])("%s", (_, state, expected) => {
    expect(coordinatePairErrors(state)).toEqual(expected);
  });

  it("skips a pair whose other half already failed validation (no misleading 'missing')", () => {
    // longitude "200" failed its range check, so it is absent from the parsed state.
    expect(coordinatePairErrors({ latitude: "1" }, ["longitude"])).toEqual({});
    expect(coordinatePairErrors({ longitude: "1" }, new Set(["latitude"]))).toEqual({});
  });

  it("still checks the other pair when one pair is skipped", () => {
    expect(coordinatePairErrors({ latitude: "1", home_latitude: "3" }, ["longitude"])).toEqual({
      home_longitude: ["must be set together with home_latitude"],
    });
  });

  it("ignores invalid fields that belong to no pair", () => {
    expect(coordinatePairErrors({ latitude: "1" }, ["email"])).toEqual({
      longitude: ["must be set together with latitude"],
    });
  });
});
