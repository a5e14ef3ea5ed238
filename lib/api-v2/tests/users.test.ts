import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { invitations, users } from "@/lib/db/schema";
import { createBadgeFor } from "../admin/admin";
import { setClock } from "../clock";
import { type CallOptions, call, describeApi, type Tenant, workerBody } from "./harness";

/** Section 2.1 of the source, in its order: the exact keys of every user object. */
const USER_FIELDS = [
  "id",
  "external_id",
  "type",
  "first_name",
  "last_name",
  "email",
  "phone",
  "gender",
  "dob",
  "address",
  "address_state",
  "city",
  "zip",
  "home_latitude",
  "home_longitude",
  "latitude",
  "longitude",
  "avatar_url",
  "logo_url",
  "workplace_image_url",
  "business_name",
  "drug_tested",
  "rating",
  "referred_by",
  "ssn",
  "suspended",
  "suspended_until",
  "lower_pool",
  "lower_pool_until",
  "onboarding_appt_time",
  "tracking_code",
  "w2_address_state",
  "w2_employee_id",
  "w2_onboarding_completed",
  "w2_onboarding_started",
  "w2_onboarding_status",
  "updated_at",
  "user_badges",
  // tap-wonolo's users schema carries these beyond the source (issue 27).
  "onboarding_last_state",
  "suspended_at",
  "agreed_to_terms",
  // Our addition, after the source's fields.
  "invitation_status",
];

const UPDATED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/;
const TAKEN = "has already been taken";

const invalid = (fields: Record<string, string[]>, message: unknown) => ({
  error: { code: "validation_failed", message, fields },
});
const NOT_FOUND = { error: { code: "not_found", message: "User not found" } };
const MALFORMED_JSON = {
  error: {
    code: "malformed_request",
    message: expect.stringMatching(/^Request body is not valid JSON: /),
  },
};

/** The body of the documented PATCH example, verbatim: not valid JSON. */
const DOCUMENTED_INVALID_JSON = '{"user": {"external_id": wonolotest1}}';

/**
 * Tokens are issued with the clock at EPOCH, so they stay valid for every time a test sets on
 * that day, and for the real clock (which is earlier).
 */
const EPOCH = new Date("2031-01-01T00:00:00.000Z");
const at = (time: string) => new Date(`2031-01-01T${time}Z`);

