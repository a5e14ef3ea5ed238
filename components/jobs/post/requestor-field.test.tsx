import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionPerson } from "@/lib/portal/types";
import { PostJobForm } from "./post-job-form";

const push = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ push, replace: vi.fn() }) }));
vi.mock("./site-pin-map", () => ({ SitePinMap: () => <p>map</p> }));

const TEAM = [
  {
    id: 3,
    type: "Employer",
    first_name: "Ana",
    last_name: "Admin",
    role: "customer_admin",
    suspended: false,
  },
  {
    id: 5,
    type: "Employer",
    first_name: "Dana",
    last_name: "Lee",
    role: "requestor",
    suspended: false,
    title: "Operations",
  },
  {
    id: 6,
    type: "Employer",
    first_name: "Rob",
    last_name: "Reader",
    role: "read_only",
    suspended: false,
  },
  {
    id: 7,
    type: "Employer",
    first_name: "Gone",
    last_name: "Away",
    role: "requestor",
    suspended: true,
  },
];
const DANA: SessionPerson = {
  id: 5,
  name: "Dana Lee",
  email: "dana@example.com",
  role: "requestor",
};

type Call = { url: string; method: string; body: unknown };
let calls: Call[];
let answerPost: () => Response;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  calls = [];
  push.mockReset();
  window.sessionStorage.clear();
  answerPost = () => json({ job_request: { id: 77, state: "draft" } }, 201);
  // Only the network is stubbed: the portal's proxy answers as the API would.
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      calls.push({ url: input, method, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (input.startsWith("/api/proxy/users?")) {
        return json({ users: TEAM, page: 1, per: 50, total: TEAM.length });
      }
      if (input.startsWith("/api/proxy/job_requests/categories")) return json({ categories: [] });
      if (input.startsWith("/api/proxy/badges")) return json({ badges: [], total: 0 });
      if (input === "/api/proxy/job_requests" && method === "POST") return answerPost();
      return json({ error: { code: "not_found", message: "Not found" } }, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const renderForm = (me: SessionPerson | null) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <PostJobForm pool="private" mapTileUrl="https://tiles.test/{z}/{x}/{y}.png" me={me} />
    </QueryClientProvider>,
  );
const requestor = () => screen.getByLabelText("Requestor") as HTMLSelectElement;
const optionNames = () =>
  within(requestor())
    .getAllByRole("option")
    .map((o) => o.textContent);

describe("the Requestor field of Post a job", () => {
  it("is the person signed in, and lists the teammates who may request (not read-only, not deactivated)", async () => {
    const user = userEvent.setup();
    renderForm(DANA);
    expect(requestor().value).toBe("5");
    await waitFor(() => expect(optionNames()).toEqual(["Dana Lee (you)", "Ana Admin"]));
    expect(calls.some((c) => c.url === "/api/proxy/users?type=Employer&page=1&per=50")).toBe(true);

    await user.type(screen.getByLabelText(/^Request name/), "Gala night");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith("/jobs/77"));
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      job_request: { request_name: "Gala night", employer_id: 5 },
    });
  });

  it("can name a teammate instead", async () => {
    const user = userEvent.setup();
    renderForm(DANA);
    await waitFor(() => expect(optionNames()).toContain("Ana Admin"));
    await user.selectOptions(requestor(), "Ana Admin");
    await user.type(screen.getByLabelText(/^Request name/), "Gala night");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(push).toHaveBeenCalled());
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      job_request: { employer_id: 3 },
    });
  });

  it("defaults to the company for a key pair's session, and then sends no employer_id", async () => {
    const user = userEvent.setup();
    renderForm(null);
    expect(requestor().value).toBe("");
    await waitFor(() =>
      expect(optionNames()).toEqual([
        "The company (no one in particular)",
        "Ana Admin",
        "Dana Lee — Operations",
      ]),
    );
    await user.type(screen.getByLabelText(/^Request name/), "Gala night");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(push).toHaveBeenCalled());
    const body = calls.find((c) => c.method === "POST")?.body as { job_request: object };
    expect(body.job_request).not.toHaveProperty("employer_id");
  });

  it("puts the API's refusal of the requestor next to the field", async () => {
    const user = userEvent.setup();
    answerPost = () =>
      json(
        {
          error: {
            code: "validation_failed",
            message: "Validation failed",
            fields: { employer_id: ["must be a requestor or admin of your company"] },
          },
        },
        422,
      );
    renderForm(DANA);
    await user.type(screen.getByLabelText(/^Request name/), "Gala night");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(
      await screen.findByText("Requestor must be a requestor or admin of your company"),
    ).toBeTruthy();
    expect(requestor().getAttribute("aria-invalid")).toBe("true");
    expect(requestor().getAttribute("aria-describedby")).toBe(`${requestor().id}-error`);
    expect(push).not.toHaveBeenCalled();
  });
});
