import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PortalAccessProvider } from "@/components/portal/portal-access";
import type { JobRequest } from "@/lib/portal/job-types";
import type { SessionPerson } from "@/lib/portal/types";
import { RequestSummary } from "./request-summary";

const TEAM = [
  { id: 3, type: "Employer", first_name: "Ana", last_name: "Admin", role: "customer_admin" },
  { id: 5, type: "Employer", first_name: "Dana", last_name: "Lee", role: "requestor" },
  { id: 6, type: "Employer", first_name: "Rob", last_name: "Reader", role: "read_only" },
];
const DANA: SessionPerson = {
  id: 5,
  name: "Dana Lee",
  email: "dana@example.com",
  role: "requestor",
};
const ROB: SessionPerson = {
  id: 6,
  name: "Rob Reader",
  email: "rob@example.com",
  role: "read_only",
};
const REQUEST = {
  id: 15,
  state: "posted",
  request_name: "Gala night",
  slots: 2,
  employer_id: 5,
  updated_at: "2026-11-27T09:00:00Z",
} as JobRequest;

type Call = { url: string; method: string; body: unknown };
let calls: Call[];
let answerPatch: (body: { job_request: { employer_id: number | null } }) => Response;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  calls = [];
  answerPatch = (body) => json({ job_request: { ...REQUEST, ...body.job_request } });
  // Only the network is stubbed: the portal's proxy answers as the API would.
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      calls.push({ url: input, method, body });
      if (input.startsWith("/api/proxy/users?type=Employer")) {
        return json({ users: TEAM, page: 1, per: 50, total: TEAM.length });
      }
      if (input === "/api/proxy/job_requests/15" && method === "PATCH") return answerPatch(body);
      return json({ error: { code: "not_found", message: "Not found" } }, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function Summary({ request }: { request: JobRequest }) {
  return <RequestSummary request={request} taken={0} headingId="summary" />;
}
const renderAs = (person: SessionPerson) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <PortalAccessProvider access={{ pool: "private", person }}>
        <Summary request={REQUEST} />
      </PortalAccessProvider>
    </QueryClientProvider>,
  );
const item = () => screen.getByText("Requested by").closest("div") as HTMLElement;

describe("Requested by on a job request", () => {
  it("names the requestor, and a requestor hands the job to a teammate who may request", async () => {
    const user = userEvent.setup();
    renderAs(DANA);
    expect(await screen.findByText("Dana Lee (you)")).toBeTruthy();
    await user.click(await screen.findByRole("button", { name: "Change requestor" }));
    const select = screen.getByLabelText("Requestor") as HTMLSelectElement;
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["The company (no one in particular)", "Ana Admin", "Dana Lee (you)"]);
    await user.selectOptions(select, "Ana Admin");
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({
        job_request: { employer_id: 3 },
      }),
    );
  });

  it("shows the API's refusal next to the select", async () => {
    const user = userEvent.setup();
    answerPatch = () =>
      json(
        {
          error: {
            code: "validation_failed",
            message: "Validation failed",
            fields: { employer_id: ["is not a requestor of your company"] },
          },
        },
        422,
      );
    renderAs(DANA);
    await user.click(await screen.findByRole("button", { name: "Change requestor" }));
    await user.selectOptions(screen.getByLabelText("Requestor"), "Ana Admin");
    expect(
      await within(item()).findByText("Requestor is not a requestor of your company"),
    ).toBeTruthy();
    expect(screen.getByLabelText("Requestor").getAttribute("aria-invalid")).toBe("true");
  });

  it("is only named for a read-only person: no Change", async () => {
    renderAs(ROB);
    expect(await screen.findByText("Dana Lee")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Change requestor" })).toBeNull();
  });
});
