/**
 * Lists newest first read their index in order (migration 0019): PostgreSQL's `desc` is NULLS
 * FIRST, and an index built NULLS LAST cannot give that order, so the list sorted every row of the
 * company for each page (the job request list at 100,000 postings: 98 ms). The ORDER BY below is
 * the one the list services write (`desc(updatedAt), desc(id)`, `desc(id)`); the plan must walk
 * the index with no Sort above it, on both engines.
 */
import { type SQL, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { describeApi, type Tenant } from "./harness";

type Raw = Record<string, unknown>;
const rowsOf = (result: unknown): Raw[] =>
  ((result as { rows?: Raw[] }).rows ?? (result as Raw[])) as Raw[];

describeApi("list order indexes", (api) => {
  let t: Tenant;
  const exec = async (q: SQL) => rowsOf(await api.database.db.execute(q));
  const plan = async (q: SQL) =>
    (await exec(sql`explain ${q}`)).map((r) => String(Object.values(r)[0])).join("\n");

  beforeAll(async () => {
    t = await api.tenant("Ordered Co");
    // Enough rows that reading them all and sorting would be the planner's worse choice.
    await exec(sql`insert into job_requests (company_id, name, state, slots, created_at, updated_at)
      select ${t.companyId}, 'Ordered ' || g, 'posted', 1, now(), now() - make_interval(mins => g % 500)
      from generate_series(1, 3000) g`);
    const [worker] =
      await exec(sql`insert into users (company_id, first_name, last_name, email, phone, created_at, updated_at)
      values (${t.companyId}, 'Orla', 'Order', ${`orla.${t.companyId}.${process.pid}@example.com`}, '+19075550199', now(), now())
      returning id`);
    await exec(sql`insert into jobs (company_id, job_request_id, user_id, state, created_at, updated_at)
      select company_id, id, ${Number(worker!.id)}, 'pending', now(), updated_at
      from job_requests where company_id = ${t.companyId}`);
    await exec(sql`analyze job_requests`);
    await exec(sql`analyze jobs`);
  });

  it("the job request list and the jobs list walk their index newest first, sorting only ties", async () => {
    for (const [table, index] of [
      ["job_requests", "job_requests_company_updated_idx"],
      ["jobs", "jobs_company_updated_idx"],
    ] as const) {
      const text = await plan(
        sql`select * from ${sql.identifier(table)} where company_id = ${t.companyId}
          order by updated_at desc, id desc limit 50 offset 100`,
      );
      expect(text, table).toContain(index);
      // The index holds the id too: nothing left to sort.
      expect(text, table).not.toMatch(/Sort/);
    }
  });
});
