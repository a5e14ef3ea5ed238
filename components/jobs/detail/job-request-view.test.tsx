import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Job, JobRequest } from "@/lib/portal/job-types";
import { JobRequestView } from "./job-request-view";

const REQUEST: JobRequest = {
  id: 7,
  state: "posted",
  request_name: "Warehouse shift",
  category: "Warehouse",
  description: "Unload the trucks.",
  slots: 3,
  start_time: "2026-06-06T13:00:00.000Z",
  duration: 240,
  timezone: "America/New_York",
  wage: 22.5,
  classification: "1099",
  w2_hourly_rate: null,
  venue: "Dock 4",
  address: "1 Harbor Rd",
  city: "Newark",
  zip: "07105",
  latitude: 40.7,
  longitude: -74.1,
  cached_job_states: { filled: 1 },
  badge_requirements: [{ id: 1, badge_id: 3, badge_name: "Forklift" }],
  updated_at: "2026-06-01T10:00:00.000Z",
  created_at: "2026-06-01T09:00:00.000Z",
  posted_at: "2026-06-01T09:01:00.000Z",
};

const person = (id: number, first: string, last: string) =>
  ({ id, first_name: first, last_name: last, phone: "" }) as unknown as Job["worker"];

const job = (id: number, state: string, who: Job["worker"], over: Partial<Job> = {}): Job => ({
  id,
  state,
  job_request_id: 7,
  created_at: "2026-06-01T10:00:00.000Z",
  updated_at: "2026-06-01T10:00:00.000Z",
  confirmed_at: "2026-06-01T10:00:00.000Z",
  started_at: null,
  completed_at: null,
  finished_at: null,
  hours_worked: null,
  requestor_notes: null,
  cancelled_reason: null,
  worker: who,
  transitions: [
    {
      id: id * 10,
      job_id: id,
      created_at: "2026-06-01T10:00:00.000Z",
      name: "filled",
      latitude: null,
      longitude: null,
      from_state: null,
      actor: "requestor",
    },
  ],
  ...over,
});

const MARIA = person(41, "Maria", "Garcia");
const LI = person(42, "Li", "Wei");

type Call = { method: string; path: string; body: unknown };
let calls: Call[];
let answer: (c: Call) => { status: number; body: unknown } | undefined;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function serve(request: JobRequest | null, jobs: Job[]) {
  answer = () => undefined;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.replace(/^\/api\/proxy\//, "");
      const call = {
        method: init?.method ?? "GET",
        path,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const custom = answer(call);
      if (custom) return json(custom.status, custom.body);
      if (path === "job_requests/7" && call.method === "GET") {
        return request
          ? json(200, { job_request: request })
          : json(404, { error: { code: "not_found", message: "Job request not found" } });
      }
      if (path.startsWith("jobs?job_request_id=7")) {
        return json(200, { jobs, page: 1, per: 100, total: jobs.length });
      }
      return json(404, { error: { code: "not_found", message: "Not found" } });
    }),
  );
}

beforeEach(() => {
  calls = [];
});
afterEach(() => vi.unstubAllGlobals());

const view = (props: Partial<Parameters<typeof JobRequestView>[0]> = {}) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <JobRequestView
        id={7}
        pool="private"
        mapTileUrl=""
        ranking={false}
        simulate={false}
        {...props}
      />
    </QueryClientProvider>,
  );