describeApi("users", (api) => {
  let t: Tenant;
  let other: Tenant;

  const tenant = async (label: string) => {
    setClock(() => EPOCH);
    try {
      return await api.tenant(label);
    } finally {
      setClock(null);
    }
  };

  beforeAll(async () => {
    t = await tenant("Users Co");
    other = await tenant("Other Co");
  });

  const invite = (json: unknown, token = t.privateToken) =>
    call("POST", "/api_v2/users/invite", { token, json });
  const getUser = (id: number | string, token = t.privateToken) =>
    call("GET", `/api_v2/users/${id}`, { token });
  const patchUser = (id: number, json: unknown, opts: CallOptions = {}) =>
    call("PATCH", `/api_v2/users/${id}`, { token: t.privateToken, json, ...opts });
  const list = (query: Record<string, string | number> = {}, token = t.privateToken) =>
    call("GET", "/api_v2/users", { token, query });

  const invited = async (overrides: Record<string, unknown> = {}, token = t.privateToken) => {
    const res = await invite(workerBody(overrides), token);
    expect(res.status, res.text).toBe(201);
    return res.body;
  };
  const countRows = async () => {
    const [u] = await api.database.db.select({ n: count() }).from(users);
    const [i] = await api.database.db.select({ n: count() }).from(invitations);
    return { users: Number(u!.n), invitations: Number(i!.n) };
  };

  describe("POST /users/invite", () => {
    it("creates a worker: 201, every field of 2.1 in order, Location, and an invitation", async () => {
      const now = at("03:04:05.678");
      setClock(() => now);
      const body = workerBody({
        first_name: "Ada",
        last_name: "Lovelace",
        email: "ada.lovelace@example.com",
        phone: "+1415-555-5555",
        external_id: "wonolotest1",
      });
      const res = await invite(body);
      expect(res.status, res.text).toBe(201);
      expect(Object.keys(res.body)).toEqual(USER_FIELDS);
      expect(res.body).toEqual({
        id: expect.any(Number),
        external_id: "wonolotest1",
        type: "Worker",
        first_name: "Ada",
        last_name: "Lovelace",
        email: "ada.lovelace@example.com",
        phone: "+14155555555",
        gender: null,
        dob: null,
        address: null,
        address_state: null,
        city: null,
        zip: null,
        home_latitude: null,
        home_longitude: null,
        latitude: null,
        longitude: null,
        avatar_url: null,
        logo_url: null,
        workplace_image_url: null,
        business_name: null,
        drug_tested: null,
        rating: null,
        referred_by: null,
        ssn: null,
        suspended: false,
        suspended_until: null,
        lower_pool: null,
        lower_pool_until: null,
        onboarding_appt_time: null,
        tracking_code: null,
        w2_address_state: null,
        w2_employee_id: null,
        w2_onboarding_completed: null,
        w2_onboarding_started: null,
        w2_onboarding_status: null,
        updated_at: "2031-01-01T03:04:05.678+00:00",
        user_badges: [],
        onboarding_last_state: "invited",
        suspended_at: null,
        agreed_to_terms: null,
        invitation_status: "invited",
      });
      expect(Number.isInteger(res.body.id)).toBe(true);
      expect(res.headers.get("location")).toBe(`/api_v2/users/${res.body.id}`);
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");

      // The Location is where the worker is read back, identical.
      const back = await call("GET", res.headers.get("location")!, { token: t.privateToken });
      expect(back.status).toBe(200);
      expect(back.body).toEqual(res.body);

      // The invitation was written with the user, in the same database.
      const rows = await api.database.db
        .select()
        .from(invitations)
        .where(eq(invitations.userId, res.body.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        companyId: t.companyId,
        email: "ada.lovelace@example.com",
        createdAt: now,
        usedAt: null,
      });
      expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]!.expiresAt.getTime()).toBeGreaterThan(now.getTime());
    });

    it('accepts the fields under "user"', async () => {
      const body = workerBody({ first_name: "Wrapped" });
      const res = await invite({ user: body });
      expect(res.status, res.text).toBe(201);
      expect(Object.keys(res.body)).toEqual(USER_FIELDS);
      expect(res.body).toMatchObject({
        first_name: "Wrapped",
        last_name: body.last_name,
        email: body.email,
        external_id: body.external_id,
      });
    });

    it("takes every writable field, normalised, and numbers as coordinates", async () => {
      const res = await invite(
        workerBody({
          email: "  Grace.Hopper@Example.com ",
          phone: "+1 (415) 555 0142",
          external_id: 4711,
          gender: "female",
          dob: "1906-12-09",
          address: "1 Navy Way",
          address_state: "",
          city: "Arlington",
          zip: "22202",
          home_latitude: 38.8719,
          home_longitude: -77.0563,
          latitude: "37.7952000",
          longitude: "-122.4028",
          avatar_url: "https://img.example.com/a.png",
          business_name: "USN",
          drug_tested: "",
          referred_by: "",
          ssn: "",
          suspended: true,
          suspended_until: "2031-02-01T00:00:00Z",
          lower_pool: false,
          w2_employee_id: "",
          w2_onboarding_status: "started",
          w2_onboarding_started: "2031-01-01T10:00:00.000+00:00",
        }),
      );
      expect(res.status, res.text).toBe(201);
      expect(Object.keys(res.body)).toEqual(USER_FIELDS);
      expect(res.body).toMatchObject({
        email: "Grace.Hopper@Example.com",
        phone: "+14155550142",
        external_id: "4711",
        gender: "female",
        dob: "1906-12-09",
        address_state: "",
        home_latitude: "38.8719",
        home_longitude: "-77.0563",
        latitude: "37.7952",
        longitude: "-122.4028",
        avatar_url: "https://img.example.com/a.png",
        drug_tested: "",
        suspended: true,
        suspended_until: "2031-02-01T00:00:00.000+00:00",
        lower_pool: false,
        w2_onboarding_status: "started",
        w2_onboarding_started: "2031-01-01T10:00:00.000+00:00",
      });
      expect(res.body.updated_at).toMatch(UPDATED_AT);
    });

    it("allows an external_id that another company already uses", async () => {
      const mine = await invited({ external_id: "shared-ext" });
      const theirs = await invited({ external_id: "shared-ext" }, other.privateToken);
      expect(theirs.external_id).toBe("shared-ext");
      expect(theirs.id).not.toBe(mine.id);
    });

    describe("refusals", () => {
      let existing: any;
      beforeAll(async () => {
        existing = await invited({
          email: "taken@example.com",
          phone: "+14155550100",
          external_id: "taken-ext",
        });
        await invited(
          { email: "foreign@example.com", phone: "+14155550111", external_id: "foreign-ext" },
          other.privateToken,
        );
      });

      type Case = { name: string; body: () => unknown; status: number; error: unknown };
      it.each<Case>([
        {
          name: "an empty body (every required field)",
          body: () => ({}),
          status: 422,
          error: invalid(
            {
              first_name: ["can't be blank"],
              last_name: ["can't be blank"],
              email: ["can't be blank"],
              phone: ["can't be blank"],
              type: ["must be Worker"],
            },
            "First name can't be blank; Last name can't be blank; Email can't be blank; Phone can't be blank; Type must be Worker",
          ),
        },
        {
          name: "an empty user object",
          body: () => ({ user: {} }),
          status: 422,
          error: invalid(
            {
              first_name: ["can't be blank"],
              last_name: ["can't be blank"],
              email: ["can't be blank"],
              phone: ["can't be blank"],
              type: ["must be Worker"],
            },
            "First name can't be blank; Last name can't be blank; Email can't be blank; Phone can't be blank; Type must be Worker",
          ),
        },
        {
          name: "blank names, null email and phone",
          body: () => workerBody({ first_name: " ", last_name: "", email: null, phone: null }),
          status: 422,
          error: invalid(
            {
              first_name: ["can't be blank"],
              last_name: ["can't be blank"],
              email: ["can't be blank"],
              phone: ["can't be blank"],
            },
            "First name can't be blank; Last name can't be blank; Email can't be blank; Phone can't be blank",
          ),
        },
        {
          name: "an invalid e-mail",
          body: () => workerBody({ email: "not-an-email" }),
          status: 422,
          error: invalid({ email: ["is invalid"] }, "Email is invalid"),
        },
        {
          name: "an e-mail with two @",
          body: () => workerBody({ email: "a@b@example.com" }),
          status: 422,
          error: invalid({ email: ["is invalid"] }, "Email is invalid"),
        },
        {
          name: "a phone without the leading +",
          body: () => workerBody({ phone: "4155550100" }),
          status: 422,
          error: invalid(
            { phone: ["must be in international format, starting with + and the country code"] },
            "Phone must be in international format, starting with + and the country code",
          ),
        },
        {
          name: "a phone that is not a number",
          body: () => workerBody({ phone: "+1 555" }),
          status: 422,
          error: invalid(
            { phone: ["is not a valid phone number"] },
            "Phone is not a valid phone number",
          ),
        },
        {
          // A teammate's invitation (employers-invite.test.ts): it needs a role.
          name: "type Employer",
          body: () => workerBody({ type: "Employer" }),
          status: 422,
          error: invalid({ role: ["can't be blank"] }, "Role can't be blank"),
        },
        {
          name: "type worker (lower case)",
          body: () => workerBody({ type: "worker" }),
          status: 422,
          error: invalid({ type: ["must be Worker"] }, "Type must be Worker"),
        },
        {
          name: "no type",
          body: () => workerBody({ type: undefined }),
          status: 422,
          error: invalid({ type: ["must be Worker"] }, "Type must be Worker"),
        },
        {
          name: "a latitude out of range",
          body: () => workerBody({ latitude: "90.0000001", longitude: "0" }),
          status: 422,
          error: invalid(
            { latitude: ["must be between -90 and 90"] },
            "Latitude must be between -90 and 90",
          ),
        },
        {
          name: "a home longitude out of range (number)",
          body: () => workerBody({ home_latitude: 0, home_longitude: -180.5 }),
          status: 422,
          error: invalid(
            { home_longitude: ["must be between -180 and 180"] },
            "Home longitude must be between -180 and 180",
          ),
        },
        {
          name: "more than 7 decimals",
          body: () => workerBody({ latitude: "37.79520001", longitude: -122.40280001 }),
          status: 422,
          error: invalid(
            {
              latitude: ["must have at most 7 decimal places"],
              longitude: ["must have at most 7 decimal places"],
            },
            "Latitude must have at most 7 decimal places; Longitude must have at most 7 decimal places",
          ),
        },
        {
          name: "a coordinate that is not a number",
          body: () => workerBody({ latitude: "north", longitude: "1" }),
          status: 422,
          error: invalid(
            { latitude: ["must be a decimal number"] },
            "Latitude must be a decimal number",
          ),
        },
        {
          name: "a latitude without longitude",
          body: () => workerBody({ latitude: "37.7952" }),
          status: 422,
          error: invalid(
            { longitude: ["must be set together with latitude"] },
            "Longitude must be set together with latitude",
          ),
        },
        {
          name: "a home longitude without home latitude",
          body: () => workerBody({ home_longitude: -122.4, home_latitude: null }),
          status: 422,
          error: invalid(
            { home_latitude: ["must be set together with home_longitude"] },
            "Home latitude must be set together with home_longitude",
          ),
        },
        {
          name: "an external_id over 255 characters",
          body: () => workerBody({ external_id: "x".repeat(256) }),
          status: 422,
          error: invalid(
            { external_id: ["is too long (maximum is 255 characters)"] },
            "External id is too long (maximum is 255 characters)",
          ),
        },
        {
          name: "several problems at once",
          body: () =>
            workerBody({ first_name: undefined, email: "nope", latitude: 100, longitude: 0 }),
          status: 422,
          error: invalid(
            {
              first_name: ["can't be blank"],
              email: ["is invalid"],
              latitude: ["must be between -90 and 90"],
            },
            "First name can't be blank; Email is invalid; Latitude must be between -90 and 90",
          ),
        },
        {
          name: "a taken e-mail",
          body: () => workerBody({ email: "taken@example.com" }),
          status: 422,
          error: invalid({ email: [TAKEN] }, "Email has already been taken"),
        },
        {
          name: "a taken e-mail in other case and with spaces",
          body: () => workerBody({ email: "  TAKEN@Example.COM " }),
          status: 422,
          error: invalid({ email: [TAKEN] }, "Email has already been taken"),
        },
        {
          name: "a taken phone in another format",
          body: () => workerBody({ phone: "+1 (415) 555-0100" }),
          status: 422,
          error: invalid({ phone: [TAKEN] }, "Phone has already been taken"),
        },
        {
          name: "a taken phone with dashes after the country code",
          body: () => workerBody({ phone: "+1415-555-0100" }),
          status: 422,
          error: invalid({ phone: [TAKEN] }, "Phone has already been taken"),
        },
        {
          name: "an e-mail used by a worker of another company (unique across all users)",
          body: () => workerBody({ email: "Foreign@example.com" }),
          status: 422,
          error: invalid({ email: [TAKEN] }, "Email has already been taken"),
        },
        {
          name: "a phone used by a worker of another company",
          body: () => workerBody({ phone: "+1 415 555 0111" }),
          status: 422,
          error: invalid({ phone: [TAKEN] }, "Phone has already been taken"),
        },
        {
          name: "an external_id taken in the company",
          body: () => workerBody({ external_id: "taken-ext" }),
          status: 422,
          error: invalid({ external_id: [TAKEN] }, "External id has already been taken"),
        },
        {
          name: "e-mail, phone and external_id all taken",
          body: () =>
            workerBody({
              email: "Taken@example.com",
              phone: "+14155550100",
              external_id: "taken-ext",
            }),
          status: 422,
          error: invalid(
            { email: [TAKEN], phone: [TAKEN], external_id: [TAKEN] },
            "Email has already been taken; Phone has already been taken; External id has already been taken",
          ),
        },
      ])("refuses $name", async ({ body, status, error }) => {
        const before = await countRows();
        const res = await invite(body());
        expect({ status: res.status, body: res.body }).toEqual({ status, body: error });
        expect(res.headers.get("location")).toBeNull();
        // Nothing of a refused invite is left behind: no user, no invitation.
        expect(await countRows()).toEqual(before);
      });

      // Contract: "Validation (422, all failing fields reported at once)". The pair rule runs
      // in a superRefine, which zod skips once any field has failed.
      it("reports a missing field and a lone coordinate at once", async () => {
        const res = await invite(workerBody({ last_name: undefined, latitude: "1" }));
        expect({ status: res.status, body: res.body }).toEqual({
          status: 422,
          body: invalid(
            { last_name: ["can't be blank"], longitude: ["must be set together with latitude"] },
            expect.stringMatching(
              /^(?=.*Last name can't be blank)(?=.*Longitude must be set together with latitude)/,
            ),
          ),
        });
      });

      // Same rule: uniqueness is checked only after the body parsed, so a taken e-mail is not
      // reported while another field is malformed.
      it("reports a taken e-mail together with an invalid phone (all fields at once)", async () => {
        const res = await invite(workerBody({ email: existing.email, phone: "0000" }));
        expect({ status: res.status, body: res.body }).toEqual({
          status: 422,
          body: invalid(
            {
              email: [TAKEN],
              phone: ["must be in international format, starting with + and the country code"],
            },
            expect.stringMatching(
              /^(?=.*Email has already been taken)(?=.*Phone must be in international format)/,
            ),
          ),
        });
      });

      type RawCase = { name: string; opts: () => CallOptions; status: number; error: unknown };
      it.each<RawCase>([
        {
          name: "the documented example body, which is not JSON",
          opts: () => ({ body: DOCUMENTED_INVALID_JSON, contentType: "application/json" }),
          status: 400,
          error: MALFORMED_JSON,
        },
        {
          name: "a truncated JSON body",
          opts: () => ({
            body: JSON.stringify(workerBody()).slice(0, -5),
            contentType: "application/json",
          }),
          status: 400,
          error: MALFORMED_JSON,
        },
        {
          name: "a JSON array",
          opts: () => ({ json: [workerBody()] }),
          status: 400,
          error: {
            error: { code: "malformed_request", message: "Request body must be a JSON object" },
          },
        },
        {
          name: "a JSON string",
          opts: () => ({ json: "hello" }),
          status: 400,
          error: {
            error: { code: "malformed_request", message: "Request body must be a JSON object" },
          },
        },
        {
          name: "a form-encoded body",
          opts: () => ({
            body: new URLSearchParams(workerBody() as Record<string, string>).toString(),
            contentType: "application/x-www-form-urlencoded",
          }),
          status: 415,
          error: {
            error: {
              code: "unsupported_media_type",
              message: "Send the request body as application/json",
            },
          },
        },
        {
          name: "JSON sent as text/plain",
          opts: () => ({ body: JSON.stringify(workerBody()), contentType: "text/plain" }),
          status: 415,
          error: {
            error: {
              code: "unsupported_media_type",
              message: "Send the request body as application/json",
            },
          },
        },
        {
          name: "a body over 1 MiB",
          opts: () => ({ json: workerBody({ address: "x".repeat(1024 * 1024) }) }),
          status: 413,
          error: {
            error: {
              code: "payload_too_large",
              message: "Request body is larger than 1048576 bytes",
            },
          },
        },
      ])("answers $name with $status", async ({ opts, status, error }) => {
        const before = await countRows();
        const res = await call("POST", "/api_v2/users/invite", {
          token: t.privateToken,
          ...opts(),
        });
        expect({ status: res.status, body: res.body }).toEqual({ status, body: error });
        expect(await countRows()).toEqual(before);
      });

      it("accepts JSON with a charset parameter", async () => {
        const res = await call("POST", "/api_v2/users/invite", {
          token: t.privateToken,
          body: JSON.stringify(workerBody()),
          contentType: "application/json; charset=utf-8",
        });
        expect(res.status, res.text).toBe(201);
      });

      it("answers POST /users with 405 and points to /users/invite", async () => {
        const before = await countRows();
        const res = await call("POST", "/api_v2/users", {
          token: t.privateToken,
          json: workerBody(),
        });
        expect({ status: res.status, body: res.body }).toEqual({
          status: 405,
          body: {
            error: {
              code: "method_not_allowed",
              message: "Users are not created here; use POST /api_v2/users/invite",
            },
          },
        });
        // POST serves employer users (employers.test.ts); a worker is pointed to the invitation.
        expect(res.headers.get("allow")).toBe("GET, POST");
        expect(await countRows()).toEqual(before);
      });
    });
  });

  describe("GET /users", () => {
    const minute = (n: number) => new Date(Date.UTC(2031, 0, 1, 10, n, 0));
    let lister: Tenant;
    let badgeA: number;
    let badgeB: number;
    const byExt = new Map<string, any>();

    beforeAll(async () => {
      lister = await tenant("Listing Co");
      const db = api.database.db;
      badgeA = (
        await createBadgeFor(
          db,
          lister.companyId,
          { name: "Forklift", description: "d" },
          minute(0),
        )
      ).badge_id;
      badgeB = (
        await createBadgeFor(db, lister.companyId, { name: "Barista", description: "d" }, minute(0))
      ).badge_id;
      const workers: Record<string, unknown>[] = [
        {
          first_name: "Ann",
          last_name: "Archer",
          email: "ann.archer@list.example.com",
          phone: "+14155550101",
          external_id: "L-1",
          city: "Oakland",
          address_state: "CA",
          drug_tested: "yes",
          w2_onboarding_status: "completed",
          w2_employee_id: "E-100",
        },
        {
          first_name: "Bob",
          last_name: "Baker",
          email: "bob.baker@list.example.com",
          phone: "+14155550102",
          external_id: "L-2",
          city: "albany",
          address_state: "NY",
          drug_tested: "no",
          w2_onboarding_status: "started",
          w2_employee_id: "E-200",
          suspended: true,
          user_badges_attributes: [{ badge_id: String(badgeA) }],
        },
        {
          first_name: "Cyd",
          last_name: "Archer",
          email: "cyd@list.example.com",
          phone: "+14155550103",
          external_id: "L-3",
          address_state: "CA",
          drug_tested: "",
          w2_onboarding_status: "",
          user_badges_attributes: [{ badge_id: String(badgeA) }, { badge_id: badgeB }],
        },
        {
          first_name: "Dee",
          // Accented, as the demo's names are: search must find it typed without the accents.
          last_name: "Nguyễn",
          email: "dee.dunn@list.example.com",
          phone: "+14155550104",
          external_id: "L-4",
          city: "Austin",
          address_state: "TX",
          drug_tested: "pending",
          w2_onboarding_status: "completed",
        },
      ];
      for (const [i, w] of workers.entries()) {
        setClock(() => minute(i + 1));
        const res = await invite(workerBody(w), lister.privateToken);
        expect(res.status, res.text).toBe(201);
        byExt.set(res.body.external_id, res.body);
      }
      // Look-alikes in another company never show up.
      setClock(() => minute(9));
      await invited(
        {
          first_name: "Ann",
          last_name: "Archer",
          external_id: "L-1",
          address_state: "CA",
          w2_employee_id: "E-100",
        },
        other.privateToken,
      );
      setClock(null);
    });

    const iso = (n: number) => minute(n).toISOString();

    it.each<[string, Record<string, string>, string[]]>([
      ["no filter, newest updated_at first", {}, ["L-4", "L-3", "L-2", "L-1"]],
      ["type=Worker", { type: "Worker" }, ["L-4", "L-3", "L-2", "L-1"]],
      ["type=Employer", { type: "Employer" }, []],
      ["email", { email: "ann.archer@list.example.com" }, ["L-1"]],
      ["email in other case", { email: "Ann.Archer@LIST.example.com" }, ["L-1"]],
      ["an unknown email", { email: "nobody@list.example.com" }, []],
      ["first_name", { first_name: "Bob" }, ["L-2"]],
      ["last_name", { last_name: "Archer" }, ["L-3", "L-1"]],
      ["first_name and last_name", { first_name: "Ann", last_name: "Archer" }, ["L-1"]],
      ["external_id", { external_id: "L-2" }, ["L-2"]],
      ["external_id list", { external_id: "L-1,L-4" }, ["L-4", "L-1"]],
      ["external_id list with spaces", { external_id: "L-1, L-3 ,nope" }, ["L-3", "L-1"]],
      ["w2_onboarding_status", { w2_onboarding_status: "completed" }, ["L-4", "L-1"]],
      [
        "w2_onboarding_status list",
        { w2_onboarding_status: "completed,started" },
        ["L-4", "L-2", "L-1"],
      ],
      ["w2_employee_id", { w2_employee_id: "E-200" }, ["L-2"]],
      ["address_state", { address_state: "CA" }, ["L-3", "L-1"]],
      ["address_state list", { address_state: "CA,TX" }, ["L-4", "L-3", "L-1"]],
      ["drug_tested", { drug_tested: "pending" }, ["L-4"]],
      ["drug_tested list", { drug_tested: "yes,no" }, ["L-2", "L-1"]],
      ["updated_after", { updated_after: iso(2) }, ["L-4", "L-3"]],
      ["updated_before", { updated_before: iso(3) }, ["L-2", "L-1"]],
      [
        "updated_after and updated_before",
        { updated_after: iso(1), updated_before: iso(4) },
        ["L-3", "L-2"],
      ],
      [
        "updated_after in the API's own updated_at form",
        { updated_after: "2031-01-01T10:03:00.000+00:00" },
        ["L-4"],
      ],
      ["q over first name", { q: "bob" }, ["L-2"]],
      ["q over last name, any case", { q: "ARCHER" }, ["L-3", "L-1"]],
      ["q over e-mail", { q: "dee.dunn@" }, ["L-4"]],
      ["q over phone digits", { q: "5550103" }, ["L-3"]],
      ["q over formatted phone", { q: "(415) 555-0102" }, ["L-2"]],
      ["q over external_id", { q: "l-4" }, ["L-4"]],
      ["q without the accents the name has", { q: "nguyen" }, ["L-4"]],
      ["q with the accents, any case", { q: "NGUYỄN" }, ["L-4"]],
      ["q over first and last name, accents on the term only", { q: "dée nguyen" }, ["L-4"]],
      ["q with no match", { q: "zzz" }, []],
      ["q with a LIKE wildcard", { q: "%" }, []],
      ["suspended=true", { suspended: "true" }, ["L-2"]],
      ["suspended=false", { suspended: "false" }, ["L-4", "L-3", "L-1"]],
      ["sort=status: active first", { sort: "status" }, ["L-4", "L-3", "L-1", "L-2"]],
      ["sort=-status: suspended first", { sort: "-status" }, ["L-2", "L-4", "L-3", "L-1"]],
      ["sort=city: any case, no city last", { sort: "city" }, ["L-2", "L-4", "L-1", "L-3"]],
      ["sort=-city: no city still last", { sort: "-city" }, ["L-1", "L-4", "L-2", "L-3"]],
      ["sort=city with a filter", { sort: "city", address_state: "CA" }, ["L-1", "L-3"]],
      ["badge_id", { badge_id: "BADGE_A" }, ["L-3", "L-2"]],
      ["badge_id of a rarer badge", { badge_id: "BADGE_B" }, ["L-3"]],
      ["badge_id list", { badge_id: "BADGE_A,BADGE_B" }, ["L-3", "L-2"]],
      ["filters combined", { address_state: "CA", badge_id: "BADGE_A", q: "cyd" }, ["L-3"]],
      [
        "blank filters (ignored)",
        { email: "", external_id: "", q: "" },
        ["L-4", "L-3", "L-2", "L-1"],
      ],
    ])("filters: %s", async (_, rawQuery, expected) => {
      const query = Object.fromEntries(
        Object.entries(rawQuery).map(([k, v]) => [
          k,
          v.replace("BADGE_A", String(badgeA)).replace("BADGE_B", String(badgeB)),
        ]),
      );
      const res = await list(query, lister.privateToken);
      expect(res.status, res.text).toBe(200);
      expect(res.body.users.map((u: any) => u.external_id)).toEqual(expected);
      expect(res.body).toMatchObject({ page: 1, per: 50, total: expected.length });
    });

    it("lists full user objects, the same as GET /users/:id", async () => {
      const res = await list({ external_id: "L-3" }, lister.privateToken);
      const [u] = res.body.users;
      expect(Object.keys(u)).toEqual(USER_FIELDS);
      expect(u).toEqual(byExt.get("L-3"));
      expect(u.user_badges.map((b: any) => b.badge_id)).toEqual([String(badgeA), String(badgeB)]);
      expect((await getUser(u.id, lister.privateToken)).body).toEqual(u);
    });

    it("finds a worker by external_id (retrieval by external_id)", async () => {
      const res = await list({ external_id: "L-1" }, lister.privateToken);
      expect(res.body.users).toEqual([byExt.get("L-1")]);
    });

    it("puts a worker changed last at the top", async () => {
      setClock(() => minute(30));
      const l1 = byExt.get("L-1");
      const patched = await patchUser(l1.id, { city: "Fresno" }, { token: lister.privateToken });
      expect(patched.status, patched.text).toBe(200);
      const res = await list({}, lister.privateToken);
      expect(res.body.users.map((u: any) => u.external_id)).toEqual(["L-1", "L-4", "L-3", "L-2"]);
      const times = res.body.users.map((u: any) => Date.parse(u.updated_at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    describe("paging", () => {
      let pager: Tenant;
      const N = 53;
      beforeAll(async () => {
        pager = await tenant("Paging Co");
        for (let i = 0; i < N; i++) {
          setClock(() => new Date(Date.UTC(2031, 0, 1, 12, 0, i)));
          const res = await invite(workerBody({ external_id: `P-${i}` }), pager.privateToken);
          expect(res.status).toBe(201);
        }
        setClock(null);
      });

      it("defaults to page 1 with 50 per page and reports the total", async () => {
        const res = await list({}, pager.privateToken);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ page: 1, per: 50, total: N });
        expect(res.body.users).toHaveLength(50);
        expect(res.body.users[0].external_id).toBe(`P-${N - 1}`);
      });

      it.each([
        [{ per: 100 }, 50],
        [{ per: 51 }, 50],
        [{ per: 1_000_000 }, 50],
      ])("clamps %o to per=50", async (query, per) => {
        const res = await list(query, pager.privateToken);
        expect(res.status).toBe(200);
        expect(res.body.per).toBe(per);
        expect(res.body.users).toHaveLength(50);
      });

      it("pages through everything, newest first, with no gaps or repeats", async () => {
        const seen: string[] = [];
        const sizes: number[] = [];
        // What the data-sync client does: page until a page holds fewer than `per` records.
        for (let page = 1; ; page++) {
          const res = await list({ page, per: 20 }, pager.privateToken);
          expect(res.status).toBe(200);
          expect(res.body).toMatchObject({ page, per: 20, total: N });
          sizes.push(res.body.users.length);
          seen.push(...res.body.users.map((u: any) => u.external_id));
          if (res.body.users.length < 20) break;
        }
        expect(sizes).toEqual([20, 20, 13]);
        expect(seen).toEqual(Array.from({ length: N }, (_, i) => `P-${N - 1 - i}`));
      });

      it("answers a page past the end with an empty list", async () => {
        const res = await list({ page: 3, per: 50 }, pager.privateToken);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ users: [], page: 3, per: 50, total: N });
      });
    });

    it.each<[Record<string, string>, string]>([
      [{ page: "0" }, "Query parameter page must be between 1 and 1000000"],
      [{ page: "-1" }, "Query parameter page must be a whole number"],
      [{ page: "abc" }, "Query parameter page must be a whole number"],
      [{ page: "1.5" }, "Query parameter page must be a whole number"],
      [{ per: "0" }, "Query parameter per must be between 1 and 1000000"],
      [{ per: "ten" }, "Query parameter per must be a whole number"],
      [
        { updated_after: "yesterday" },
        "Query parameter updated_after must be an ISO 8601 timestamp",
      ],
      [
        { updated_before: "2031-13-45" },
        "Query parameter updated_before must be an ISO 8601 timestamp",
      ],
      [{ suspended: "maybe" }, "Query parameter suspended must be true or false"],
      [{ badge_id: "forklift" }, "Query parameter badge_id must be a comma-separated list of ids"],
    ])("answers a bad query parameter %o with 400", async (query, message) => {
      const res = await list(query, lister.privateToken);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 400,
        body: { error: { code: "malformed_request", message } },
      });
    });
  });

  describe("GET /users/:id", () => {
    it("answers 200 with the user and a strong ETag", async () => {
      const created = await invited();
      const res = await getUser(created.id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(created);
      expect(Object.keys(res.body)).toEqual(USER_FIELDS);
      expect(res.headers.get("etag")).toMatch(/^"[^"]+"$/);
      // Reading does not change the validator.
      expect((await getUser(created.id)).headers.get("etag")).toBe(res.headers.get("etag"));
    });

    it.each(["2147483000", "abc", "0", "-1", "1.5", "1e3", "99999999999", "%20"])(
      "answers /users/%s that does not exist with 404",
      async (id) => {
        const res = await getUser(id);
        expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: NOT_FOUND });
        expect(res.headers.get("etag")).toBeNull();
      },
    );

    it("needs a token", async () => {
      const created = await invited();
      const res = await call("GET", `/api_v2/users/${created.id}`);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe("missing_token");
    });
  });

  describe("PATCH /users/:id", () => {
    const fullWorker = () =>
      invited({
        gender: "male",
        dob: "1990-05-06",
        address: "1 Main St",
        address_state: "CA",
        city: "Oakland",
        zip: "94607",
        home_latitude: "37.8044",
        home_longitude: "-122.2712",
        latitude: 37.7952,
        longitude: -122.4028,
        avatar_url: "https://img.example.com/w.png",
        business_name: null,
        drug_tested: "yes",
        referred_by: "",
        ssn: "",
        suspended: false,
        suspended_until: "2031-07-01T00:00:00.000+00:00",
        lower_pool: true,
        lower_pool_until: "2031-08-01T12:30:00Z",
        onboarding_appt_time: "2031-06-15T09:00:00.500+00:00",
        tracking_code: "TRK",
        w2_address_state: "CA",
        w2_employee_id: "W2-9",
        w2_onboarding_completed: "2031-06-20T00:00:00.000+00:00",
        w2_onboarding_started: "2031-06-10T00:00:00.000+00:00",
        w2_onboarding_status: "completed",
      });

    it("updates fields sent at the top level", async () => {
      const before = await invited();
      setClock(() => at("09:09:09.999"));
      const res = await patchUser(before.id, { first_name: "Grace", zip: "10001" });
      expect(res.status, res.text).toBe(200);
      expect(Object.keys(res.body)).toEqual(USER_FIELDS);
      expect(res.body).toEqual({
        ...before,
        first_name: "Grace",
        zip: "10001",
        updated_at: "2031-01-01T09:09:09.999+00:00",
        // The clock now stands in 2031: the week-long invitation link has long expired.
        invitation_status: "expired",
      });
      expect((await getUser(before.id)).body).toEqual(res.body);
    });

    it('updates fields sent under "user"', async () => {
      const before = await invited();
      const res = await patchUser(before.id, { user: { last_name: "Hopper", city: "NYC" } });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({
        ...before,
        last_name: "Hopper",
        city: "NYC",
        updated_at: expect.stringMatching(UPDATED_AT),
      });
    });

    it("is partial: fields not sent keep their values", async () => {
      const before = await fullWorker();
      const res = await patchUser(before.id, { city: "Berkeley" });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...before, city: "Berkeley", updated_at: res.body.updated_at });
    });

    it.each([
      ["under user", (u: any) => ({ user: u })],
      ["at the top level", (u: any) => u],
    ])("takes back a fetched object echoed %s, changing nothing", async (_, shape) => {
      const created = await fullWorker();
      const badge = await createBadgeFor(
        api.database.db,
        t.companyId,
        { name: `Echo ${created.id}`, description: "d" },
        new Date(),
      );
      const withBadge = await patchUser(created.id, {
        user_badges_attributes: [{ badge_id: String(badge.badge_id) }],
      });
      expect(withBadge.status, withBadge.text).toBe(200);
      const got = await getUser(created.id);
      expect(got.body.user_badges).toHaveLength(1);

      setClock(() => new Date(Date.now() + 60_000));
      const res = await patchUser(created.id, shape(got.body));
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual(got.body);
      expect(res.headers.get("etag")).toBe(got.headers.get("etag"));
      expect((await getUser(created.id)).body).toEqual(got.body);
    });

    it("ignores unknown fields", async () => {
      const before = await invited();
      const res = await patchUser(before.id, {
        nickname: "Amazing",
        password: "hunter2",
        company_id: other.companyId,
        first_name: "Known",
      });
      expect(res.status, res.text).toBe(200);
      expect(Object.keys(res.body)).toEqual(USER_FIELDS);
      expect(res.body).toEqual({ ...before, first_name: "Known", updated_at: res.body.updated_at });
      expect((await getUser(before.id)).status).toBe(200);
    });

    it("ignores the read-only fields id, type, updated_at and rating", async () => {
      const before = await invited();
      const victim = await invited();
      setClock(() => at("10:10:10.000"));
      const res = await patchUser(before.id, {
        id: victim.id,
        type: "Employer",
        updated_at: "2000-01-01T00:00:00.000+00:00",
        rating: 4.9,
        last_name: "Readonly",
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({
        ...before,
        last_name: "Readonly",
        updated_at: "2031-01-01T10:10:10.000+00:00",
        // The clock now stands in 2031: the invitation links have long expired.
        invitation_status: "expired",
      });
      expect((await getUser(victim.id)).body).toEqual({ ...victim, invitation_status: "expired" });
    });

    it("changes nothing for an empty body", async () => {
      const before = await invited();
      const got = await getUser(before.id);
      for (const opts of [{ json: {} }, { json: { user: {} } }, { body: "" }] as CallOptions[]) {
        const res = await call("PATCH", `/api_v2/users/${before.id}`, {
          token: t.privateToken,
          ...opts,
        });
        expect(res.status, res.text).toBe(200);
        expect(res.body).toEqual(before);
        expect(res.headers.get("etag")).toBe(got.headers.get("etag"));
      }
    });

    it("clears nullable fields with null", async () => {
      const before = await fullWorker();
      const res = await patchUser(before.id, {
        gender: null,
        suspended_until: null,
        latitude: null,
        longitude: null,
        tracking_code: "",
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({
        gender: null,
        suspended_until: null,
        latitude: null,
        longitude: null,
        tracking_code: null,
        home_latitude: "37.8044",
      });
    });

    describe("coordinate pairs against the stored values", () => {
      type Case = { name: string; body: Record<string, unknown>; status: number; expect: unknown };
      it.each<Case>([
        {
          name: "changing one half of a stored pair",
          body: { latitude: "10.5" },
          status: 200,
          expect: { latitude: "10.5", longitude: "-122.4028" },
        },
        {
          name: "clearing both halves",
          body: { latitude: null, longitude: null },
          status: 200,
          expect: { latitude: null, longitude: null },
        },
        {
          name: "setting both halves of the unset pair (numbers)",
          body: { home_latitude: -33.8688, home_longitude: 151.2093 },
          status: 200,
          expect: { home_latitude: "-33.8688", home_longitude: "151.2093" },
        },
        {
          name: "clearing one half of a stored pair",
          body: { latitude: null },
          status: 422,
          expect: invalid(
            { latitude: ["must be set together with longitude"] },
            "Latitude must be set together with longitude",
          ),
        },
        {
          name: "clearing the other half with an empty string",
          body: { longitude: "" },
          status: 422,
          expect: invalid(
            { longitude: ["must be set together with latitude"] },
            "Longitude must be set together with latitude",
          ),
        },
        {
          name: "setting one half of the unset pair",
          body: { home_latitude: "1.5" },
          status: 422,
          expect: invalid(
            { home_longitude: ["must be set together with home_latitude"] },
            "Home longitude must be set together with home_latitude",
          ),
        },
        {
          name: "a longitude out of range",
          body: { longitude: 180.0000001 },
          status: 422,
          expect: invalid(
            { longitude: ["must be between -180 and 180"] },
            "Longitude must be between -180 and 180",
          ),
        },
        {
          name: "8 decimals",
          body: { latitude: "1.12345678" },
          status: 422,
          expect: invalid(
            { latitude: ["must have at most 7 decimal places"] },
            "Latitude must have at most 7 decimal places",
          ),
        },
      ])("$name → $status", async ({ body, status, expect: expected }) => {
        const before = await invited({ latitude: "37.7952", longitude: "-122.4028" });
        const res = await patchUser(before.id, body);
        expect(res.status, res.text).toBe(status);
        if (status === 200) {
          expect(res.body).toMatchObject(expected as object);
        } else {
          expect(res.body).toEqual(expected);
          expect((await getUser(before.id)).body).toEqual(before);
        }
      });
    });

    describe("If-Match", () => {
      it("applies the change when the ETag is current, and gives a new ETag", async () => {
        const before = await invited();
        const got = await getUser(before.id);
        const etag = got.headers.get("etag")!;
        const res = await patchUser(before.id, { city: "Reno" }, { headers: { "if-match": etag } });
        expect(res.status, res.text).toBe(200);
        expect(res.body.city).toBe("Reno");
        expect(res.headers.get("etag")).toMatch(/^"[^"]+"$/);
        expect(res.headers.get("etag")).not.toBe(etag);
        expect((await getUser(before.id)).headers.get("etag")).toBe(res.headers.get("etag"));
      });

      it("refuses a stale ETag with 412 and changes nothing", async () => {
        const before = await invited();
        const stale = (await getUser(before.id)).headers.get("etag")!;
        const first = await patchUser(before.id, { city: "A" }, { headers: { "if-match": stale } });
        expect(first.status).toBe(200);

        const second = await patchUser(
          before.id,
          { city: "B", first_name: "Overwriter" },
          { headers: { "if-match": stale } },
        );
        expect({ status: second.status, body: second.body }).toEqual({
          status: 412,
          body: {
            error: {
              code: "precondition_failed",
              message:
                "The worker was changed by someone else since you loaded it; reload and apply your changes again",
            },
          },
        });
        const now = await getUser(before.id);
        expect(now.body).toEqual(first.body);
        expect(now.headers.get("etag")).toBe(first.headers.get("etag"));
      });

      it("refuses an ETag of another worker", async () => {
        const a = await invited();
        const b = await invited();
        const etagB = (await getUser(b.id)).headers.get("etag")!;
        const res = await patchUser(a.id, { city: "X" }, { headers: { "if-match": etagB } });
        expect(res.status).toBe(412);
        expect((await getUser(a.id)).body).toEqual(a);
      });

      it("accepts * and a list that holds the current ETag", async () => {
        const before = await invited();
        const res = await patchUser(before.id, { city: "Star" }, { headers: { "if-match": "*" } });
        expect(res.status).toBe(200);
        const etag = res.headers.get("etag")!;
        const listed = await patchUser(
          before.id,
          { city: "Listed" },
          { headers: { "if-match": `"nope", ${etag}` } },
        );
        expect(listed.status).toBe(200);
        expect(listed.body.city).toBe("Listed");
      });
    });

    describe("refusals", () => {
      let holder: any;
      beforeAll(async () => {
        holder = await invited({
          email: "holder@example.com",
          phone: "+14155550177",
          external_id: "holder-ext",
        });
      });

      type Case = { name: string; body: () => unknown; error: unknown };
      it.each<Case>([
        {
          name: "an e-mail of another worker",
          body: () => ({ email: "holder@example.com" }),
          error: invalid({ email: [TAKEN] }, "Email has already been taken"),
        },
        {
          name: "an e-mail of another worker in other case",
          body: () => ({ user: { email: " HOLDER@example.com" } }),
          error: invalid({ email: [TAKEN] }, "Email has already been taken"),
        },
        {
          name: "a phone of another worker, formatted differently",
          body: () => ({ phone: "+1 415-555-0177" }),
          error: invalid({ phone: [TAKEN] }, "Phone has already been taken"),
        },
        {
          name: "an external_id of another worker of the company",
          body: () => ({ external_id: "holder-ext" }),
          error: invalid({ external_id: [TAKEN] }, "External id has already been taken"),
        },
        {
          name: "e-mail and phone both taken",
          body: () => ({ email: "holder@example.com", phone: "+14155550177", city: "Nope" }),
          error: invalid(
            { email: [TAKEN], phone: [TAKEN] },
            "Email has already been taken; Phone has already been taken",
          ),
        },
        {
          name: "an invalid e-mail",
          body: () => ({ email: "holder-at-example.com" }),
          error: invalid({ email: ["is invalid"] }, "Email is invalid"),
        },
        {
          name: "a blank first name and a null email",
          body: () => ({ first_name: "", email: null }),
          error: invalid(
            { first_name: ["can't be blank"], email: ["can't be blank"] },
            "First name can't be blank; Email can't be blank",
          ),
        },
        {
          name: "a phone without +",
          body: () => ({ phone: "415 555 0100" }),
          error: invalid(
            { phone: ["must be in international format, starting with + and the country code"] },
            "Phone must be in international format, starting with + and the country code",
          ),
        },
        {
          name: "suspended that is not a boolean",
          body: () => ({ suspended: "sometimes" }),
          error: invalid(
            { suspended: ["must be true or false"] },
            "Suspended must be true or false",
          ),
        },
        {
          name: "a suspended_until that is not a timestamp",
          body: () => ({ suspended_until: "next tuesday" }),
          error: invalid(
            { suspended_until: ["must be an ISO 8601 timestamp"] },
            "Suspended until must be an ISO 8601 timestamp",
          ),
        },
      ])("refuses $name with 422 and changes nothing", async ({ body, error }) => {
        const before = await invited();
        const res = await patchUser(before.id, body());
        expect({ status: res.status, body: res.body }).toEqual({ status: 422, body: error });
        expect((await getUser(before.id)).body).toEqual(before);
        expect((await getUser(holder.id)).body).toEqual(holder);
      });

      // Contract: all failing fields at once. The pair rule and uniqueness run only after the
      // body parsed, so they go unreported while another field is malformed.
      it("reports a malformed field, a broken pair and a taken phone at once", async () => {
        const before = await invited({ latitude: "1", longitude: "2" });
        const res = await patchUser(before.id, {
          email: "not-an-email",
          latitude: null,
          phone: holder.phone,
        });
        expect({ status: res.status, body: res.body }).toEqual({
          status: 422,
          body: invalid(
            {
              email: ["is invalid"],
              latitude: ["must be set together with longitude"],
              phone: [TAKEN],
            },
            expect.any(String),
          ),
        });
      });

      it("accepts a worker's own e-mail in other case and own phone in other format", async () => {
        const before = await invited({ email: "self@example.com", phone: "+14155550188" });
        const res = await patchUser(before.id, {
          email: "SELF@example.com",
          phone: "+1 (415) 555-0188",
        });
        expect(res.status, res.text).toBe(200);
        expect(res.body.phone).toBe("+14155550188");
        expect(res.body.email.toLowerCase()).toBe("self@example.com");
      });

      type RawCase = { name: string; opts: CallOptions; status: number; error: unknown };
      it.each<RawCase>([
        {
          name: "the documented example body, which is not JSON",
          opts: { body: DOCUMENTED_INVALID_JSON, contentType: "application/json" },
          status: 400,
          error: MALFORMED_JSON,
        },
        {
          name: "a form-encoded body",
          opts: { body: "user[first_name]=X", contentType: "application/x-www-form-urlencoded" },
          status: 415,
          error: {
            error: {
              code: "unsupported_media_type",
              message: "Send the request body as application/json",
            },
          },
        },
        {
          name: "a body over 1 MiB",
          opts: { json: { user: { address: "y".repeat(1024 * 1024 + 1) } } },
          status: 413,
          error: {
            error: {
              code: "payload_too_large",
              message: "Request body is larger than 1048576 bytes",
            },
          },
        },
      ])("answers $name with $status and changes nothing", async ({ opts, status, error }) => {
        const before = await invited();
        const res = await call("PATCH", `/api_v2/users/${before.id}`, {
          token: t.privateToken,
          ...opts,
        });
        expect({ status: res.status, body: res.body }).toEqual({ status, body: error });
        expect((await getUser(before.id)).body).toEqual(before);
      });

      it("answers an unknown id with 404", async () => {
        const res = await patchUser(2147483000, { first_name: "Ghost" });
        expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: NOT_FOUND });
        const res2 = await call("PATCH", "/api_v2/users/abc", {
          token: t.privateToken,
          json: { first_name: "Ghost" },
        });
        expect({ status: res2.status, body: res2.body }).toEqual({ status: 404, body: NOT_FOUND });
      });
    });
  });
});
