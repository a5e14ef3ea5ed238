import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PostJobForm } from "./post-job-form";
import { browserTimeZone, tomorrow } from "./post-job-model";

const push = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ push, replace: vi.fn() }) }));

// Leaflet needs a real layout engine: the map is replaced by a stand-in that drops the pin
// the way a click on the map does (through onPin).
vi.mock("./site-pin-map", () => ({
  SitePinMap: ({
    pin,
    onPin,
  }: {
    pin: { lat: number; lng: number } | null;
    onPin: (p: { lat: number; lng: number }) => void;
  }) => (
    <div>
      <p>{pin ? `pin at ${pin.lat}, ${pin.lng}` : "no pin"}</p>
      <button type="button" onClick={() => onPin({ lat: 37.76091234, lng: -122.38771234 })}>
        Click the map
      </button>
    </div>
  ),
}));

const BADGES = [
  { id: 4, name: "Forklift", description: "", info_url: null, icon_url: null, is_soft: false },
  { id: 9, name: "First aid", description: "", info_url: null, icon_url: null, is_soft: false },
];

type Call = { url: string; method: string; body: unknown };
let calls: Call[];
let answerPost: () => Response;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  calls = [];
  push.mockReset();
  window.sessionStorage.clear();
  answerPost = () => json({ job_request: { id: 77, state: "posted" } }, 201);
  // Only the network is stubbed: the portal's proxy answers as the API would.
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      calls.push({
        url: input,
        method,
        body: init?.body ? JSON.parse(String(init.body)) : null,
      });
      if (input.startsWith("/api/proxy/job_requests/categories")) {
        return json({ categories: ["Events", "Warehouse"] });
      }
      if (input.startsWith("/api/proxy/badges")) {
        return json({ badges: BADGES, page: 1, per: 50, total: BADGES.length });
      }
      if (input === "/api/proxy/job_requests" && method === "POST") return answerPost();
      return json({ error: { code: "not_found", message: "Not found" } }, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const renderForm = (pool: "private" | "public" | null = "private") =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <PostJobForm pool={pool} mapTileUrl="https://tiles.test/{z}/{x}/{y}.png" />
    </QueryClientProvider>,
  );

const posts = () => calls.filter((c) => c.method === "POST");

