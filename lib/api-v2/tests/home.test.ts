/**
 * GET /api_v2/home: every section over a known seeded set at a fixed "now" (Wednesday
 * 2026-11-25 12:00 UTC, so this week began Monday the 23rd), the company and "mine" views,
 * another company's rows invisible, roles, and refused queries.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { jobRequests, jobs, users } from "@/lib/db/schema";
import { setClock } from "../clock";
import { call, describeApi, type Person, type Tenant } from "./harness";

const NOW = new Date("2026-11-25T12:00:00.000Z");
const H = 3_600_000;
const D = 24 * H;
const at = (ms: number) => new Date(NOW.getTime() + ms);
const iso = (d: Date) => d.toISOString().replace("Z", "+00:00");

describeApi("home", (api) => {
  let a: Tenant;
  let b: Tenant;
  let mine: Person;
  let readOnly: Person;
  const ids: Record<string, number> = {};

  const worker = async (
    companyId: number,
    name: string,
    extra: Partial<typeof users.$inferInsert> = {},
  ) => {
    const [u] = await api.database.db
      .insert(users)
      .values({
        companyId,
        firstName: name,
        lastName: "Home",
        email: `${name.toLowerCase()}.${companyId}.${process.pid}@example.com`,
        phone: `+1907${String(companyId).padStart(3, "0")}${String(Object.keys(ids).length).padStart(4, "0")}`,
        passwordHash: "accepted",
        createdAt: NOW,
        updatedAt: NOW,
        ...extra,
      })
      .returning({ id: users.id });
    ids[`${name}${companyId}`] = u!.id;
    return u!.id;
  };
  const posting = async (
    companyId: number,
    name: string,
    values: Partial<typeof jobRequests.$inferInsert>,
    hired: [number, string][] = [],
  ) => {
    const [r] = await api.database.db
      .insert(jobRequests)
      .values({ companyId, name, state: "posted", createdAt: NOW, updatedAt: NOW, ...values })
      .returning({ id: jobRequests.id });
    for (const [userId, state] of hired) {
      const [j] = await api.database.db
        .insert(jobs)
        .values({
          companyId,
          jobRequestId: r!.id,
          userId,
          state,
          completedAt: state === "completed" ? at(-7 * D) : null,
          createdAt: NOW,
          updatedAt: NOW,
        })
        .returning({ id: jobs.id });
      ids[`job:${name}:${userId}`] = j!.id;
    }
    ids[name] = r!.id;
    return r!.id;
  };
  const home = async (token: string, query: Record<string, string> = {}) =>
    call("GET", "/api_v2/home", { token, query });

  beforeAll(async () => {
    a = await api.tenant("Home A");
    b = await api.tenant("Home B");
    mine = await api.person(a.companyId, "requestor", { firstName: "Mina" });
    readOnly = await api.person(a.companyId, "read_only");
    setClock(() => NOW);
    const w1 = await worker(a.companyId, "Ava");
    const w2 = await worker(a.companyId, "Ben");
    const w3 = await worker(a.companyId, "Cy");
    await worker(a.companyId, "Dee", { passwordHash: null, invitationExpiresAt: at(D) });
    await worker(a.companyId, "Eve", { passwordHash: null, invitationExpiresAt: at(-D) });
    await api.database.db.insert(users).values({
      companyId: a.companyId,
      type: "Employer",
      role: "requestor",
      firstName: "Tess",
      lastName: "Mate",
      email: `tess.${a.companyId}.${process.pid}@example.com`,
      invitationExpiresAt: at(D),
      createdAt: NOW,
      updatedAt: NOW,
    });
    const base = {
      wage: "20.00",
      duration: 240,
      category: "Warehouse",
      timezone: "America/Chicago",
    };
    // Mine, in two hours, 1 of 2 slots filled: upcoming and at risk; this week 1 × $20 × 4 h.
    await posting(
      a.companyId,
      "Soon",
      { ...base, employerId: mine.id, slots: 2, startTime: at(2 * H) },
      [[w1, "filled"]],
    );
    // Saturday, full: upcoming, not at risk; this week 1 × $15 × 2 h.
    await posting(
      a.companyId,
      "Saturday",
      {
        ...base,
        wage: "15.00",
        duration: 120,
        category: "Events",
        state: "filled",
        startTime: at(3 * D),
      },
      [[w2, "filled"]],
    );
    // Last week (mine): one completed (awaiting approval), one no-show; 1 × $25 × 1 h.
    await posting(
      a.companyId,
      "Last week",
      {
        ...base,
        employerId: mine.id,
        wage: "25.00",
        duration: 60,
        slots: 2,
        state: "completed",
        startTime: at(-8 * D),
      },
      [
        [w1, "completed"],
        [w3, "no_show"],
      ],
    );
    // Four weeks ago, approved: hours by category's earlier weeks, fill rate's 5th week.
    await posting(
      a.companyId,
      "October",
      {
        ...base,
        duration: 180,
        category: "Events",
        slots: 1,
        state: "approved",
        startTime: at(-29 * D),
      },
      [[w2, "approved"]],
    );
    await posting(a.companyId, "Draft", { ...base, state: "draft", startTime: at(H) });
    await posting(a.companyId, "Later", { ...base, startTime: at(10 * D) });
    // Another company's posting at risk and its completed job: never in A's home.
    const other = await worker(b.companyId, "Zed");
    await posting(b.companyId, "Other", { ...base, slots: 3, startTime: at(H) }, [
      [other, "completed"],
    ]);
  });
  // Each test at the same moment (the setup resets the clock between tests).
  beforeEach(() => setClock(() => NOW));
  afterAll(() => setClock(null));

  it("answers every section of the company view", async () => {
    const res = await home(a.privateToken);
    expect(res.status, res.text).toBe(200);
    const h = res.body.home;
    expect(h.view).toBe("company");
    expect(h.time_zone).toBe("UTC");
    expect(h.today_start).toBe("2026-11-25T00:00:00.000+00:00");
    expect(h.upcoming.total).toBe(2);
    expect(
      h.upcoming.job_requests.map((r: { name: string; filled: number; slots: number }) => [
        r.name,
        r.filled,
        r.slots,
      ]),
    ).toEqual([
      ["Soon", 1, 2],
      ["Saturday", 1, 1],
    ]);
    expect(h.upcoming.job_requests[0]).toMatchObject({
      id: ids.Soon,
      start_time: iso(at(2 * H)),
      timezone: "America/Chicago",
      duration: 240,
      category: "Warehouse",
    });
    expect(h.at_risk).toEqual({ total: 1, job_requests: [h.upcoming.job_requests[0]] });
    expect(h.awaiting_approval.total).toBe(1);
    expect(h.awaiting_approval.jobs).toEqual([
      {
        id: ids[`job:Last week:${ids[`Ava${a.companyId}`]}`],
        job_request_id: ids["Last week"],
        job_request_name: "Last week",
        user_id: ids[`Ava${a.companyId}`],
        worker_name: "Ava Home",
        start_time: iso(at(-8 * D)),
        timezone: "America/Chicago",
        completed_at: iso(at(-7 * D)),
      },
    ]);
    const unread = await call("GET", "/api_v2/messages/unread", { token: a.privateToken });
    expect(h.unread_messages).toBe(unread.body.total);
    expect(h.invitations).toEqual({
      workers: { invited: 1, expired: 1 },
      teammates: { invited: 1, expired: 0 },
    });
    expect(h.this_week).toEqual({
      week_start: "2026-11-23T00:00:00.000+00:00",
      spend: "110.00",
      hours: 6,
      filled_slots: 2,
    });
    expect(h.last_week).toEqual({
      week_start: "2026-11-16T00:00:00.000+00:00",
      spend: "25.00",
      hours: 1,
      filled_slots: 1,
    });
    expect(h.charts.fill_rate).toHaveLength(8);
    expect(h.charts.fill_rate[0].week_start).toBe("2026-10-05T00:00:00.000+00:00");
    expect(h.charts.fill_rate.slice(-5)).toEqual([
      { week_start: "2026-10-26T00:00:00.000+00:00", posted_slots: 1, filled_slots: 1 },
      { week_start: "2026-11-02T00:00:00.000+00:00", posted_slots: 0, filled_slots: 0 },
      { week_start: "2026-11-09T00:00:00.000+00:00", posted_slots: 0, filled_slots: 0 },
      { week_start: "2026-11-16T00:00:00.000+00:00", posted_slots: 2, filled_slots: 1 },
      { week_start: "2026-11-23T00:00:00.000+00:00", posted_slots: 3, filled_slots: 2 },
    ]);
    expect(h.charts.no_shows.slice(-2)).toEqual([
      { week_start: "2026-11-16T00:00:00.000+00:00", jobs: 2, no_shows: 1 },
      { week_start: "2026-11-23T00:00:00.000+00:00", jobs: 2, no_shows: 0 },
    ]);
    expect(h.charts.hours_by_category).toEqual([
      { category: "Warehouse", this_week: 4, previous_weeks: 1 },
      { category: "Events", this_week: 2, previous_weeks: 3 },
    ]);
  });

  it("narrows to the person's postings in the mine view; a key pair always gets the company", async () => {
    const res = await home(mine.token, { view: "mine" });
    expect(res.status, res.text).toBe(200);
    const h = res.body.home;
    expect(h.view).toBe("mine");
    expect(h.upcoming.job_requests.map((r: { name: string }) => r.name)).toEqual(["Soon"]);
    expect(h.awaiting_approval.total).toBe(1);
    expect(h.this_week.spend).toBe("80.00");
    expect(h.invitations.workers).toEqual({ invited: 1, expired: 1 });
    const key = await home(a.privateToken, { view: "mine" });
    expect(key.body.home.view).toBe("company");
    expect(key.body.home.upcoming.total).toBe(2);
    const other = await home(b.privateToken);
    expect(other.body.home.upcoming.job_requests.map((r: { name: string }) => r.name)).toEqual([
      "Other",
    ]);
    expect(other.body.home.awaiting_approval.total).toBe(1);
    expect(other.body.home.invitations.workers).toEqual({ invited: 0, expired: 0 });
  });

  it("begins days and weeks in the asked time zone", async () => {
    // 12:00 UTC is 01:00 on Thursday the 26th in Auckland (UTC+13): its week began Monday 23rd there.
    const res = await home(a.privateToken, { time_zone: "Pacific/Auckland" });
    expect(res.status, res.text).toBe(200);
    expect(res.body.home.today_start).toBe("2026-11-25T11:00:00.000+00:00");
    expect(res.body.home.this_week.week_start).toBe("2026-11-22T11:00:00.000+00:00");
  });

  it("counts each week's figures in the asked time zone, across a change of clocks", async () => {
    // Chicago left daylight time on Sunday 1 November 2026: its Mondays began at 05:00 UTC before,
    // at 06:00 after. A posting at 05:30 UTC on Monday 2 November is Sunday 23:30 there, in the
    // week of 26 October; in UTC it is in the week of 2 November.
    const zed = await worker(b.companyId, "Yul");
    await posting(
      b.companyId,
      "Sunday night",
      {
        wage: "20.00",
        duration: 60,
        category: "Events",
        timezone: "America/Chicago",
        slots: 2,
        state: "approved",
        startTime: new Date("2026-11-02T05:30:00.000Z"),
      },
      [[zed, "approved"]],
    );
    const weeks = async (time_zone: string) => {
      const res = await home(b.privateToken, { time_zone });
      expect(res.status, res.text).toBe(200);
      return res.body.home.charts.fill_rate as {
        week_start: string;
        posted_slots: number;
        filled_slots: number;
      }[];
    };
    const chicago = await weeks("America/Chicago");
    expect(chicago).toHaveLength(8);
    expect(chicago[0]!.week_start).toBe("2026-10-05T05:00:00.000+00:00");
    expect(chicago.slice(3, 5)).toEqual([
      { week_start: "2026-10-26T05:00:00.000+00:00", posted_slots: 2, filled_slots: 1 },
      { week_start: "2026-11-02T06:00:00.000+00:00", posted_slots: 0, filled_slots: 0 },
    ]);
    const utc = await weeks("UTC");
    expect(utc.slice(3, 5)).toEqual([
      { week_start: "2026-10-26T00:00:00.000+00:00", posted_slots: 0, filled_slots: 0 },
      { week_start: "2026-11-02T00:00:00.000+00:00", posted_slots: 2, filled_slots: 1 },
    ]);
  });

  it("is open to every role and key, without unread counts where messages are closed", async () => {
    const ro = await home(readOnly.token);
    expect(ro.status).toBe(200);
    expect(ro.body.home.upcoming.total).toBe(2);
    const pub = await home(a.publicToken);
    expect(pub.status).toBe(200);
    expect(pub.body.home.unread_messages).toBeNull();
    const none = await call("GET", "/api_v2/home");
    expect(none.status).toBe(401);
  });

  it("refuses a bad query with the one error shape", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ view: "all" }, "Query parameter view must be company or mine"],
      [
        { time_zone: "Mars/Base" },
        "Query parameter time_zone must be an IANA time zone such as America/Chicago",
      ],
    ];
    for (const [query, message] of cases) {
      const res = await home(a.privateToken, query);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 400,
        body: { error: { code: "malformed_request", message } },
      });
    }
  });

  it("drops an approved job from awaiting approval", async () => {
    const id = ids[`job:Last week:${ids[`Ava${a.companyId}`]}`]!;
    const res = await call("PATCH", `/api_v2/jobs/${id}`, {
      token: mine.token,
      json: { state: "approved", rating: 5 },
    });
    expect(res.status, res.text).toBe(200);
    const h = (await home(a.privateToken)).body.home;
    expect(h.awaiting_approval).toEqual({ total: 0, jobs: [] });
  });
});
