import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { noteIssuedSecret } from "@/e2e/support/secret-scan";
import { jobRequests, jobs, jobTransitions, users } from "@/lib/db/schema";
import { seedDemo } from "../demo/seed-demo";
import { call, describeApi } from "./harness";

/** The demo company's team: four people, each with a password of their own that works. */
describeApi("the demo team", (api) => {
  it("seeds an admin, two requestors and a viewer who sign in with their own passwords, and spreads the postings over those who may request", async () => {
    const db = api.database.db;
    const seeded = await seedDemo(db, { now: new Date(), workerCount: 60, environment: "test" });
    const people = seeded!.people;
    for (const p of people) noteIssuedSecret(p.password);
    expect(people.map(({ name, role, title }) => ({ name, role, title }))).toEqual([
      { name: "Dana Lee", role: "customer_admin", title: "Operations manager" },
      { name: "Marcus Whitfield", role: "requestor", title: "Warehouse shift supervisor" },
      { name: "Priya Raman", role: "requestor", title: "Events staffing coordinator" },
      { name: "Tom Okafor", role: "read_only", title: "Finance analyst" },
    ]);
    expect(new Set(people.map((p) => p.password)).size).toBe(4);
    for (const p of people) expect(p.password).toMatch(/^[A-Za-z0-9_-]{16}$/);

    const ids: number[] = [];
    for (const p of people) {
      const res = await call("POST", "/api_v2/authenticate", {
        json: { email: p.email, password: p.password },
      });
      expect(res.status, `${p.name}: ${res.text}`).toBe(200);
      const me = await call("GET", "/api_v2/me", { bearer: res.body.token });
      expect([me.body.user.email, me.body.user.role]).toEqual([p.email, p.role]);
      expect(me.body.company.id).toBe(seeded!.company_id);
      ids.push(me.body.user.id);
    }
    // One person's password is not another's.
    const crossed = await call("POST", "/api_v2/authenticate", {
      json: { email: people[0]!.email, password: people[1]!.password },
    });
    expect(crossed.status).toBe(401);
    // Only hashes are stored.
    const rows = await db.select().from(users).where(eq(users.type, "Employer"));
    expect(rows.map((r) => r.passwordHash?.startsWith("scrypt$"))).toEqual([
      true,
      true,
      true,
      true,
    ]);

    const postings = await db
      .select({ id: jobRequests.id, employerId: jobRequests.employerId })
      .from(jobRequests);
    const [admin, marcus, priya, viewer] = ids;
    const by = (id: number | undefined) => postings.filter((r) => r.employerId === id).length;
    expect(by(viewer)).toBe(0);
    expect(by(marcus)).toBeGreaterThan(by(admin));
    expect(by(priya)).toBeGreaterThan(by(admin));
    expect(by(admin) + by(marcus) + by(priya)).toBe(postings.length);

    // Their steps in the jobs' timelines are signed with the posting's requestor.
    const steps = await db
      .select({
        name: jobTransitions.name,
        actor: jobTransitions.actor,
        actorUserId: jobTransitions.actorUserId,
        employerId: jobRequests.employerId,
      })
      .from(jobTransitions)
      .innerJoin(jobs, eq(jobs.id, jobTransitions.jobId))
      .innerJoin(jobRequests, eq(jobRequests.id, jobs.jobRequestId));
    expect(steps.length).toBeGreaterThan(0);
    for (const s of steps) {
      expect(s.actorUserId, s.name).toBe(s.actor === "requestor" ? s.employerId : null);
    }
  });
});
