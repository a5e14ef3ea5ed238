import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { JOB_EVENTS_DEBOUNCE_MS, useMessageStream } from "@/lib/portal/client/use-message-stream";

/** An EventSource the test drives: opens, events, errors, closing. */
class FakeEventSource extends EventTarget {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.made.push(this);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data?: unknown) {
    if (type === "open") this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(
      Object.assign(new Event(type), { data: data === undefined ? "" : JSON.stringify(data) }),
    );
  }
}

let qc: QueryClient;
let invalidated: unknown[][];
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={qc}>{children}</QueryClientProvider>
);

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.made = [];
  vi.stubGlobal("EventSource", FakeEventSource);
  qc = new QueryClient();
  invalidated = [];
  vi.spyOn(qc, "invalidateQueries").mockImplementation(async (f) => {
    invalidated.push([...((f as { queryKey: unknown[] }).queryKey ?? [])]);
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** What a (re)open reads again on the job page of request 5, and on the list. */
const JOB_PAGE = [
  ["job_requests", "detail", 5],
  ["jobs", "request", 5],
  ["job_requests", "list"],
  ["job_requests", "series"],
];
const LIST = [
  ["job_requests", "list"],
  ["job_requests", "series"],
];

describe("useMessageStream", () => {
  it("opens the portal's stream for the request and reads again only what an event names", () => {
    renderHook(() => useMessageStream(5, true), { wrapper });
    const [s] = FakeEventSource.made;
    expect(s?.url).toBe("/api/live/messages?job_request_id=5");
    // Open: what was read before it listened is read again, once.
    s?.emit("open");
    expect(invalidated).toEqual([["messages"], ...JOB_PAGE]);
    invalidated = [];
    s?.emit("message", { id: 12, job_id: 34, job_request_id: 5 });
    expect(invalidated).toEqual([
      ["messages", "thread", 34],
      ["messages", "unread"],
    ]);
    invalidated = [];
    s?.emit("read", { job_id: 35, job_request_id: 5 });
    expect(invalidated).toEqual([
      ["messages", "thread", 35],
      ["messages", "unread"],
    ]);
  });

  it("after a gap reads everything again; a refused stream is tried later, each wait longer", () => {
    renderHook(() => useMessageStream(null, true), { wrapper });
    const first = FakeEventSource.made[0];
    expect(first?.url).toBe("/api/live/messages");
    first?.emit("open");
    invalidated = [];
    // The browser reconnects by itself (CONNECTING) and then succeeds: read again.
    first?.emit("error");
    expect(invalidated).toEqual([]);
    first?.emit("open");
    expect(invalidated).toEqual([["messages"], ...LIST]);
    // Refused (CLOSED): a new stream after 5 s, then after 10 s.
    if (first) first.readyState = FakeEventSource.CLOSED;
    first?.emit("error");
    expect(first?.closed).toBe(true);
    vi.advanceTimersByTime(4_999);
    expect(FakeEventSource.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.made).toHaveLength(2);
    const second = FakeEventSource.made[1];
    if (second) second.readyState = FakeEventSource.CLOSED;
    second?.emit("error");
    vi.advanceTimersByTime(9_999);
    expect(FakeEventSource.made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.made).toHaveLength(3);
  });

  it("the API's end (the token expired) is not answered by an immediate reconnect", () => {
    renderHook(() => useMessageStream(5, true), { wrapper });
    const s = FakeEventSource.made[0];
    s?.emit("open");
    s?.emit("end", { reason: "token_expired" });
    expect(s?.closed).toBe(true);
    expect(FakeEventSource.made).toHaveLength(1);
    vi.advanceTimersByTime(5_000);
    expect(FakeEventSource.made).toHaveLength(2);
  });

  it("closes on leaving the page, and opens nothing when not asked to (the real service)", () => {
    const { unmount } = renderHook(() => useMessageStream(5, true), { wrapper });
    unmount();
    expect(FakeEventSource.made[0]?.closed).toBe(true);
    renderHook(() => useMessageStream(5, false), { wrapper });
    expect(FakeEventSource.made).toHaveLength(1);
  });

  it("reads a request and its jobs again on job events, 300 ms of them together", () => {
    renderHook(() => useMessageStream(5, true), { wrapper });
    const [s] = FakeEventSource.made;
    s?.emit("open");
    invalidated = [];
    // A cancellation: the request and each of its jobs, one refetch for all.
    s?.emit("job", { job_request_id: 5 });
    s?.emit("job", { job_request_id: 5, job_id: 34 });
    s?.emit("job", { job_request_id: 5, job_id: 35 });
    expect(invalidated).toEqual([]);
    vi.advanceTimersByTime(JOB_EVENTS_DEBOUNCE_MS);
    expect(invalidated).toEqual(JOB_PAGE);
    // Messages are not read again for a job event.
    expect(invalidated).not.toContainEqual(["messages"]);
    invalidated = [];
    vi.advanceTimersByTime(5_000);
    expect(invalidated).toEqual([]);
  });

  it("on the list, a job event marks that request and the list's rows stale", () => {
    renderHook(() => useMessageStream(null, true), { wrapper });
    const [s] = FakeEventSource.made;
    s?.emit("open");
    invalidated = [];
    s?.emit("job", { job_request_id: 9, job_id: 90 });
    s?.emit("job", { job_request_id: 8 });
    vi.advanceTimersByTime(JOB_EVENTS_DEBOUNCE_MS);
    expect(invalidated).toEqual([
      ["job_requests", "detail", 9],
      ["jobs", "request", 9],
      ["job_requests", "detail", 8],
      ["jobs", "request", 8],
      ...LIST,
    ]);
  });

  it("reads everything again when the API says notices may have been missed (resync)", () => {
    renderHook(() => useMessageStream(5, true), { wrapper });
    const [s] = FakeEventSource.made;
    s?.emit("open");
    invalidated = [];
    s?.emit("resync", {});
    expect(invalidated).toEqual([["messages"], ...JOB_PAGE]);
  });

  it("drops a pending job refresh on leaving the page", () => {
    const { unmount } = renderHook(() => useMessageStream(5, true), { wrapper });
    const [s] = FakeEventSource.made;
    s?.emit("open");
    invalidated = [];
    s?.emit("job", { job_request_id: 5 });
    unmount();
    vi.advanceTimersByTime(JOB_EVENTS_DEBOUNCE_MS);
    expect(invalidated).toEqual([]);
  });

  it("a change announced while a page's first read is on its way is read again, not folded into that read", async () => {
    // A real client and real timers: what is checked is React Query's own handling.
    vi.useRealTimers();
    qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let unreadNow = 1;
    const answers: Array<(n: number) => void> = [];
    const asked: number[] = [];
    const { result } = renderHook(
      () => {
        useMessageStream(null, true);
        return useQuery({
          queryKey: ["messages", "unread", "all"],
          // Each read sees the count of when it reached the database; it answers when released.
          queryFn: () => {
            const seen = unreadNow;
            asked.push(seen);
            return new Promise<number>((resolve) => answers.push(() => resolve(seen)));
          },
        });
      },
      { wrapper },
    );
    await waitFor(() => expect(asked).toEqual([1]));
    // The worker writes; the stream announces it before the first read has answered.
    unreadNow = 2;
    FakeEventSource.made[0]?.emit("message", { id: 7, job_id: 34, job_request_id: 5 });
    for (const answer of answers) answer(0);
    await waitFor(() => expect(result.current.data).toBe(2));
    expect(asked).toEqual([1, 2]);
  });
});
