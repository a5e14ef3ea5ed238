import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { userBadges } from "@/lib/db/schema";
import { type CallOptions, call, describeApi, type Tenant, workerBody } from "./harness";

const BADGE_FIELDS = [
  "id",
  "name",
  "description",
  "info_url",
  "icon_url",
  "is_soft",
  "created_at",
  "updated_at",
];
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/;

const invalid = (fields: Record<string, string[]>, message: string) => ({
  error: { code: "validation_failed", message, fields },
});
const BADGE_NOT_FOUND = { error: { code: "not_found", message: "Badge not found" } };
const FORBIDDEN = {
  error: {
    code: "forbidden_for_public_pool",
    message: "This operation needs a private pool key; public pool keys may only read",
  },
};
const duplicate = (badgeId: number) => ({
  error: {
    code: "duplicate_badge",
    message: `The worker cannot hold the same badge twice (badge ${badgeId})`,
    fields: { user_badges: [`badge ${badgeId} is already assigned`] },
  },
});
const unknownBadge = (badgeId: number) =>
  invalid(
    { user_badges: [`badge ${badgeId} does not exist`] },
    `User badges badge ${badgeId} does not exist`,
  );

describeApi("badges", (api) => {
  let t: Tenant;
  let other: Tenant;
  let n = 0;

  beforeAll(async () => {
    t = await api.tenant("Badge Co");
    other = await api.tenant("Other Badge Co");
  });

  const createBadge = (json: unknown, token = t.privateToken) =>
    call("POST", "/api_v2/badges", { token, json });
  const badge = async (overrides: Record<string, unknown> = {}, token = t.privateToken) => {
    const res = await createBadge(
      { name: `Badge ${++n}`, description: "Can do the thing", ...overrides },
      token,
    );
    expect(res.status, res.text).toBe(201);
    return res.body as { id: number; name: string };
  };
  const worker = async (overrides: Record<string, unknown> = {}) => {
    const res = await call("POST", "/api_v2/users/invite", {
      token: t.privateToken,
      json: workerBody(overrides),
    });
    expect(res.status, res.text).toBe(201);
    return res.body;
  };
  const patchUser = (id: number, json: unknown, opts: CallOptions = {}) =>
    call("PATCH", `/api_v2/users/${id}`, { token: t.privateToken, json, ...opts });
  const getUser = (id: number) => call("GET", `/api_v2/users/${id}`, { token: t.privateToken });
  const heldBadgeIds = async (userId: number) =>
    (await getUser(userId)).body.user_badges.map((b: any) => b.badge_id);

  describe("the badge resource", () => {
    it("creates a badge: 201, Location, every field", async () => {
      const res = await createBadge({
        name: "Forklift",
        description: "Licensed to drive a forklift",
        info_url: "https://example.com/forklift",
        icon_url: "https://example.com/forklift.png",
        is_soft: true,
      });
      expect(res.status, res.text).toBe(201);
      expect(Object.keys(res.body)).toEqual(BADGE_FIELDS);
      expect(res.body).toEqual({
        id: expect.any(Number),
        name: "Forklift",
        description: "Licensed to drive a forklift",
        info_url: "https://example.com/forklift",
        icon_url: "https://example.com/forklift.png",
        is_soft: true,
        created_at: expect.stringMatching(TIMESTAMP),
        updated_at: expect.stringMatching(TIMESTAMP),
      });
      expect(res.headers.get("location")).toBe(`/api_v2/badges/${res.body.id}`);
      const got = await call("GET", res.headers.get("location")!, { token: t.privateToken });
      expect(got.status).toBe(200);
      expect(got.body).toEqual(res.body);
    });

    it("defaults the optional fields", async () => {
      const res = await createBadge({ badge: { name: "Barista", description: "Makes coffee" } });
      expect(res.status, res.text).toBe(201);
      expect(res.body).toMatchObject({
        name: "Barista",
        description: "Makes coffee",
        info_url: null,
        icon_url: null,
        is_soft: false,
      });
    });

    it("allows a name another company already uses", async () => {
      await badge({ name: "Shared Name" });
      const theirs = await badge({ name: "shared name" }, other.privateToken);
      expect(theirs.name).toBe("shared name");
    });

    type Case = { name: string; body: () => unknown; status: number; error: unknown };
    it.each<Case>([
      {
        name: "an empty body",
        body: () => ({}),
        status: 422,
        error: invalid(
          { name: ["can't be blank"], description: ["can't be blank"] },
          "Name can't be blank; Description can't be blank",
        ),
      },
      {
        name: "no description",
        body: () => ({ name: "Welder" }),
        status: 422,
        error: invalid({ description: ["can't be blank"] }, "Description can't be blank"),
      },
      {
        name: "a blank description",
        body: () => ({ name: "Welder", description: "   " }),
        status: 422,
        error: invalid({ description: ["can't be blank"] }, "Description can't be blank"),
      },
      {
        name: "a name taken in the company, in another case",
        body: () => ({ name: "FORKLIFT", description: "x" }),
        status: 422,
        error: invalid({ name: ["has already been taken"] }, "Name has already been taken"),
      },
      {
        name: "a name taken in the company, with spaces",
        body: () => ({ name: "  forklift ", description: "x" }),
        status: 422,
        error: invalid({ name: ["has already been taken"] }, "Name has already been taken"),
      },
      {
        name: "a name over 100 characters",
        body: () => ({ name: "n".repeat(101), description: "x" }),
        status: 422,
        error: invalid(
          { name: ["is too long (maximum is 100 characters)"] },
          "Name is too long (maximum is 100 characters)",
        ),
      },
      {
        name: "an info_url that is not http(s)",
        body: () => ({ name: "Welder", description: "x", info_url: "ftp://example.com" }),
        status: 422,
        error: invalid({ info_url: ["must be an http(s) URL"] }, "Info url must be an http(s) URL"),
      },
      {
        name: "is_soft that is not a boolean",
        body: () => ({ name: "Welder", description: "x", is_soft: "soft" }),
        status: 422,
        error: invalid({ is_soft: ["must be true or false"] }, "Is soft must be true or false"),
      },
    ])("refuses to create a badge with $name", async ({ body, status, error }) => {
      const before = (await call("GET", "/api_v2/badges", { token: t.privateToken })).body.total;
      const res = await createBadge(body());
      expect({ status: res.status, body: res.body }).toEqual({ status, body: error });
      const after = (await call("GET", "/api_v2/badges", { token: t.privateToken })).body.total;
      expect(after).toBe(before);
    });

    it("refuses a body that is not JSON with 400 and a form body with 415", async () => {
      const bad = await call("POST", "/api_v2/badges", {
        token: t.privateToken,
        body: '{"name": Welder}',
        contentType: "application/json",
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe("malformed_request");
      const formBody = await call("POST", "/api_v2/badges", {
        token: t.privateToken,
        body: "name=Welder&description=x",
        contentType: "application/x-www-form-urlencoded",
      });
      expect({ status: formBody.status, body: formBody.body }).toEqual({
        status: 415,
        body: {
          error: {
            code: "unsupported_media_type",
            message: "Send the request body as application/json",
          },
        },
      });
    });

    it("lists the company's badges, filtered by name with query", async () => {
      const lister = await api.tenant("Badge Lister");
      for (const name of ["Forklift Driver", "Barista", "Forklift Trainer", "Bartender"]) {
        await badge({ name }, lister.privateToken);
      }
      await badge({ name: "Forklift Elsewhere" }, other.privateToken);
      const names = async (query?: Record<string, string>) => {
        const res = await call("GET", "/api_v2/badges", { token: lister.privateToken, query });
        expect(res.status).toBe(200);
        expect(res.body.total).toBe(res.body.badges.length);
        return res.body.badges.map((b: any) => b.name);
      };
      expect(await names()).toEqual([
        "Barista",
        "Bartender",
        "Forklift Driver",
        "Forklift Trainer",
      ]);
      expect(await names({ query: "forklift" })).toEqual(["Forklift Driver", "Forklift Trainer"]);
      expect(await names({ query: "BAR" })).toEqual(["Barista", "Bartender"]);
      expect(await names({ query: "tender" })).toEqual(["Bartender"]);
      expect(await names({ query: "%" })).toEqual([]);
      expect(await names({ query: "welder" })).toEqual([]);
      expect(await names({ query: "" })).toHaveLength(4);
      // Public-pool keys of the company read the same list.
      const pub = await call("GET", "/api_v2/badges", {
        token: lister.publicToken,
        query: { query: "bar" },
      });
      expect(pub.body.badges.map((b: any) => b.name)).toEqual(["Barista", "Bartender"]);
    });

    it("pages the list like users", async () => {
      const res = await call("GET", "/api_v2/badges", {
        token: t.privateToken,
        query: { per: 1, page: 2 },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ page: 2, per: 1 });
      expect(res.body.badges).toHaveLength(1);
      const bad = await call("GET", "/api_v2/badges", {
        token: t.privateToken,
        query: { page: 0 },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe("malformed_request");
    });

    it("updates a badge partially", async () => {
      const b = await badge({ info_url: "https://example.com/a" });
      const res = await call("PATCH", `/api_v2/badges/${b.id}`, {
        token: t.privateToken,
        json: { description: "New description", is_soft: true },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({
        ...b,
        description: "New description",
        is_soft: true,
        updated_at: expect.stringMatching(TIMESTAMP),
      });
      // Its own name in another case is not "taken".
      const renamed = await call("PATCH", `/api_v2/badges/${b.id}`, {
        token: t.privateToken,
        json: { badge: { name: b.name.toUpperCase() } },
      });
      expect(renamed.status, renamed.text).toBe(200);
      expect(renamed.body.name).toBe(b.name.toUpperCase());
    });

    it.each<{ name: string; body: (taken: string) => unknown; error: unknown }>([
      {
        name: "a name another badge of the company has, in another case",
        body: (taken) => ({ name: taken.toLowerCase() }),
        error: invalid({ name: ["has already been taken"] }, "Name has already been taken"),
      },
      {
        name: "a blank description",
        body: () => ({ description: "" }),
        error: invalid({ description: ["can't be blank"] }, "Description can't be blank"),
      },
      {
        name: "a null name",
        body: () => ({ name: null }),
        error: invalid({ name: ["can't be blank"] }, "Name can't be blank"),
      },
    ])("refuses to update a badge with $name", async ({ body, error }) => {
      const taken = await badge({ name: `Taken ${n}` });
      const b = await badge();
      const res = await call("PATCH", `/api_v2/badges/${b.id}`, {
        token: t.privateToken,
        json: body(taken.name),
      });
      expect({ status: res.status, body: res.body }).toEqual({ status: 422, body: error });
      const got = await call("GET", `/api_v2/badges/${b.id}`, { token: t.privateToken });
      expect(got.body).toEqual(b);
    });

    it.each(["2147483000", "abc", "0"])(
      "answers badge %s that does not exist with 404",
      async (id) => {
        for (const [method, json] of [
          ["GET", undefined],
          ["PATCH", { name: "x" }],
          ["DELETE", undefined],
        ] as const) {
          const res = await call(method, `/api_v2/badges/${id}`, { token: t.privateToken, json });
          expect({ status: res.status, body: res.body }).toEqual({
            status: 404,
            body: BADGE_NOT_FOUND,
          });
        }
      },
    );

    it("refuses every badge write with a public-pool key", async () => {
      const b = await badge();
      const attempts = await Promise.all([
        call("POST", "/api_v2/badges", {
          token: t.publicToken,
          json: { name: "Public", description: "x" },
        }),
        call("PATCH", `/api_v2/badges/${b.id}`, { token: t.publicToken, json: { name: "P" } }),
        call("DELETE", `/api_v2/badges/${b.id}`, { token: t.publicToken }),
      ]);
      for (const res of attempts) {
        expect({ status: res.status, body: res.body }).toEqual({ status: 403, body: FORBIDDEN });
      }
      const got = await call("GET", `/api_v2/badges/${b.id}`, { token: t.publicToken });
      expect(got.status).toBe(200);
      expect(got.body).toEqual(b);
      const list = await call("GET", "/api_v2/badges", {
        token: t.privateToken,
        query: { query: "Public" },
      });
      expect(list.body.badges).toEqual([]);
    });

    it("deletes an unused badge: 204, then 404", async () => {
      const b = await badge();
      const res = await call("DELETE", `/api_v2/badges/${b.id}`, { token: t.privateToken });
      expect(res.status).toBe(204);
      expect(res.text).toBe("");
      expect(res.headers.get("x-request-id")).toBeTruthy();
      for (const method of ["GET", "DELETE"]) {
        const again = await call(method, `/api_v2/badges/${b.id}`, { token: t.privateToken });
        expect({ status: again.status, body: again.body }).toEqual({
          status: 404,
          body: BADGE_NOT_FOUND,
        });
      }
    });

    it("never deletes a badge a worker holds", async () => {
      const b = await badge();
      const w = await worker({ user_badges_attributes: [{ badge_id: String(b.id) }] });
      expect(w.user_badges.map((x: any) => x.badge_id)).toEqual([String(b.id)]);

      const res = await call("DELETE", `/api_v2/badges/${b.id}`, { token: t.privateToken });
      expect(res.status).toBeGreaterThanOrEqual(400);
      const got = await call("GET", `/api_v2/badges/${b.id}`, { token: t.privateToken });
      expect(got.body).toEqual(b);
      expect(await heldBadgeIds(w.id)).toEqual([String(b.id)]);

      // Once no worker holds it, it can go.
      const removed = await patchUser(w.id, {
        user_badges_attributes: [{ badge_id: String(b.id), _destroy: true }],
      });
      expect(removed.status, removed.text).toBe(200);
      const del = await call("DELETE", `/api_v2/badges/${b.id}`, { token: t.privateToken });
      expect(del.status).toBe(204);
    });

    // PostgreSQL 18 (PGlite 0.5 is 18.6) reports ON DELETE RESTRICT as SQLSTATE 23001, older
    // servers as 23503: both must come out as 422.
    it("answers 422 when deleting a badge a worker holds", async () => {
      const b = await badge();
      await worker({ user_badges_attributes: [{ badge_id: String(b.id) }] });
      await worker({ user_badges_attributes: [{ badge_id: b.id }] });
      const res = await call("DELETE", `/api_v2/badges/${b.id}`, { token: t.privateToken });
      expect({ status: res.status, body: res.body }).toEqual({
        status: 422,
        body: invalid(
          { badge: ["is still assigned to 2 workers; remove it from them first"] },
          "Badge is still assigned to 2 workers; remove it from them first",
        ),
      });
    });
  });

  describe("badges on a worker", () => {
    let a: { id: number };
    let b: { id: number };
    let c: { id: number };
    let foreign: { id: number };
    beforeAll(async () => {
      a = await badge();
      b = await badge();
      c = await badge();
      foreign = await badge({}, other.privateToken);
    });

    it('adds with user_badges_attributes: [{"badge_id": "<id>"}]', async () => {
      const w = await worker();
      const res = await patchUser(w.id, { user_badges_attributes: [{ badge_id: String(a.id) }] });
      expect(res.status, res.text).toBe(200);
      expect(res.body.user_badges).toHaveLength(1);
      const [ub] = res.body.user_badges;
      expect(Object.keys(ub)).toEqual(["id", "user_id", "badge_id", "created_at"]);
      expect(ub).toEqual({
        id: expect.any(Number),
        user_id: w.id,
        badge_id: String(a.id),
        created_at: expect.stringMatching(TIMESTAMP),
      });
      expect((await getUser(w.id)).body.user_badges).toEqual([ub]);
    });

    it("adds several at once, under user, and keeps the order assigned", async () => {
      const w = await worker();
      const first = await patchUser(w.id, {
        user: { user_badges_attributes: [{ badge_id: String(c.id) }] },
      });
      expect(first.status, first.text).toBe(200);
      const res = await patchUser(w.id, {
        user: { user_badges_attributes: [{ badge_id: a.id }, { badge_id: String(b.id) }] },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.user_badges.map((x: any) => x.badge_id)).toEqual(
        [c.id, a.id, b.id].map(String),
      );
    });

    it("gives badges on invite", async () => {
      const w = await worker({ user_badges_attributes: [{ badge_id: String(b.id) }] });
      expect(w.user_badges).toEqual([
        {
          id: expect.any(Number),
          user_id: w.id,
          badge_id: String(b.id),
          created_at: expect.stringMatching(TIMESTAMP),
        },
      ]);
    });

    it('removes with {"id": <user badge id>, "_destroy": true}', async () => {
      const w = await worker({
        user_badges_attributes: [{ badge_id: String(a.id) }, { badge_id: String(b.id) }],
      });
      const userBadgeId = w.user_badges.find((x: any) => x.badge_id === String(a.id)).id;
      const res = await patchUser(w.id, {
        user_badges_attributes: [{ id: userBadgeId, _destroy: true }],
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.user_badges.map((x: any) => x.badge_id)).toEqual([String(b.id)]);
      expect(await heldBadgeIds(w.id)).toEqual([String(b.id)]);
    });

    it('removes with {"badge_id": "<id>", "_destroy": true}', async () => {
      const w = await worker({
        user_badges_attributes: [{ badge_id: String(a.id) }, { badge_id: String(b.id) }],
      });
      const res = await patchUser(w.id, {
        user_badges_attributes: [{ badge_id: String(b.id), _destroy: true }],
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.user_badges.map((x: any) => x.badge_id)).toEqual([String(a.id)]);
    });

    it("removes one and adds another in one request", async () => {
      const w = await worker({ user_badges_attributes: [{ badge_id: String(a.id) }] });
      const res = await patchUser(w.id, {
        user_badges_attributes: [{ badge_id: String(c.id) }, { badge_id: a.id, _destroy: "1" }],
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.user_badges.map((x: any) => x.badge_id)).toEqual([String(c.id)]);
    });

    it("replaces the whole set with user_badges: [...]", async () => {
      const w = await worker({
        user_badges_attributes: [{ badge_id: String(a.id) }, { badge_id: String(b.id) }],
      });
      const keptRow = w.user_badges.find((x: any) => x.badge_id === String(b.id));
      const res = await patchUser(w.id, {
        user_badges: [{ badge_id: String(b.id) }, { badge_id: String(c.id) }],
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.user_badges.map((x: any) => x.badge_id).sort()).toEqual(
        [String(b.id), String(c.id)].sort(),
      );
      // A badge kept by the replacement keeps its row.
      expect(res.body.user_badges).toContainEqual(keptRow);

      const cleared = await patchUser(w.id, { user: { user_badges: [] } });
      expect(cleared.status, cleared.text).toBe(200);
      expect(cleared.body.user_badges).toEqual([]);
      expect(await heldBadgeIds(w.id)).toEqual([]);
    });

    it("refuses a badge the worker already holds, and applies nothing of the request", async () => {
      const w = await worker({ user_badges_attributes: [{ badge_id: String(a.id) }] });
      const before = await getUser(w.id);
      const res = await patchUser(w.id, {
        first_name: "Changed",
        city: "Elsewhere",
        user_badges_attributes: [{ badge_id: String(b.id) }, { badge_id: String(a.id) }],
      });
      expect({ status: res.status, body: res.body }).toEqual({
        status: 422,
        body: duplicate(a.id),
      });
      const after = await getUser(w.id);
      expect(after.body).toEqual(before.body);
      expect(after.headers.get("etag")).toBe(before.headers.get("etag"));
    });

    it.each<{ name: string; body: (ids: { a: number; b: number }) => unknown }>([
      {
        name: "user_badges_attributes",
        body: ({ a }) => ({
          user_badges_attributes: [{ badge_id: String(a) }, { badge_id: a }],
        }),
      },
      {
        name: "user_badges",
        body: ({ a, b }) => ({
          user_badges: [{ badge_id: String(a) }, { badge_id: String(b) }, { badge_id: String(a) }],
        }),
      },
      {
        name: "user_badges_attributes under user, with a field change",
        body: ({ a }) => ({
          user: {
            last_name: "Changed",
            user_badges_attributes: [{ badge_id: String(a) }, { badge_id: String(a) }],
          },
        }),
      },
    ])("refuses the same badge named twice in one request ($name)", async ({ body }) => {
      const w = await worker();
      const res = await patchUser(w.id, body({ a: a.id, b: b.id }));
      expect({ status: res.status, body: res.body }).toEqual({
        status: 422,
        body: duplicate(a.id),
      });
      expect((await getUser(w.id)).body).toEqual(w);
    });

    it("refuses the same badge twice on invite, and creates nobody", async () => {
      const body = workerBody({
        user_badges_attributes: [{ badge_id: String(a.id) }, { badge_id: String(a.id) }],
      });
      const res = await call("POST", "/api_v2/users/invite", { token: t.privateToken, json: body });
      expect({ status: res.status, body: res.body }).toEqual({
        status: 422,
        body: duplicate(a.id),
      });
      const found = await call("GET", "/api_v2/users", {
        token: t.privateToken,
        query: { email: body.email as string },
      });
      expect(found.body.total).toBe(0);
    });

    it.each<{ name: string; badgeId: () => number }>([
      { name: "an unknown badge", badgeId: () => 2147483000 },
      { name: "another company's badge", badgeId: () => foreign.id },
    ])("refuses $name with 422 validation_failed", async ({ badgeId }) => {
      const w = await worker({ user_badges_attributes: [{ badge_id: String(a.id) }] });
      for (const body of [
        { first_name: "Changed", user_badges_attributes: [{ badge_id: String(badgeId()) }] },
        { user_badges: [{ badge_id: String(a.id) }, { badge_id: String(badgeId()) }] },
      ]) {
        const res = await patchUser(w.id, body);
        expect({ status: res.status, body: res.body }).toEqual({
          status: 422,
          body: unknownBadge(badgeId()),
        });
      }
      expect((await getUser(w.id)).body).toEqual(w);
      const invite = await call("POST", "/api_v2/users/invite", {
        token: t.privateToken,
        json: workerBody({ user_badges_attributes: [{ badge_id: badgeId() }] }),
      });
      expect({ status: invite.status, body: invite.body }).toEqual({
        status: 422,
        body: unknownBadge(badgeId()),
      });
    });

    it("refuses to remove, by id, a user badge of another worker", async () => {
      const owner = await worker({ user_badges_attributes: [{ badge_id: String(a.id) }] });
      const w = await worker({ user_badges_attributes: [{ badge_id: String(a.id) }] });
      const res = await patchUser(w.id, {
        user_badges_attributes: [{ id: owner.user_badges[0].id, _destroy: true }],
      });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe("validation_failed");
      expect(res.body.error.fields).toEqual({
        "user_badges_attributes[0].id": ["is not a badge of this worker"],
      });
      expect((await getUser(owner.id)).body).toEqual(owner);
      expect((await getUser(w.id)).body).toEqual(w);
    });

    it.each<{ name: string; body: unknown; field: string }>([
      {
        name: "a badge reference that is not an id",
        body: { user_badges: ["forklift"] },
        field: "user_badges[0]",
      },
      {
        name: "an attribute without badge_id or id",
        body: { user_badges_attributes: [{ _destroy: true }] },
        field: "user_badges_attributes[0]",
      },
      { name: "user_badges that is not a list", body: { user_badges: "12" }, field: "user_badges" },
    ])("refuses $name with 422", async ({ body, field }) => {
      const w = await worker();
      const res = await patchUser(w.id, body);
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe("validation_failed");
      expect(Object.keys(res.body.error.fields)).toEqual([field]);
    });

    it("changes the worker's updated_at and ETag when only badges change", async () => {
      const w = await worker();
      const before = await getUser(w.id);
      const res = await patchUser(
        w.id,
        { user_badges_attributes: [{ badge_id: String(c.id) }] },
        { headers: { "if-match": before.headers.get("etag")! } },
      );
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get("etag")).not.toBe(before.headers.get("etag"));
      expect(Date.parse(res.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(w.updated_at));
    });

    it("never stores a badge twice for a worker", async () => {
      const w = await worker({ user_badges_attributes: [{ badge_id: String(b.id) }] });
      await patchUser(w.id, { user_badges_attributes: [{ badge_id: String(b.id) }] });
      await patchUser(w.id, { user_badges: [{ badge_id: String(b.id) }, { badge_id: b.id }] });
      const rows = await api.database.db
        .select()
        .from(userBadges)
        .where(and(eq(userBadges.userId, w.id), eq(userBadges.badgeId, b.id)));
      expect(rows).toHaveLength(1);
    });
  });
});