describe("the job request page", () => {
  it("shows the request, its slots from the jobs, its workers and their timeline", async () => {
    serve(REQUEST, [
      job(1, "completed", MARIA),
      job(2, "filled", LI),
      job(3, "withdrawn", person(43, "Sam", "Lee")),
    ]);
    view();
    expect(await screen.findByRole("heading", { level: 1, name: "Warehouse shift" })).toBeTruthy();
    expect(screen.getByText("Posted")).toBeTruthy();
    // Two of the three jobs hold a slot (the cache says one: the jobs win).
    const meter = await screen.findByRole("progressbar", { name: "Slots filled" });
    await waitFor(() => expect(meter.getAttribute("aria-valuetext")).toBe("2 of 3 filled"));
    expect(screen.getByText("Forklift")).toBeTruthy();
    expect(screen.getByText(/9:00 AM EDT/)).toBeTruthy();

    const workers = screen.getByRole("list", { name: "Hired workers" });
    expect(within(workers).getByRole("link", { name: "Maria Garcia" }).getAttribute("href")).toBe(
      "/workers/41",
    );
    expect(screen.getByRole("button", { name: "Approve Maria Garcia's job" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Start Li Wei's job" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cancel Li Wei's job" })).toBeTruthy();
    // A withdrawn job offers nothing.
    expect(screen.queryByRole("button", { name: /Sam Lee/ })).toBeNull();
    // The demo buttons only when asked for.
    expect(screen.queryByRole("button", { name: /^Demo:/ })).toBeNull();

    const timeline = screen.getByRole("list", { name: "Events, newest first" });
    expect(within(timeline).getAllByRole("listitem")).toHaveLength(5);
    // The request's own actions for a posted request.
    expect(screen.getByRole("button", { name: "Unpost" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cancel request" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Post" })).toBeNull();
  });

  it("approves a completed job, with a rating when a star is chosen", async () => {
    serve(REQUEST, [job(1, "completed", MARIA)]);
    answer = (c) =>
      c.method === "PATCH" ? { status: 200, body: { job: job(1, "approved", MARIA) } } : undefined;
    const user = userEvent.setup();
    view();
    await user.click(await screen.findByRole("button", { name: "Approve Maria Garcia's job" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PATCH")).toEqual({
        method: "PATCH",
        path: "jobs/1",
        body: { job: { state: "approved" } },
      }),
    );
    calls = [];
    await user.click(screen.getByRole("button", { name: "4 stars for Maria Garcia" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({
        job: { rating: 4, state: "approved" },
      }),
    );
  });

  it("asks before cancelling a job, with a reason", async () => {
    serve(REQUEST, [job(2, "filled", LI)]);
    answer = (c) =>
      c.method === "PATCH" ? { status: 200, body: { job: job(2, "cancelled", LI) } } : undefined;
    const user = userEvent.setup();
    view();
    await user.click(await screen.findByRole("button", { name: "Cancel Li Wei's job" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel Li Wei's job?" });
    // Focus starts on the safe choice.
    expect(document.activeElement?.textContent).toBe("Keep the job");
    await user.selectOptions(
      within(dialog).getByRole("combobox", { name: "Reason" }),
      "asked_to_cancel",
    );
    await user.click(within(dialog).getByRole("button", { name: "Yes, cancel the job" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PATCH")).toEqual({
        method: "PATCH",
        path: "jobs/2",
        body: { job: { state: "cancelled", cancelled_reason: "asked_to_cancel" } },
      }),
    );
  });

  it("asks before cancelling the request, then sends the state", async () => {
    serve(REQUEST, [job(2, "filled", LI)]);
    answer = (c) =>
      c.method === "PATCH"
        ? { status: 200, body: { job_request: { ...REQUEST, state: "cancelled" } } }
        : undefined;
    const user = userEvent.setup();
    view();
    await user.click(await screen.findByRole("button", { name: "Cancel request" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel this job request?" });
    await waitFor(() =>
      expect(dialog.textContent).toContain("the job still under way is cancelled too"),
    );
    await user.click(within(dialog).getByRole("button", { name: "Yes, cancel the request" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PATCH")).toEqual({
        method: "PATCH",
        path: "job_requests/7",
        body: { job_request: { state: "cancelled" } },
      }),
    );
    expect(await screen.findByText("Cancelled")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Cancel request" })).toBeNull();
  });

  it("shows a refusal on the job's row and keeps the buttons", async () => {
    serve(REQUEST, [job(2, "filled", LI)]);
    answer = (c) =>
      c.method === "PATCH"
        ? {
            status: 422,
            body: {
              error: {
                code: "validation_failed",
                message: "Validation failed",
                fields: { state: ["cannot move from cancelled to in_progress"] },
              },
            },
          }
        : undefined;
    const user = userEvent.setup();
    view();
    const start = await screen.findByRole("button", { name: "Start Li Wei's job" });
    await user.click(start);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Cannot move from cancelled to in_progress.",
    );
    expect((start as HTMLButtonElement).disabled).toBe(false);
  });

  it("acts as the worker in the demo, with only the moves their state allows", async () => {
    serve(REQUEST, [job(2, "filled", LI)]);
    answer = (c) =>
      c.path === "jobs/2/simulate"
        ? { status: 200, body: { job: job(2, "in_progress", LI) } }
        : undefined;
    const user = userEvent.setup();
    view({ simulate: true });
    const starts = await screen.findByRole("button", { name: "Demo: Li Wei starts the job" });
    expect(
      screen.getByRole("button", { name: "Demo: Li Wei withdraws from the job" }),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Demo: Li Wei completes the job" })).toBeNull();
    await user.click(starts);
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")).toEqual({
        method: "POST",
        path: "jobs/2/simulate",
        body: { action: "start" },
      }),
    );
  });

  it("gives public-pool keys no buttons", async () => {
    serve(REQUEST, [job(1, "completed", MARIA)]);
    view({ pool: "public", simulate: true });
    expect(await screen.findByRole("link", { name: "Maria Garcia" })).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("says so when the request does not exist", async () => {
    serve(null, []);
    view();
    expect(
      await screen.findByRole("heading", { name: "This job request does not exist" }),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to job requests" }).getAttribute("href")).toBe(
      "/jobs",
    );
  });

  it("offers a retry when the request cannot be loaded", async () => {
    serve(REQUEST, []);
    answer = (c) =>
      c.path === "job_requests/7"
        ? { status: 502, body: { error: { code: "upstream_error", message: "The API is down" } } }
        : undefined;
    const user = userEvent.setup();
    view();
    expect(await screen.findByText("The API is down")).toBeTruthy();
    answer = () => undefined;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Warehouse shift" })).toBeTruthy();
  });

  describe("live: pushed by our API, polled against the real service", () => {
    /** The stream the page opens (a browser's EventSource, driven by the test). */
    class FakeEventSource extends EventTarget {
      static CLOSED = 2;
      static made: FakeEventSource[] = [];
      readyState = 0;
      constructor(readonly url: string) {
        super();
        FakeEventSource.made.push(this);
      }
      close() {
        this.readyState = FakeEventSource.CLOSED;
      }
      emit(type: string, data: unknown = {}) {
        if (type === "open") this.readyState = 1;
        this.dispatchEvent(Object.assign(new Event(type), { data: JSON.stringify(data) }));
      }
    }
    const jobsQuery = (qc: QueryClient) =>
      qc.getQueryCache().find({ queryKey: ["jobs", "request", 7] });
    const show = (live: "stream" | "poll") => {
      const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      render(
        <QueryClientProvider client={qc}>
          <JobRequestView
            id={7}
            pool="private"
            mapTileUrl=""
            ranking={false}
            simulate={false}
            messaging={{ write: true, live, me: null }}
          />
        </QueryClientProvider>,
      );
      return qc;
    };
    const reads = () =>
      calls.filter(
        (c) => c.method === "GET" && (c.path === "job_requests/7" || c.path.startsWith("jobs?")),
      ).length;

    beforeEach(() => {
      FakeEventSource.made = [];
      vi.stubGlobal("EventSource", FakeEventSource);
    });

    it("follows the stream and never polls: a job event reads the request and its jobs again", async () => {
      serve(REQUEST, [job(1, "filled", MARIA)]);
      const qc = show("stream");
      expect(await screen.findByRole("link", { name: "Maria Garcia" })).toBeTruthy();
      // The jobs query has no interval: an open page asks nothing while nothing happens.
      expect(jobsQuery(qc)?.observers[0]?.options.refetchInterval).toBeUndefined();
      const [s] = FakeEventSource.made;
      expect(s?.url).toBe("/api/live/messages?job_request_id=7");
      s?.emit("open");
      await waitFor(() => expect(reads()).toBe(4));
      // Someone else hired Li: the event names the request; the page reads it again.
      serve(REQUEST, [job(1, "filled", MARIA), job(2, "filled", LI)]);
      s?.emit("job", { job_request_id: 7, job_id: 2 });
      expect(await screen.findByRole("link", { name: "Li Wei" })).toBeTruthy();
    });

    it("polls every 5 s against the real service (no stream)", async () => {
      serve(REQUEST, [job(1, "filled", MARIA)]);
      const qc = show("poll");
      expect(await screen.findByRole("link", { name: "Maria Garcia" })).toBeTruthy();
      await waitFor(() => expect(jobsQuery(qc)?.observers[0]?.options.refetchInterval).toBe(5_000));
      expect(FakeEventSource.made).toHaveLength(0);
    });
  });
});
