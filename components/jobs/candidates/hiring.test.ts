import { describe, expect, it } from "vitest";
import { ApiClientError } from "@/lib/portal/client/fetcher";
import { hiringOf, refusalMessage } from "./hiring";

describe("whether a request takes hires", () => {
  it.each([
    ["posted", 3, { filled: 1, withdrawn: 2 }, { hired: 1, open: true, reason: null }],
    ["unassigned", null, { filled: 4 }, { hired: 4, open: true, reason: null }],
    [
      "filled",
      2,
      { filled: 1, in_progress: 1 },
      { hired: 2, open: false, reason: "Every slot is filled (2 of 2)." },
    ],
    // The request's state not yet refreshed, its counts already full.
    [
      "posted",
      2,
      { filled: 2 },
      { hired: 2, open: false, reason: "Every slot is filled (2 of 2)." },
    ],
    [
      "draft",
      2,
      {},
      {
        hired: 0,
        open: false,
        reason: "This request is a draft: post it (or mark it unassigned) to hire.",
      },
    ],
    [
      "cancelled",
      2,
      null,
      { hired: 0, open: false, reason: "This request is cancelled: nobody can be hired onto it." },
    ],
    [
      "in_progress",
      3,
      { in_progress: 1 },
      { hired: 1, open: false, reason: "The work has started: hiring is closed." },
    ],
  ] as const)("%s, %s slots, jobs %j", (state, slots, cached, want) => {
    expect(hiringOf({ state, slots, cached_job_states: cached })).toEqual({ slots, ...want });
  });
});

describe("a refused hire, in words", () => {
  const refused = (fields: Record<string, string[]>, status = 422) =>
    new ApiClientError(status, "validation_failed", "The request is invalid.", fields);

  it("says the worker is already on the request, as when two people hire at once", () => {
    expect(
      refusalMessage(
        "Maria Garcia",
        refused({ worker_id: ["is already on this job request (filled)"] }),
      ),
    ).toBe(
      "Maria Garcia could not be hired: they are already on this job request (hired) — perhaps someone hired them a moment ago.",
    );
  });

  it("says the request is full", () => {
    expect(
      refusalMessage("Ken Ito", refused({ job_request_id: ["has no open slots (2 of 2 filled)"] })),
    ).toBe("Ken Ito could not be hired: the job request has no open slots (2 of 2 filled).");
  });

  it("reads any other field message after its subject, and falls back to the message", () => {
    expect(refusalMessage("Ken Ito", refused({ worker_id: ["is suspended"] }))).toBe(
      "Ken Ito could not be hired: the worker is suspended.",
    );
    expect(
      refusalMessage(
        "Ken Ito",
        new ApiClientError(0, "network_error", "The portal cannot be reached."),
      ),
    ).toBe("Ken Ito could not be hired: The portal cannot be reached.");
    expect(refusalMessage("Ken Ito", new Error("boom"))).toBe(
      "Ken Ito could not be hired: something went wrong. Try again.",
    );
  });
});
