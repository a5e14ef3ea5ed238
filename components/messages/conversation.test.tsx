import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { threadOf, withoutJob } from "@/lib/portal/client/hooks/use-messages";
import type { Message, MessagingAccess } from "@/lib/portal/message-types";
import { senderChoices } from "./composer";
import { JobMessages } from "./job-messages";

const WORKER = { id: 42, type: "Worker", first_name: "Ana", last_name: "Ruiz" };
const DANA = { id: 7, type: "Employer", first_name: "Dana", last_name: "Lee" };

let nextId = 1;
const msg = (from: "worker" | "dana", body: string, over: Partial<Message> = {}): Message => {
  const id = nextId++;
  const sender = from === "worker" ? WORKER : DANA;
  const receiver = from === "worker" ? DANA : WORKER;
  return {
    id,
    job_id: 34,
    sender_id: sender.id,
    receiver_id: receiver.id,
    body,
    image_url: null,
    read_at: from === "worker" ? null : "2026-06-01T10:00:00.000+00:00",
    created_at: new Date(Date.UTC(2026, 5, 1, 9, id)).toISOString(),
    updated_at: new Date(Date.UTC(2026, 5, 1, 9, id)).toISOString(),
    job_request_id: 5,
    sender,
    receiver,
    ...over,
  };
};