describe("the post-a-job form", () => {
  it("posts a job for tomorrow at a pinned site requiring two badges", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText(/^Request name/), "Loaders at Pier 70");
    await user.selectOptions(await screen.findByLabelText(/^Category/), "Warehouse");
    await user.type(screen.getByLabelText(/^Description and tasks/), "Load the trucks.");
    await user.type(screen.getByLabelText(/^Street address/), "420 Illinois St");
    await user.type(screen.getByLabelText(/^City/), "San Francisco");
    await user.type(screen.getByLabelText(/^ZIP code/), "94158");
    await user.click(screen.getByRole("button", { name: "Click the map" }));
    expect((screen.getByLabelText(/^Latitude/) as HTMLInputElement).value).toBe("37.760912");
    expect((screen.getByLabelText(/^Longitude/) as HTMLInputElement).value).toBe("-122.387712");
    await user.clear(screen.getByLabelText(/^Workers needed/));
    await user.type(screen.getByLabelText(/^Workers needed/), "2");
    await user.type(screen.getByLabelText(/^Wage/), "24.50");

    const search = await screen.findByRole("combobox", { name: "Add a badge" });
    await user.click(search);
    await user.click(await screen.findByRole("option", { name: "Forklift" }));
    // A badge already required is listed but cannot be picked twice.
    await user.type(screen.getByRole("combobox", { name: "Add a badge" }), "F");
    expect(await screen.findByRole("option", { name: "Forklift, assigned" })).toBeTruthy();
    await user.click(screen.getByRole("option", { name: "First aid" }));
    expect(screen.getByRole("list", { name: "Required badges" }).textContent).toContain(
      "First aid",
    );

    await user.click(screen.getByRole("button", { name: "Post job" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith("/jobs/77"));
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.body).toEqual({
      job_request: {
        state: "posted",
        request_name: "Loaders at Pier 70",
        category: "Warehouse",
        description: "Load the trucks.",
        address: "420 Illinois St",
        city: "San Francisco",
        zip: "94158",
        start_time: `${tomorrow()} 08:00`,
        timezone: browserTimeZone(),
        duration: 480,
        latitude: 37.760912,
        longitude: -122.387712,
        slots: 2,
        wage: 24.5,
        classification: "1099",
        badge_requirements_attributes: [{ badge_id: 4 }, { badge_id: 9 }],
      },
    });
  });

  it("saves a draft with only a name, and refuses one without", async () => {
    const user = userEvent.setup();
    answerPost = () => json({ job_request: { id: 78, state: "draft" } }, 201);
    renderForm();
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    const name = screen.getByLabelText(/^Request name/);
    expect(await screen.findByText("Request name can't be blank")).toBeTruthy();
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(name.getAttribute("aria-describedby")).toBe(`${name.id}-error`);
    expect(screen.queryByText("Street address can't be blank")).toBeNull();
    expect(posts()).toHaveLength(0);

    // Enter in a field does not send the form: only the buttons do.
    await user.type(name, "Gala night{Enter}");
    expect(posts()).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(push).toHaveBeenCalledWith("/jobs/78"));
    expect(posts()[0]?.body).toMatchObject({
      job_request: { state: "draft", request_name: "Gala night" },
    });
  });

  it("puts the server's refusal next to the fields it concerns", async () => {
    const user = userEvent.setup();
    answerPost = () =>
      json(
        {
          error: {
            code: "validation_failed",
            message: "Validation failed",
            fields: { start_time: ["is not a valid time"], zip: ["is not a US ZIP code"] },
          },
        },
        422,
      );
    renderForm();
    await user.type(screen.getByLabelText(/^Request name/), "Gala night");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("Start time is not a valid time")).toBeTruthy();
    expect(screen.getByText("ZIP code is not a US ZIP code")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain("The draft was not saved");
    expect(push).not.toHaveBeenCalled();
    // Both buttons are usable again for the next attempt.
    expect(screen.getByRole("button", { name: "Post job" }).hasAttribute("disabled")).toBe(false);
  });

  it("against the real service: Post again fills the form; templates and the live count are absent and it says so", async () => {
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <PostJobForm
          pool="private"
          mapTileUrl="https://tiles.test/{z}/{x}/{y}.png"
          additions={false}
          from={{
            id: 31,
            state: "completed",
            request_name: "Loaders at Pier 70",
            category: "Warehouse",
            description: "Load the trucks.",
            slots: 3,
            start_time: "2020-03-02T16:00:00Z",
            duration: 450,
            timezone: "America/Los_Angeles",
            wage: 24.5,
            classification: "1099",
            w2_hourly_rate: null,
            venue: null,
            address: "420 Illinois St",
            city: "San Francisco",
            zip: "94158",
            latitude: 37.76,
            longitude: -122.38,
            badge_requirements: [{ id: 1, badge_id: 4, badge_name: "Forklift" }],
            updated_at: "2020-03-03T00:00:00Z",
          }}
        />
      </QueryClientProvider>,
    );
    expect(((await screen.findByLabelText(/^Request name/)) as HTMLInputElement).value).toBe(
      "Loaders at Pier 70",
    );
    expect((screen.getByLabelText(/^Duration/) as HTMLInputElement).value).toBe("7.5");
    expect(screen.getByText("Forklift")).toBeTruthy();
    // Long past: the date is left to pick, the time of day kept.
    expect((screen.getByLabelText(/^Date/) as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText(/^Start time/) as HTMLInputElement).value).toBe("08:00");
    expect(screen.getByText(/Pick a date/)).toBeTruthy();
    expect(screen.getByText(/features of this portal's own API/)).toBeTruthy();
    expect(screen.queryByLabelText("Start from a template")).toBeNull();
    expect(screen.queryByTestId("qualified-line")).toBeNull();
    expect(calls.filter((c) => /templates|qualified/.test(c.url))).toEqual([]);
  });

  it("tells public-pool keys they cannot post, instead of the form", () => {
    renderForm("public");
    expect(screen.getByText("Public-pool keys cannot post jobs")).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Post a job" })).toBeNull();
  });
});
