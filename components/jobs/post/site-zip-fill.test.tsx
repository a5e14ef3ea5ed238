import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PostJobForm } from "./post-job-form";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn(), replace: vi.fn() }) }));

// Leaflet needs a real layout engine: a stand-in shows the pin and drops it as a click would.
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
      <button type="button" onClick={() => onPin({ lat: 37.7609, lng: -122.3877 })}>
        Click the map
      </button>
    </div>
  ),
}));

/** What GET /api_v2/zip_codes/:zip answers (lib/api-v2/zip-codes), for the ZIPs used here. */
const ZIPS: Record<string, unknown> = {
  "94105": {
    zip: "94105",
    city: "San Francisco",
    state: "CA",
    time_zone: "America/Los_Angeles",
    latitude: 37.7864,
    longitude: -122.3892,
  },
  "60601": {
    zip: "60601",
    city: "Chicago",
    state: "IL",
    time_zone: "America/Chicago",
    latitude: 41.8858,
    longitude: -87.6181,
  },
};

let asked: string[];
/** ZIPs whose answer waits until the test releases it (the lookup still on its way). */
let held: Map<string, () => void>;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  asked = [];
  held = new Map();
  // The form keeps an unsent draft in the session: each test starts from an empty form.
  window.sessionStorage.clear();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const zip = /^\/api\/proxy\/zip_codes\/(\d{5})$/.exec(input)?.[1];
      if (zip) {
        asked.push(zip);
        if (zip === "94621") {
          await new Promise<void>((release) => held.set(zip, release));
          return json({ ...(ZIPS["94105"] as object), zip, city: "Oakland", latitude: 37.7589 });
        }
        return ZIPS[zip]
          ? json(ZIPS[zip])
          : json({ error: { code: "not_found", message: "ZIP code not found" } }, 404);
      }
      if (input.startsWith("/api/proxy/job_requests/categories")) return json({ categories: [] });
      if (input.startsWith("/api/proxy/badges")) return json({ badges: [], page: 1, per: 50 });
      return json({ error: { code: "not_found", message: "Not found" } }, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const renderForm = (additions: boolean) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <PostJobForm
        pool="private"
        mapTileUrl="https://tiles.test/{z}/{x}/{y}.png"
        additions={additions}
      />
    </QueryClientProvider>,
  );

const value = (label: RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe("the site's ZIP fill", () => {
  it("fills city, state, zone and pin; keeps what the user typed or dragged", async () => {
    const user = userEvent.setup();
    renderForm(true);
    const zip = screen.getByLabelText(/^ZIP code/);
    await user.type(zip, "94105");
    await waitFor(() => expect(value(/^City/)).toBe("San Francisco"));
    expect(value(/^State/)).toBe("CA");
    expect(value(/^Time zone/)).toBe("America/Los_Angeles");
    expect(value(/^Latitude/)).toBe("37.7864");
    expect(value(/^Longitude/)).toBe("-122.3892");
    expect(screen.getByText("pin at 37.7864, -122.3892")).toBeTruthy();
    expect(screen.getByText(/^ZIP 94105 is San Francisco, CA\. Filled: city, state/)).toBeTruthy();

    // The user's own city stays; what the previous fill put there (state, zone, pin) follows.
    await user.clear(screen.getByLabelText(/^City/));
    await user.type(screen.getByLabelText(/^City/), "Daly City");
    await user.clear(zip);
    await user.type(zip, "60601");
    await waitFor(() => expect(value(/^State/)).toBe("IL"));
    expect(value(/^City/)).toBe("Daly City");
    expect(value(/^Time zone/)).toBe("America/Chicago");
    expect(value(/^Latitude/)).toBe("41.8858");

    // A pin the user placed is theirs: another ZIP does not move it.
    await user.click(screen.getByRole("button", { name: "Click the map" }));
    await user.clear(zip);
    await user.type(zip, "94105");
    await waitFor(() => expect(value(/^State/)).toBe("CA"));
    expect(value(/^Latitude/)).toBe("37.7609");
    expect(value(/^City/)).toBe("Daly City");

    // Unknown: said, nothing changed.
    await user.clear(zip);
    await user.type(zip, "00000");
    expect(await screen.findByText(/ZIP 00000 is not in the ZIP table/)).toBeTruthy();
    expect(value(/^State/)).toBe("CA");
    expect(asked).toEqual(["94105", "60601", "00000"]);
  });

  it("leaves the coordinates alone while the user is typing them when the answer lands", async () => {
    const user = userEvent.setup();
    renderForm(true);
    await user.type(screen.getByLabelText(/^ZIP code/), "94621");
    await waitFor(() => expect(held.has("94621")).toBe(true));
    const latitude = screen.getByLabelText(/^Latitude/);
    await user.type(latitude, "37.73");
    held.get("94621")?.();
    await waitFor(() => expect(value(/^City/)).toBe("Oakland"));
    await user.type(latitude, "58");
    expect(value(/^Latitude/)).toBe("37.7358");
    expect(value(/^Longitude/)).toBe("");
    expect(screen.queryByText(/pin at 37\.7589/)).toBeNull();
  });

  it("against the real service: not looked up, said quietly", async () => {
    const user = userEvent.setup();
    renderForm(false);
    await user.type(screen.getByLabelText(/^ZIP code/), "94105");
    expect(screen.getByText("Not looked up: the live service has no ZIP table")).toBeTruthy();
    expect(value(/^City/)).toBe("");
    expect(asked).toEqual([]);
  });
});
