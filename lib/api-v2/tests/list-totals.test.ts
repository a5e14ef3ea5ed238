/**
 * The list's fast paths (see list-users.ts) must answer exactly what counting would: the
 * trigger-kept total of a private pool, the window total of a filtered list, and the order of
 * deep pages read through their ids.
 */
import { count, eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { companyUserCounts, users } from "@/lib/db/schema";
import { call, describeApi, type Tenant, workerBody } from "./harness";

describeApi("list totals and pages", (api) => {
  let a: Tenant;
  let b: Tenant;
  const invite = async (t: Tenant, overrides: Record<string, unknown> = {}) => {
    const res = await call("POST", "/api_v2/users/invite", {
      token: t.privateToken,
      json: workerBody(overrides),
    });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: number };
  };
  const list = async (t: Tenant, query: Record<string, string | number>) => {
    const res = await call("GET", "/api_v2/users", { token: t.privateToken, query });
    expect(res.status, res.text).toBe(200);
    return res.body as { users: { id: number; first_name: string }[]; total: number };
  };
  const counted = async (companyId: number) =>
    Number(
      (
        await api.database.db
          .select({ n: count() })
          .from(users)
          .where(eq(users.companyId, companyId))
      )[0]!.n,
    );

  beforeAll(async () => {
    a = await api.tenant("Totals A");
    b = await api.tenant("Totals B");
  });

  it("keeps each company's total under concurrent invites, refused ones included", async () => {
    const taken = workerBody();
    await invite(a, { email: taken.email, phone: taken.phone });
    // 24 at once into A (4 of them refused: the e-mail is taken), 6 into B.
    const results = await Promise.all([
      ...Array.from({ length: 20 }, () =>
        call("POST", "/api_v2/users/invite", { token: a.privateToken, json: workerBody() }),
      ),
      ...Array.from({ length: 4 }, () =>
        call("POST", "/api_v2/users/invite", {
          token: a.privateToken,
          json: workerBody({ email: taken.email }),
        }),
      ),
      ...Array.from({ length: 6 }, () =>
        call("POST", "/api_v2/users/invite", { token: b.privateToken, json: workerBody() }),
      ),
    ]);
    expect(results.filter((r) => r.status === 201)).toHaveLength(26);
    expect((await list(a, {})).total).toBe(21);
    expect((await list(b, {})).total).toBe(6);
    expect((await list(a, {})).total).toBe(await counted(a.companyId));
    const [row] = await api.database.db
      .select()
      .from(companyUserCounts)
      .where(eq(companyUserCounts.companyId, b.companyId));
    expect(row?.users).toBe(6);
  });

  it("counts a bulk insert once per company, and a deletion", async () => {
    const before = (await list(a, {})).total;
    await api.database.db.execute(sql`
      insert into users (company_id, first_name, last_name, email, phone, created_at, updated_at)
      select ${a.companyId}, 'Bulk', 'Row ' || g, 'bulk' || g || '.' || ${a.companyId} || '@example.com',
             '+1907555' || lpad(g::text, 4, '0'), now(), now()
      from generate_series(1, 40) as g`);
    expect((await list(a, {})).total).toBe(before + 40);
    await api.database.db.execute(
      sql`delete from users where company_id = ${a.companyId} and first_name = 'Bulk'`,
    );
    expect((await list(a, {})).total).toBe(before);
    expect(before).toBe(await counted(a.companyId));
  });

  it("gives a filtered list the same total as counting, past the last page too", async () => {
    for (let i = 0; i < 7; i++) await invite(a, { first_name: "Zebulon" });
    const first = await list(a, { q: "zebulon", per: 5 });
    expect(first.total).toBe(7);
    expect(first.users).toHaveLength(5);
    expect((await list(a, { q: "zebulon", per: 5, page: 2 })).users).toHaveLength(2);
    expect(await list(a, { q: "zebulon", per: 5, page: 9 })).toMatchObject({ users: [], total: 7 });
    expect(await list(a, { q: "nobody-at-all" })).toMatchObject({ users: [], total: 0 });
  });

  it("pages through the pool in one order, each worker once, for every sort", async () => {
    const all = await counted(a.companyId);
    for (const sort of ["-updated_at", "last_name", "-email", "id"]) {
      const seen: number[] = [];
      for (let page = 1; seen.length < all; page++) {
        const res = await list(a, { per: 7, page, sort });
        expect(res.total).toBe(all);
        if (res.users.length === 0) break;
        seen.push(...res.users.map((u) => Number(u.id)));
      }
      expect(seen).toHaveLength(all);
      expect(new Set(seen).size).toBe(all);
      // The same order as the whole list in one page.
      const whole = await list(a, { per: 200, sort });
      expect(whole.users.map((u) => Number(u.id))).toEqual(seen);
    }
  });
});
