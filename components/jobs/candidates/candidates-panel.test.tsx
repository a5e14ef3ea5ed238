import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Candidate, CandidatePage, JobRequest } from "@/lib/portal/job-types";
import type { Worker } from "@/lib/portal/types";
import { CandidatesPanel, withKeptRows } from "./candidates-panel";

const worker = (id: number, first: string, last: string, over: Partial<Worker> = {}): Worker =>
  ({
    id,
    first_name: first,
    last_name: last,
    city: "Austin",
    address_state: "TX",
    latitude: null,
    longitude: null,
    home_latitude: null,
    home_longitude: null,
    user_badges: [],
    ...over,
  }) as Worker;

const MARIA: Candidate = {
  rank: 1,
  distance_km: 1.931,
  distance_miles: 1.2,
  coordinates: "current",
  preferred: true,
  badges_matched: [{ badge_id: 5, name: "Forklift" }],
  worker: worker(11, "Maria", "Garcia", { latitude: "30.28", longitude: "-97.74" }),
};
const KEN: Candidate = {
  rank: 2,
  distance_km: 8.047,
  distance_miles: 5,
  coordinates: "home",
  preferred: false,
  badges_matched: [{ badge_id: 5, name: "Forklift" }],
  worker: worker(12, "Ken", "Ito", { home_latitude: "30.33", home_longitude: "-97.7" }),
};
const NOWHERE: Candidate = {
  rank: 3,
  distance_km: null,
  distance_miles: null,
  coordinates: null,
  preferred: false,
  badges_matched: [{ badge_id: 5, name: "Forklift" }],
  worker: worker(13, "Ada", "Lane"),
};

const REQUEST = {
  id: 7,
  state: "posted",
  slots: 2,
  latitude: 30.27,
  longitude: -97.74,
  cached_job_states: {},
  badge_requirements: [{ id: 1, badge_id: 5, badge_name: "Forklift" }],
} as unknown as JobRequest;

const page = (candidates: Candidate[], site = true): CandidatePage => ({
  candidates,
  job_request_id: 7,
  site: site ? { latitude: 30.27, longitude: -97.74 } : null,
  page: 1,
  per: 25,
  has_more: false,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The proxy as the service answers it: `answer` decides each call. */
function stubApi(answer: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => answer(url, init));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}
afterEach(() => vi.unstubAllGlobals());

const renderPanel = (ui: ReactNode) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      {ui}
    </QueryClientProvider>,
  );

