import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { userBadges } from "@/lib/db/schema";
import { call, describeApi, type Tenant, workerBody } from "./harness";

/**
 * Our additions to the badge resource: `workers_count` on GET /badges, and DELETE
 * /badges/:id?remove_from_workers=true, which takes the badge from its holders in the same
 * transaction that deletes it.
 */
describeApi("badge counts and deleting a held badge", (api) => {
  let t: Tenant;
  let n = 0;

  beforeAll(async () => {
    t = await api.tenant("Badge Delete Co");
  });

  const badge = async (name = `Held ${++n}`) => {
    const res = await call("POST", "/api_v2/badges", {
      token: t.privateToken,
      json: { name, description: "Held by some" },
    });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: number; name: string };
  };
  const worker = async (badgeIds: number[]) => {
    const res = await call("POST", "/api_v2/users/invite", {
      token: t.privateToken,
      json: workerBody({
        user_badges_attributes: badgeIds.map((id) => ({ badge_id: String(id) })),
      }),
    });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: number; updated_at: string };
  };
  const getUser = (id: number) => call("GET", `/api_v2/users/${id}`, { token: t.privateToken });
  const listed = async (query: string, token = t.privateToken) => {
    const res = await call("GET", "/api_v2/badges", { token, query: { query } });
    expect(res.status, res.text).toBe(200);
    return res.body.badges as { id: number; name: string; workers_count: number }[];
  };
  const remove = (id: number, query: Record<string, string> = { remove_from_workers: "true" }) =>
    call("DELETE", `/api_v2/badges/${id}`, { token: t.privateToken, query });

  it("counts each badge's holders on the list, as GET /users?badge_id= totals them", async () => {
    const [a, b, c] = [await badge("Count A"), await badge("Count B"), await badge("Count C")];
    await worker([a.id, b.id]);
    await worker([a.id]);
    await worker([a.id, c.id]);
    const counts = Object.fromEntries(
      (await listed("Count ")).map((x) => [x.name, x.workers_count]),
    );
    expect(counts).toEqual({ "Count A": 3, "Count B": 1, "Count C": 1 });
    const users = await call("GET", "/api_v2/users", {
      token: t.privateToken,
      query: { badge_id: a.id, per: 1 },
    });
    expect(users.body.total).toBe(3);
    // A public-pool key sees only workers with an active job for the company: none here.
    const seen = (await listed("Count ", t.publicToken)).map((x) => x.workers_count);
    expect(seen).toEqual([0, 0, 0]);
  });

  it("deletes a held badge with remove_from_workers=true: the holders lose it, nothing else", async () => {
    const gone = await badge();
    const kept = await badge();
    const w1 = await worker([gone.id, kept.id]);
    const w2 = await worker([gone.id]);
    const bystander = await worker([kept.id]);
    const etagBefore = (await getUser(w1.id)).headers.get("etag")!;

    const res = await remove(gone.id);
    expect({ status: res.status, text: res.text }).toEqual({ status: 204, text: "" });

    const again = await call("GET", `/api_v2/badges/${gone.id}`, { token: t.privateToken });
    expect(again.status).toBe(404);
    const held = async (id: number) =>
      (await getUser(id)).body.user_badges.map((b: { badge_id: string }) => b.badge_id);
    expect(await held(w1.id)).toEqual([String(kept.id)]);
    expect(await held(w2.id)).toEqual([]);
    expect(await held(bystander.id)).toEqual([String(kept.id)]);

    // The holders changed as a PATCH would change them: a new ETag (an editor still holding the
    // old one gets 412, not a silent overwrite), a later updated_at, and a history entry.
    const after = await getUser(w1.id);
    expect(after.headers.get("etag")).not.toBe(etagBefore);
    expect(Date.parse(after.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(w1.updated_at));
    const stale = await call("PATCH", `/api_v2/users/${w1.id}`, {
      token: t.privateToken,
      json: { city: "Oakland" },
      headers: { "if-match": etagBefore },
    });
    expect(stale.status).toBe(412);
    const history = await call("GET", `/api_v2/users/${w2.id}/history`, { token: t.privateToken });
    expect(history.body.history[0]).toMatchObject({
      kind: "updated",
      actor: { type: "api_key", company_id: t.companyId },
      changes: {},
      badges_added: [],
      badges_removed: [{ badge_id: String(gone.id), name: gone.name }],
    });
    const bystanderHistory = await call("GET", `/api_v2/users/${bystander.id}/history`, {
      token: t.privateToken,
    });
    expect(bystanderHistory.body.history.map((h: { kind: string }) => h.kind)).toEqual(["invited"]);
  });

  it("still refuses a held badge without the parameter, and with remove_from_workers=false", async () => {
    const b = await badge();
    await worker([b.id]);
    for (const query of [{}, { remove_from_workers: "false" }] as Record<string, string>[]) {
      const res = await remove(b.id, query);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 422,
        body: {
          error: {
            code: "validation_failed",
            message: "Badge is still assigned to 1 worker; remove it from them first",
            fields: { badge: ["is still assigned to 1 worker; remove it from them first"] },
          },
        },
      });
    }
  });

  it.each([
    ["maybe", 400, "malformed_request"],
    ["true", 404, "not_found"],
  ])("answers remove_from_workers=%s on a missing badge with %i", async (value, status, code) => {
    const res = await remove(2147483000, { remove_from_workers: value });
    expect({ status: res.status, code: res.body.error.code }).toEqual({ status, code });
  });

  it("keeps a badge that a job request requires, with or without the parameter", async () => {
    const b = await badge();
    await worker([b.id]);
    const jr = await call("POST", "/api_v2/job_requests", {
      token: t.privateToken,
      json: {
        request_name: "Needs the badge",
        category: "Fulfillment / Warehousing",
        state: "draft",
        badge_requirements_attributes: [{ badge_id: b.id }],
      },
    });
    expect(jr.status, jr.text).toBe(201);
    const requiredBy = "is required by 1 job request; remove it from them first";
    const plain = await remove(b.id, {});
    expect({ status: plain.status, body: plain.body }).toEqual({
      status: 422,
      body: {
        error: {
          code: "validation_failed",
          message: `Badge is still assigned to 1 worker; remove it from them first; Badge ${requiredBy}`,
          fields: {
            badge: ["is still assigned to 1 worker; remove it from them first", requiredBy],
          },
        },
      },
    });
    // Taking it from the workers would not be enough: the job request's posting is not changed.
    const removing = await remove(b.id);
    expect({ status: removing.status, body: removing.body }).toEqual({
      status: 422,
      body: {
        error: {
          code: "validation_failed",
          message: `Badge ${requiredBy}`,
          fields: { badge: [requiredBy] },
        },
      },
    });
    // Nothing changed: the worker still holds it.
    const held = await call("GET", "/api_v2/users", {
      token: t.privateToken,
      query: { badge_id: b.id },
    });
    expect(held.body.total).toBe(1);
  });

  it("deletes a badge no one holds with the parameter too", async () => {
    const b = await badge();
    expect((await remove(b.id)).status).toBe(204);
  });

  it("is one transaction against workers being given the badge at the same moment", async () => {
    const b = await badge("Contested");
    const holders = await Promise.all(Array.from({ length: 5 }, () => worker([b.id])));
    const others = await Promise.all(Array.from({ length: 10 }, () => worker([])));
    const give = (w: { id: number }) =>
      call("PATCH", `/api_v2/users/${w.id}`, {
        token: t.privateToken,
        json: { user_badges_attributes: [{ badge_id: String(b.id) }] },
      });
    // Started in this order: some gifts run ahead of the delete, some behind it.
    const before = others.slice(0, 5).map(give);
    const deleting = remove(b.id);
    const behind = others.slice(5).map(give);
    const [del, ...given] = await Promise.all([deleting, ...before, ...behind]);
    expect(del.status, del.text).toBe(204);
    for (const res of given) {
      // Given before the delete (it then took the badge away again), or refused after it.
      if (res.status === 200) continue;
      expect({ status: res.status, body: res.body }).toEqual({
        status: 422,
        body: {
          error: {
            code: "validation_failed",
            message: `User badges badge ${b.id} does not exist`,
            fields: { user_badges: [`badge ${b.id} does not exist`] },
          },
        },
      });
    }
    const left = await api.database.db
      .select({ id: userBadges.id })
      .from(userBadges)
      .where(and(eq(userBadges.badgeId, b.id)));
    expect(left).toEqual([]);
    for (const w of [...holders, ...others]) {
      expect((await getUser(w.id)).body.user_badges).toEqual([]);
    }
  });
});
