import { and, eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { badges, invitations, userBadges, users } from "@/lib/db/schema";
import { createBadgeFor } from "../admin/admin";
import { type ApiResponse, call, describeApi, type Tenant, workerBody } from "./harness";

const TAKEN = "has already been taken";
const taken = (field: string, label: string) => ({
  error: {
    code: "validation_failed",
    message: `${label} has already been taken`,
    fields: { [field]: [TAKEN] },
  },
});

/** Status → how many responses had it. */
const tally = (responses: ApiResponse[]) => {
  const out: Record<number, number> = {};
  for (const r of responses) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
};

describeApi("concurrency", (api) => {
  let t: Tenant;
  beforeAll(async () => {
    t = await api.tenant("Busy Co");
  });

  const db = () => api.database.db;
  const invite = (json: unknown) =>
    call("POST", "/api_v2/users/invite", { token: t.privateToken, json });
  const patchUser = (id: number, json: unknown, headers: Record<string, string> = {}) =>
    call("PATCH", `/api_v2/users/${id}`, { token: t.privateToken, json, headers });

  it("50 parallel invites with one e-mail: one 201, 49 × 422 on email, one row", async () => {
    const email = "race@example.com";
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        // Case and spaces differ too: uniqueness is on the trimmed, lower-cased address.
        invite(workerBody({ email: i % 2 ? email : `  RACE@Example.com ` })),
      ),
    );
    expect(tally(responses)).toEqual({ 201: 1, 422: 49 });
    for (const r of responses.filter((x) => x.status === 422)) {
      expect(r.body).toEqual(taken("email", "Email"));
    }
    const rows = await db()
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(responses.find((r) => r.status === 201)!.body.id);
    // A refused invite leaves no invitation behind either.
    const sent = await db()
      .select({ id: invitations.id })
      .from(invitations)
      .where(sql`lower(${invitations.email}) = ${email}`);
    expect(sent).toHaveLength(1);
  });

  it("50 parallel invites with one phone in different formats: one 201", async () => {
    const formats = [
      "+14155550199",
      "+1 415-555-0199",
      "+1 (415) 555 0199",
      "+1-415-555-0199",
      "+1.415.555.0199",
      "+1 415 555 0199",
      "+1415-555-0199",
      "+1 (415) 555-0199",
      "+1 4155550199",
      " +14155550199 ",
    ];
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        invite(workerBody({ phone: formats[i % formats.length] })),
      ),
    );
    expect(tally(responses)).toEqual({ 201: 1, 422: 49 });
    for (const r of responses.filter((x) => x.status === 422)) {
      expect(r.body).toEqual(taken("phone", "Phone"));
    }
    expect(responses.find((r) => r.status === 201)!.body.phone).toBe("+14155550199");
    const rows = await db().select().from(users).where(eq(users.phone, "+14155550199"));
    expect(rows).toHaveLength(1);
  });

  it("20 parallel invites with one external_id in a company: one 201", async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => invite(workerBody({ external_id: "race-ext" }))),
    );
    expect(tally(responses)).toEqual({ 201: 1, 422: 19 });
    for (const r of responses.filter((x) => x.status === 422)) {
      expect(r.body).toEqual(taken("external_id", "External id"));
    }
    const rows = await db()
      .select()
      .from(users)
      .where(and(eq(users.companyId, t.companyId), eq(users.externalId, "race-ext")));
    expect(rows).toHaveLength(1);
  });

  it("50 parallel PATCHes adding one badge: one 200, the rest 422 duplicate_badge", async () => {
    const { badge_id: badgeId } = await createBadgeFor(
      db(),
      t.companyId,
      { name: "Race badge", description: "d" },
      new Date(),
    );
    const created = await invite(workerBody());
    expect(created.status).toBe(201);
    const id = created.body.id as number;

    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        patchUser(id, { user_badges_attributes: [{ badge_id: String(badgeId) }] }),
      ),
    );
    expect(tally(responses)).toEqual({ 200: 1, 422: 49 });
    // Seen as already held (after the winner committed) or as a unique violation (racing it).
    const duplicateBodies = [
      {
        error: {
          code: "duplicate_badge",
          message: `The worker cannot hold the same badge twice (badge ${badgeId})`,
          fields: { user_badges: [`badge ${badgeId} is already assigned`] },
        },
      },
      {
        error: {
          code: "duplicate_badge",
          message: "The worker already holds this badge",
          fields: { user_badges: ["is already assigned"] },
        },
      },
    ];
    for (const r of responses.filter((x) => x.status === 422)) {
      expect(duplicateBodies).toContainEqual(r.body);
    }

    const got = await call("GET", `/api_v2/users/${id}`, { token: t.privateToken });
    expect(got.body.user_badges.map((b: any) => b.badge_id)).toEqual([String(badgeId)]);
    const rows = await db()
      .select()
      .from(userBadges)
      .where(and(eq(userBadges.userId, id), eq(userBadges.badgeId, badgeId)));
    expect(rows).toHaveLength(1);
  });

  it("10 parallel PATCHes with the same If-Match: one 200, nine 412", async () => {
    const created = await invite(workerBody());
    const id = created.body.id as number;
    const got = await call("GET", `/api_v2/users/${id}`, { token: t.privateToken });
    const etag = got.headers.get("etag")!;
    expect(etag).toBeTruthy();

    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        patchUser(id, { first_name: `Editor${i}`, city: `City${i}` }, { "if-match": etag }),
      ),
    );
    expect(tally(responses)).toEqual({ 200: 1, 412: 9 });
    for (const r of responses.filter((x) => x.status === 412)) {
      expect(r.body).toEqual({
        error: {
          code: "precondition_failed",
          message:
            "The worker was changed by someone else since you loaded it; reload and apply your changes again",
        },
      });
    }
    // The winner's edit is whole: no field of a loser slipped in.
    const winner = responses.find((r) => r.status === 200)!;
    const n = winner.body.first_name.replace("Editor", "");
    expect(winner.body.city).toBe(`City${n}`);
    const after = await call("GET", `/api_v2/users/${id}`, { token: t.privateToken });
    expect(after.body).toEqual(winner.body);
    expect(after.headers.get("etag")).toBe(winner.headers.get("etag"));
  });

  it("20 parallel badge creates with one name in different cases: one 201", async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call("POST", "/api_v2/badges", {
          token: t.privateToken,
          json: { name: i % 2 ? "Night Shift" : "NIGHT SHIFT", description: "d" },
        }),
      ),
    );
    expect(tally(responses)).toEqual({ 201: 1, 422: 19 });
    for (const r of responses.filter((x) => x.status === 422)) {
      expect(r.body).toEqual(taken("name", "Name"));
    }
    const rows = await db()
      .select()
      .from(badges)
      .where(and(eq(badges.companyId, t.companyId), sql`lower(${badges.name}) = 'night shift'`));
    expect(rows).toHaveLength(1);
  });
});