type Call = { method: string; path: string; body: unknown };
let calls: Call[];
let thread: Message[];
let unreadForJob: number;
let answer: (c: Call) => { status: number; body: unknown } | undefined;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  calls = [];
  nextId = 1;
  unreadForJob = 0;
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
      if (path.startsWith("messages?") && call.method === "GET") {
        // Newest first, as the API lists them.
        const newest = [...thread].reverse();
        return json(200, { messages: newest, page: 1, per: 50, total: newest.length });
      }
      if (path === "messages/mark_read") {
        // As the API: the worker's unread messages up to up_to_id.
        const upTo = (call.body as { up_to_id?: number }).up_to_id ?? Number.POSITIVE_INFINITY;
        const hit = (m: Message) => m.sender_id === 42 && !m.read_at && m.id <= upTo;
        const n = thread.filter(hit).length;
        thread = thread.map((m) =>
          hit(m) ? { ...m, read_at: "2026-06-01T11:00:00.000+00:00" } : m,
        );
        unreadForJob = thread.filter((m) => m.sender_id === 42 && !m.read_at).length;
        return json(200, { marked: n });
      }
      if (path === "messages" && call.method === "POST") {
        const m = (call.body as { message: Record<string, unknown> }).message;
        const created = msg("dana", String(m.body));
        thread = [...thread, created];
        return json(201, { message: created });
      }
      if (path === "jobs/34/simulate") {
        const created = msg("worker", String((call.body as { body: string }).body));
        thread = [...thread, created];
        return json(201, { message: created });
      }
      if (path.startsWith("users?type=Employer")) {
        return json(200, {
          users: [
            {
              id: 6,
              type: "Employer",
              first_name: "Ola",
              last_name: "Admin",
              role: "customer_admin",
            },
            { ...DANA, role: "requestor" },
            { id: 8, type: "Employer", first_name: "Rea", last_name: "Der", role: "read_only" },
          ],
          page: 1,
          per: 50,
          total: 3,
        });
      }
      return json(404, { error: { code: "not_found", message: "Not found" } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const PERSON: MessagingAccess = { write: true, live: "stream", me: { id: 7, name: "Dana Lee" } };

function show(messaging: MessagingAccess, opts: { simulate?: boolean; unread?: number } = {}) {
  return render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <JobMessages
        jobId={34}
        jobRequestId={5}
        workerId={42}
        workerName="Ana Ruiz"
        messaging={messaging}
        unread={opts.unread ?? unreadForJob}
        requestor={{ id: 7, name: null }}
        simulate={opts.simulate ?? false}
      />
    </QueryClientProvider>,
  );
}

const open = async () =>
  userEvent.click(screen.getByRole("button", { name: /^Messages with Ana Ruiz/ }));

describe("a hired worker's conversation", () => {
  it("is closed until asked for, with its unread count on the button", async () => {
    thread = [msg("worker", "Running ten minutes late")];
    show(PERSON, { unread: 2 });
    const button = screen.getByRole("button", { name: "Messages with Ana Ruiz 2 unread" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(calls).toEqual([]);
  });

  it("reads oldest first, names who wrote, and marks the worker's messages read on opening", async () => {
    thread = [
      msg("dana", "Gate code is 4412"),
      msg("worker", "Thanks! Where do I park?"),
      msg("worker", "Running ten minutes late"),
    ];
    unreadForJob = 2;
    show(PERSON);
    await open();
    const log = await screen.findByRole("log", { name: "Messages with Ana Ruiz" });
    await within(log).findByText("Running ten minutes late");
    const bodies = [...log.querySelectorAll("p.whitespace-pre-wrap")].map((p) => p.textContent);
    expect(bodies).toEqual([
      "Gate code is 4412",
      "Thanks! Where do I park?",
      "Running ten minutes late",
    ]);
    expect(within(log).getByText("You")).toBeTruthy();
    expect(within(log).getAllByText("Ana Ruiz")).toHaveLength(2);
    const lastShown = thread[thread.length - 1]?.id;
    await waitFor(() =>
      expect(calls.filter((c) => c.path === "messages/mark_read")).toEqual([
        { method: "POST", path: "messages/mark_read", body: { job_id: 34, up_to_id: lastShown } },
      ]),
    );
    // Read: the thread is read again and the "New" marks go; nothing is marked twice.
    await waitFor(() => expect(within(log).queryByText("New")).toBeNull());
    expect(calls.filter((c) => c.path === "messages/mark_read")).toHaveLength(1);
  });

  it("marks read only what it showed: a message that lands while the mark is on its way stays unread", async () => {
    thread = [msg("worker", "Running ten minutes late")];
    unreadForJob = 1;
    let arrived: Message | undefined;
    answer = (c) => {
      // The worker writes again just before the mark reaches the API.
      if (c.path === "messages/mark_read" && !arrived) {
        arrived = msg("worker", "Actually twenty");
        thread = [...thread, arrived];
      }
      return undefined;
    };
    show(PERSON);
    await open();
    const log = await screen.findByRole("log", { name: "Messages with Ana Ruiz" });
    // The thread is read again after the mark: the late message shows, then is marked in turn.
    await within(log).findByText("Actually twenty");
    const marks = () =>
      calls.filter((c) => c.path === "messages/mark_read").map((c) => c.body as object);
    await waitFor(() =>
      expect(marks()).toEqual([
        { job_id: 34, up_to_id: 1 },
        { job_id: 34, up_to_id: arrived?.id },
      ]),
    );
    // The first mark did not swallow it: it was unread when it was first shown.
    expect(arrived?.id).toBe(2);
    await waitFor(() => expect(thread.every((m) => m.read_at !== null)).toBe(true));
  });

  it("sends as the person, with a bounded box and its count; Send waits while sending", async () => {
    thread = [];
    show(PERSON);
    await open();
    expect(await screen.findByText(/^No messages yet\./)).toBeTruthy();
    const box = screen.getByLabelText("Message to Ana Ruiz");
    expect(box.getAttribute("maxlength")).toBe("2000");
    const send = screen.getByRole("button", { name: "Send" });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(box, "Gate code is 4412");
    expect(screen.getByText("17 / 2,000 characters")).toBeTruthy();
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const original = answer;
    answer = (c) => (c.path === "messages" && c.method === "POST" ? undefined : original(c));
    const fetchMock = vi.mocked(fetch);
    const real = fetchMock.getMockImplementation();
    fetchMock.mockImplementationOnce(async (...args) => {
      await held;
      return (real as typeof fetch)(...(args as Parameters<typeof fetch>));
    });
    await userEvent.click(send);
    const busy = screen.getByRole("button", { name: "Sending…" });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    release();
    await screen.findByText("Gate code is 4412", { selector: "p" });
    expect((box as HTMLTextAreaElement).value).toBe("");
    expect(calls.find((c) => c.path === "messages" && c.method === "POST")?.body).toEqual({
      message: { sender_id: 7, receiver_id: 42, body: "Gate code is 4412", job_id: 34 },
    });
  });

  it("shows a refusal in the API's words, next to the box", async () => {
    thread = [];
    answer = (c) =>
      c.path === "messages" && c.method === "POST"
        ? {
            status: 422,
            body: {
              error: {
                code: "validation_failed",
                message: "Validation failed",
                fields: { receiver_id: ["is not the worker of this job"] },
              },
            },
          }
        : undefined;
    show(PERSON);
    await open();
    const box = await screen.findByLabelText("Message to Ana Ruiz");
    await userEvent.type(box, "Hello");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Receiver id is not the worker of this job.");
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(box.getAttribute("aria-describedby")).toContain(alert.id);
    // The text stays, to be sent again.
    expect((box as HTMLTextAreaElement).value).toBe("Hello");
  });

  it("a key pair's session writes as a teammate who may, the requestor first", async () => {
    thread = [];
    show({ write: true, live: "stream", me: null });
    await open();
    const from = await screen.findByLabelText("Send as");
    await waitFor(() => expect((from as HTMLSelectElement).value).toBe("7"));
    const options = within(from)
      .getAllByRole("option")
      .map((o) => o.textContent);
    expect(options).toEqual(["Ola Admin", "Dana Lee (requestor)"]);
    await userEvent.selectOptions(from, "6");
    await userEvent.type(screen.getByLabelText("Message to Ana Ruiz"), "Hi");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() =>
      expect(
        (
          calls.find((c) => c.path === "messages" && c.method === "POST")?.body as {
            message: { sender_id: number };
          }
        )?.message.sender_id,
      ).toBe(6),
    );
  });

  it("read-only: the conversation, no composer", async () => {
    thread = [msg("dana", "Gate code is 4412")];
    show({ write: false, live: "stream", me: { id: 8, name: "Rea Der" } });
    await open();
    expect(await screen.findByText("Gate code is 4412")).toBeTruthy();
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.queryByRole("button", { name: "Send" })).toBeNull();
    expect(
      screen.getByText("Your role can read this conversation but not write in it."),
    ).toBeTruthy();
  });

  it("against the real service: says it polls, and marks nothing read (it has no such call)", async () => {
    thread = [msg("worker", "Running late")];
    show({ write: true, live: "poll", me: null }, { unread: 0 });
    await open();
    expect(await screen.findByText("Running late")).toBeTruthy();
    expect(screen.getByText("Updates every 10 seconds")).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.some((c) => c.path === "messages/mark_read")).toBe(false);
  });

  it("the demo replies as the worker", async () => {
    thread = [msg("dana", "Gate code is 4412")];
    show(PERSON, { simulate: true });
    await open();
    const box = await screen.findByLabelText(/Ana Ruiz's reply$/);
    await userEvent.type(box, "On my way");
    await userEvent.click(screen.getByRole("button", { name: "Reply as Ana Ruiz" }));
    expect(await screen.findByText("On my way")).toBeTruthy();
    expect(calls.find((c) => c.path === "jobs/34/simulate")?.body).toEqual({
      action: "message",
      body: "On my way",
    });
  });
});

describe("the counts and the thread's pages", () => {
  it("a key pair writes as a teammate who may, or as the requestor the team does not list", () => {
    const team = [
      { id: 6, first_name: "Ola", last_name: "Admin", role: "customer_admin" },
      { id: 7, first_name: "Dana", last_name: "Lee", role: "requestor", suspended: true },
      {
        id: 9,
        first_name: "New",
        last_name: "Hire",
        role: "requestor",
        invitation_status: "invited" as const,
      },
    ];
    expect(senderChoices(team, { id: 7, name: "Dana Lee" })).toEqual([
      { id: 6, name: "Ola Admin" },
    ]);
    // The real service lists no employers: the requestor named on the request is the one choice.
    expect(senderChoices([], { id: 31, name: null })).toEqual([{ id: 31, name: "Requestor #31" }]);
    expect(senderChoices(undefined, null)).toEqual([]);
  });

  it("a read job's count leaves its request's and the total", () => {
    const counts = { total: 3, jobs: { "34": 2, "35": 1 }, job_requests: { "5": 3 } };
    expect(withoutJob(counts, 34, 5)).toEqual({
      total: 1,
      jobs: { "35": 1 },
      job_requests: { "5": 1 },
    });
    expect(withoutJob(counts, 99, 5)).toBe(counts);
  });

  it("pages read newest first become one conversation, oldest first, each message once", () => {
    const [a, b, c] = [msg("dana", "a"), msg("worker", "b"), msg("dana", "c")];
    const page = (items: Message[], n: number) => ({
      items,
      page: n,
      per: 2,
      total: 3,
      hasMore: n === 1,
    });
    const data = { pages: [page([c, b], 1), page([b, a], 2)], pageParams: [1, 2] };
    expect(threadOf(data).map((m) => m.body)).toEqual(["a", "b", "c"]);
  });
});
