/**
 * GET /job_requests?start_after=&start_before=&sort=start_time (ours: the portal's calendar).
 * The window is half-open — start_after inclusive, start_before exclusive — so a week and the
 * next never share a request; a request without a start never falls in a window.
 */
import { beforeAll, expect, it } from "vitest";
import { call, describeApi, type Tenant } from "./harness";

const posting = (start: string | null, name: string, timezone = "America/New_York") => ({
  request_name: name,
  category: "Event Staff",
  // A draft may be incomplete: the one without a start is a draft.
  state: start ? "posted" : "draft",
  description_tasks: "Set up the hall",
  slots: 2,
  ...(start && { start_time: start }),
  timezone,
  duration: 240,
  wage: 20,
  address: "1 Main St",
  city: "Newark",
  address_state: "NJ",
  zip: "07102",
  latitude: "40.7357",
  longitude: "-74.1724",
});

describeApi("job requests by start", (api) => {
  let a: Tenant;
  let b: Tenant;

  const list = (t: Tenant, query: Record<string, string>) =>
    call("GET", "/api_v2/job_requests", { token: t.privateToken, query });
  const names = async (t: Tenant, query: Record<string, string>) => {
    const res = await list(t, query);
    expect(res.status, res.text).toBe(200);
    return (res.body.job_requests as { request_name: string }[]).map((r) => r.request_name);
  };

  beforeAll(async () => {
    a = await api.tenant("Start Window A");
    b = await api.tenant("Start Window B");
    const post = async (t: Tenant, json: Record<string, unknown>) => {
      const res = await call("POST", "/api_v2/job_requests", { token: t.privateToken, json });
      expect(res.status, res.text).toBe(201);
    };
    // Sequential: the default order (newest change first) is then the reverse of this one.
    // 09:00 in New York is 14:00Z in March; 06:00 in Los Angeles is 14:00Z too.
    await post(a, posting("2027-03-01T14:00:00Z", "on the lower bound"));
    await post(a, posting("2027-03-07 23:59", "last minute of the week", "America/Los_Angeles"));
    await post(a, posting("2027-03-03 09:00", "midweek"));
    await post(a, posting("2027-03-08T14:00:00Z", "on the upper bound"));
    await post(a, posting("2027-02-28 08:59", "the week before"));
    await post(a, posting(null, "no start yet"));
    await post(b, posting("2027-03-03 09:00", "another company's"));
  });

  it("filters a half-open window of starts, sorts by start, and stays in the company", async () => {
    const week = { start_after: "2027-03-01T14:00:00Z", start_before: "2027-03-08T14:00:00Z" };
    // Inclusive lower bound, exclusive upper; by start when asked, nulls last.
    expect(await names(a, { ...week, sort: "start_time" })).toEqual([
      "on the lower bound",
      "midweek",
      "last minute of the week",
    ]);
    // The reference's order stays the default.
    expect(await names(a, week)).toEqual([
      "midweek",
      "last minute of the week",
      "on the lower bound",
    ]);
    // One bound alone; a request without a start matches no window but sorts last.
    expect(await names(a, { start_before: "2027-03-01T14:00:00Z", sort: "start_time" })).toEqual([
      "the week before",
    ]);
    expect(await names(a, { start_after: "2027-03-08T14:00:00Z" })).toEqual(["on the upper bound"]);
    expect((await names(a, { sort: "start_time" })).at(-1)).toBe("no start yet");
    // With the other filters, and an offset in the timestamp.
    expect(
      await names(a, {
        start_after: "2027-03-03T09:00:00-05:00",
        start_before: "2027-03-03T09:00:01-05:00",
        state: "posted",
      }),
    ).toEqual(["midweek"]);
    // Company-scoped: B sees its own request only, with the same window.
    expect(await names(b, week)).toEqual(["another company's"]);
    expect(await names(b, { ...week, company_id: String(a.companyId) })).toEqual([]);
  });

  it("refuses a malformed time or sort in the house error shape", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ start_after: "tomorrow" }, "Query parameter start_after must be an ISO 8601 timestamp"],
      [
        { start_before: "2027-13-01" },
        "Query parameter start_before must be an ISO 8601 timestamp",
      ],
      [{ sort: "wage" }, "Query parameter sort must be one of -updated_at, start_time"],
    ];
    for (const [query, message] of cases) {
      const res = await list(a, query);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 400,
        body: { error: { code: "malformed_request", message } },
      });
    }
  });
});