describe("the candidates panel", () => {
  it("lists the ranked candidates with distances, where measured from, badges and the star", async () => {
    stubApi(() => json(page([MARIA, KEN, NOWHERE])));
    renderPanel(<CandidatesPanel request={REQUEST} mapTileUrl="/tiles/{z}/{x}/{y}.png" canHire />);
    const list = await screen.findByRole("list");
    const rows = within(list).getAllByRole("listitem");
    expect(rows).toHaveLength(3);
    expect(rows[0]?.textContent).toContain("Rank 1: Maria Garcia");
    expect(rows[0]?.textContent).toContain("1.2 mi · 1.9 km from current location");
    expect(rows[0]?.textContent).toContain("Preferred");
    expect(rows[0]?.textContent).toContain("Forklift");
    expect(rows[1]?.textContent).toContain("5 mi · 8 km from home");
    expect(rows[2]?.textContent).toContain("No location");
    expect(within(list).getByRole("link", { name: "Maria Garcia" }).getAttribute("href")).toBe(
      "/workers/11",
    );
    expect(screen.getByText(/^Nearest first/)).toBeTruthy();
    const map = screen.getByRole("img", { name: /^Map: work site and 2 candidates/ });
    expect(map.getAttribute("aria-label")).toBe(
      "Map: work site and 2 candidates, nearest 1.2 mi; 1 placed at their home location; 1 without a location not shown",
    );
  });

  it("hires, then keeps the hire in view once the list no longer has the worker", async () => {
    let hired = false;
    const calls = stubApi((url) => {
      if (url.includes("jobs/assign")) {
        hired = true;
        return json(
          { job: { id: 90, job_request_id: 7, state: "filled", worker: MARIA.worker } },
          201,
        );
      }
      return json(page(hired ? [{ ...KEN, rank: 1 }] : [MARIA, KEN]));
    });
    const user = userEvent.setup();
    renderPanel(<CandidatesPanel request={REQUEST} mapTileUrl="/t/{z}/{x}/{y}.png" canHire />);
    await user.click(await screen.findByRole("button", { name: "Hire Maria Garcia" }));

    const assign = calls.mock.calls.find(([u]) => String(u).includes("jobs/assign"));
    expect(JSON.parse(String(assign?.[1]?.body))).toEqual({
      job: { worker_id: 11, job_request_id: 7 },
    });
    await waitFor(() => expect(screen.getByText("Maria Garcia is hired.")).toBeTruthy());
    // The refetched list has no Maria (Ken is rank 1 now): her row stays where it was, marked
    // hired, so nothing moves under the pointer.
    const rowTexts = () =>
      within(screen.getByRole("list"))
        .getAllByRole("listitem")
        .map((r) => r.textContent ?? "");
    await waitFor(() => expect(rowTexts()[1]).toMatch(/^1Rank 1: Ken Ito/));
    expect(rowTexts()).toHaveLength(2);
    expect(rowTexts()[0]).toMatch(/^Hired: Maria Garcia/);
    const rows = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(rows[0]?.textContent).toContain("Hired");
    expect(screen.queryByRole("button", { name: "Hire Maria Garcia" })).toBeNull();
    expect(screen.queryByText("Hired just now:")).toBeNull();
    expect(screen.getByRole("link", { name: "Maria Garcia" }).getAttribute("href")).toBe(
      "/workers/11",
    );
  });

  it("puts hired rows back where they were, in the order they were shown", () => {
    const at = (c: Candidate, rank: number): Candidate => ({ ...c, rank });
    const [a, b, c, d] = [
      MARIA,
      KEN,
      { ...KEN, worker: { ...KEN.worker, id: 31 } },
      { ...KEN, worker: { ...KEN.worker, id: 41 } },
    ];
    // Shown a b c d; b was hired (row 1), then d (row 3, counting b still there).
    const kept = {
      [b.worker.id]: { row: b, page: 1, at: 1 },
      [d.worker.id]: { row: d, page: 1, at: 3 },
    };
    const rows = withKeptRows([at(a, 1), at(c, 2)], kept, 1);
    expect(rows.map((r) => [r.worker.id, r.kept ?? false])).toEqual([
      [a.worker.id, false],
      [b.worker.id, true],
      [c.worker.id, false],
      [d.worker.id, true],
    ]);
    // Another page: nothing is put back; a worker the service lists again is not doubled.
    expect(withKeptRows([at(a, 1)], kept, 2)).toHaveLength(1);
    expect(
      withKeptRows([at(a, 1), at(b, 2)], kept, 1).filter((r) => r.worker.id === b.worker.id),
    ).toHaveLength(1);
  });

  it("shows a refusal on the row and announces it (someone else hired the worker first)", async () => {
    stubApi((url) =>
      url.includes("jobs/assign")
        ? json(
            {
              error: {
                code: "validation_failed",
                message: "The request is invalid.",
                fields: { worker_id: ["is already on this job request (filled)"] },
              },
            },
            422,
          )
        : json(page([MARIA, KEN])),
    );
    const user = userEvent.setup();
    renderPanel(<CandidatesPanel request={REQUEST} mapTileUrl="/t/{z}/{x}/{y}.png" canHire />);
    const button = await screen.findByRole("button", { name: "Hire Ken Ito" });
    await user.click(button);
    const message =
      "Ken Ito could not be hired: they are already on this job request (hired) — perhaps someone hired them a moment ago.";
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    // Once in the row (described by it), once in the polite live region.
    const live = screen.getAllByText(message).find((el) => el.getAttribute("aria-live"));
    expect(live?.getAttribute("aria-live")).toBe("polite");
    const rowMessage = screen.getAllByText(message).find((el) => el.id);
    expect(button.getAttribute("aria-describedby")).toBe(rowMessage?.id);
  });

  it("offers no Hire when the key can only read, or when every slot is filled, and says why", async () => {
    stubApi(() => json(page([MARIA])));
    const { unmount } = renderPanel(
      <CandidatesPanel request={REQUEST} mapTileUrl="/t/{z}/{x}/{y}.png" canHire={false} />,
    );
    await screen.findByRole("link", { name: "Maria Garcia" });
    expect(screen.queryByRole("button", { name: /^Hire/ })).toBeNull();
    expect(screen.getByText(/hiring needs a private-pool key/)).toBeTruthy();
    unmount();

    renderPanel(
      <CandidatesPanel
        request={{ ...REQUEST, state: "filled", cached_job_states: { filled: 2 } }}
        mapTileUrl="/t/{z}/{x}/{y}.png"
        // As the page passes it: no hiring into a filled request, whatever the key.
        canHire={false}
      />,
    );
    await screen.findByRole("link", { name: "Maria Garcia" });
    expect(screen.queryByRole("button", { name: /^Hire/ })).toBeNull();
    expect(screen.getByText("Every slot is filled (2 of 2).")).toBeTruthy();
    expect(screen.queryByText(/private-pool key/)).toBeNull();
    expect(screen.getByText("2 of 2 hired")).toBeTruthy();
  });

  it("asks for the site's pin when the request has none, and shows the list only", async () => {
    stubApi(() => json(page([NOWHERE], false)));
    renderPanel(
      <CandidatesPanel
        request={{ ...REQUEST, latitude: null, longitude: null }}
        mapTileUrl="/t/{z}/{x}/{y}.png"
        canHire
      />,
    );
    expect(await screen.findByText("Set the site's pin to rank by distance.")).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.getByRole("button", { name: "Hire Ada Lane" })).toBeTruthy();
  });

  it("renders nothing when the upstream has no ranking", async () => {
    const calls = stubApi(() => json({ error: { code: "not_found", message: "No route" } }, 404));
    const { container } = renderPanel(
      <CandidatesPanel request={REQUEST} mapTileUrl="/t/{z}/{x}/{y}.png" canHire />,
    );
    await waitFor(() => expect(calls).toHaveBeenCalled());
    await waitFor(() => expect(container.innerHTML).toBe(""));
  });
});
