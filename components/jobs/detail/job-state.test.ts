import { describe, expect, it } from "vitest";
import type { Job, JobRequest, JobTransition } from "@/lib/portal/job-types";
import {
  canHireInto,
  canRate,
  firstStamp,
  jobActions,
  mergeTimeline,
  requestActions,
  slotsTaken,
  workerMoves,
  workerName,
} from "./job-state";
import { actorText } from "./job-timeline";
import { durationText, moneyText, startTimes } from "./request-format";

const request = (over: Partial<JobRequest> = {}): JobRequest => ({
  id: 7,
  state: "posted",
  request_name: "Warehouse shift",
  category: "Warehouse",
  description: null,
  slots: 3,
  start_time: "2026-06-06T13:00:00.000Z",
  duration: 240,
  timezone: "America/New_York",
  wage: 160,
  classification: "1099",
  w2_hourly_rate: null,
  venue: null,
  address: null,
  city: null,
  zip: null,
  latitude: null,
  longitude: null,
  updated_at: "2026-06-01T10:00:00.000Z",
  ...over,
});

let nextId = 1;
const worker = (first: string, last: string) =>
  ({ id: nextId++, first_name: first, last_name: last, phone: "" }) as unknown as Job["worker"];

const transition = (
  id: number,
  jobId: number,
  at: string,
  name: string,
  extra: Partial<JobTransition> = {},
): JobTransition => ({
  id,
  job_id: jobId,
  created_at: at,
  name,
  latitude: null,
  longitude: null,
  ...extra,
});

const job = (id: number, state: string, over: Partial<Job> = {}): Job => ({
  id,
  state,
  job_request_id: 7,
  created_at: "2026-06-01T10:00:00.000Z",
  updated_at: "2026-06-01T10:00:00.000Z",
  confirmed_at: null,
  started_at: null,
  completed_at: null,
  finished_at: null,
  hours_worked: null,
  requestor_notes: null,
  cancelled_reason: null,
  worker: worker("Maria", "Garcia"),
  ...over,
});

describe("the requestor's job actions", () => {
  it.each([
    ["pending", ["grant", "reject", "cancel"]],
    ["filled", ["start", "no_show", "cancel"]],
    ["in_progress", ["cancel"]],
    ["paused", ["cancel"]],
    ["completed", ["approve"]],
    ["approved", []],
    ["cancelled", []],
    ["withdrawn", []],
    ["no_show", []],
    ["rejected", []],
  ])("from %s: %j", (state, expected) => {
    expect(jobActions(state, "private")).toEqual(expected);
    expect(jobActions(state, null)).toEqual(expected);
  });

  it("offers nothing to public-pool keys, which only read", () => {
    for (const s of ["pending", "filled", "completed"]) expect(jobActions(s, "public")).toEqual([]);
    expect(canRate("completed", "public")).toBe(false);
  });

  it("rates completed (approving) and approved jobs only", () => {
    expect(canRate("completed", "private")).toBe(true);
    expect(canRate("approved", "private")).toBe(true);
    expect(canRate("in_progress", "private")).toBe(false);
  });
});

describe("the worker's moves for the demo", () => {
  it.each([
    ["pending", "1099", ["withdraw"]],
    ["filled", "1099", ["start", "withdraw"]],
    ["in_progress", "1099", ["complete"]],
    ["in_progress", "w2", ["pause", "complete"]],
    ["paused", "w2", ["resume", "complete"]],
    ["completed", "1099", []],
    ["approved", "w2", []],
    ["cancelled", "w2", []],
  ])("from %s (%s): %j", (state, classification, expected) => {
    expect(workerMoves(state, classification)).toEqual(expected);
  });
});

describe("the request's actions", () => {
  it.each([
    ["draft", ["post", "cancel"]],
    ["unassigned", ["post", "cancel"]],
    ["posted", ["unpost", "cancel"]],
    ["unfilled", ["post", "cancel"]],
    ["filled", ["cancel"]],
    ["in_progress", ["cancel"]],
    ["completed", []],
    ["approved", []],
    ["cancelled", []],
  ])("from %s: %j", (state, expected) => {
    expect(requestActions(state, "private")).toEqual(expected);
    expect(requestActions(state, "public")).toEqual([]);
  });

  it("hires only onto an open request, and never with public-pool keys", () => {
    expect(canHireInto("posted", "private")).toBe(true);
    expect(canHireInto("unassigned", null)).toBe(true);
    expect(canHireInto("posted", "public")).toBe(false);
    for (const s of ["draft", "filled", "in_progress", "cancelled", "unfilled"]) {
      expect(canHireInto(s, "private")).toBe(false);
    }
  });
});

describe("slots taken", () => {
  it("counts the jobs that hold a slot, from the jobs when they are loaded", () => {
    const jobs = [
      job(1, "filled"),
      job(2, "in_progress"),
      job(3, "paused"),
      job(4, "completed"),
      job(5, "approved"),
      job(6, "cancelled"),
      job(7, "withdrawn"),
      job(8, "pending"),
      job(9, "no_show"),
    ];
    // The jobs win over a stale cache.
    expect(slotsTaken(jobs, request({ cached_job_states: { filled: 1 } }))).toBe(5);
    expect(slotsTaken([], request({ cached_job_states: { filled: 2 } }))).toBe(0);
  });

  it("falls back to the request's cached_job_states", () => {
    const r = request({ cached_job_states: { filled: 2, approved: 1, cancelled: 4, pending: 1 } });
    expect(slotsTaken(undefined, r)).toBe(3);
    expect(slotsTaken(undefined, request({ cached_job_states: null }))).toBe(0);
  });
});

describe("the timeline", () => {
  it("merges every job's moves and the request's own, newest first", () => {
    const maria = job(1, "in_progress", {
      worker: worker("Maria", "Garcia"),
      transitions: [
        transition(11, 1, "2026-06-01T10:05:00.000Z", "in_progress", {
          from_state: "filled",
          actor: "worker",
        }),
        transition(10, 1, "2026-06-01T10:01:00.000Z", "filled", {
          from_state: null,
          actor: "requestor",
        }),
      ],
    });
    const li = job(2, "filled", {
      worker: worker("Li", "Wei"),
      transitions: [
        transition(12, 2, "2026-06-01T10:02:00.000Z", "filled", {
          from_state: null,
          actor: "requestor",
        }),
      ],
    });
    const r = request({
      created_at: "2026-06-01T09:00:00.000Z",
      posted_at: "2026-06-01T09:00:00.000Z",
    });
    const entries = mergeTimeline(r, [maria, li]);
    expect(entries.map((e) => [e.who, e.from, e.to, e.actor])).toEqual([
      ["Maria Garcia", "filled", "in_progress", "worker"],
      ["Li Wei", null, "filled", "requestor"],
      ["Maria Garcia", null, "filled", "requestor"],
      // Created and posted at once: posting comes after creating, so it is listed above.
      [null, null, "posted", null],
      [null, null, "created", null],
    ]);
  });

  it("reads the previous state from the job's earlier move when the API does not say", () => {
    const j = job(3, "completed", {
      transitions: [
        transition(1, 3, "2026-06-01T10:00:00.000Z", "filled"),
        transition(2, 3, "2026-06-01T11:00:00.000Z", "in_progress"),
        transition(3, 3, "2026-06-01T12:00:00.000Z", "completed"),
      ],
    });
    const entries = mergeTimeline(request(), [j]);
    expect(entries.map((e) => `${e.from}→${e.to}`)).toEqual([
      "in_progress→completed",
      "filled→in_progress",
      "null→filled",
    ]);
  });

  it("orders moves made in the same instant by their ids", () => {
    const at = "2026-06-01T10:00:00.000Z";
    const j = job(4, "cancelled", {
      transitions: [transition(21, 4, at, "cancelled"), transition(20, 4, at, "filled")],
    });
    expect(mergeTimeline(request(), [j]).map((e) => e.to)).toEqual(["cancelled", "filled"]);
  });
});

describe("names", () => {
  it("uses the worker's name, else their id", () => {
    expect(workerName(job(1, "filled", { worker: worker("Maria", "Garcia") }))).toBe(
      "Maria Garcia",
    );
    expect(workerName(job(1, "filled", { worker: null, user_id: 42 }))).toBe("Worker #42");
  });
});

describe("the request's when and pay", () => {
  it("shows the start in the site's zone, and the viewer's when it reads differently", () => {
    const t = startTimes("2026-06-06T13:00:00.000Z", "America/New_York", 240, "Europe/Berlin");
    expect(t).toEqual({
      site: "Sat, Jun 6, 2026, 9:00 AM EDT",
      zone: "America/New_York",
      local: "Sat, Jun 6, 2026, 3:00 PM GMT+2",
      end: "1:00 PM EDT",
    });
    const same = startTimes(
      "2026-06-06T13:00:00.000Z",
      "America/New_York",
      null,
      "America/New_York",
    );
    expect(same?.local).toBeNull();
    expect(same?.end).toBeNull();
  });

  it("names the end's day when the work runs past midnight, and survives an unknown zone", () => {
    const late = startTimes("2026-06-07T02:00:00.000Z", "America/New_York", 300, "UTC");
    expect(late?.end).toBe("Sun, Jun 7, 3:00 AM EDT");
    const odd = startTimes("2026-06-06T13:00:00.000Z", "Mars/Olympus", 60, "UTC");
    expect(odd?.site).toBe("Sat, Jun 6, 2026, 1:00 PM UTC");
    expect(odd?.zone).toBeNull();
    expect(startTimes("not a time", "UTC", 60)).toBeNull();
  });

  it.each([
    [45, "45 min"],
    [60, "1 h"],
    [270, "4 h 30 min"],
    [3 * 24 * 60 + 90, "3 days 1 h 30 min"],
    [0, null],
    [null, null],
  ])("duration %s → %s", (minutes, text) => {
    expect(durationText(minutes)).toBe(text);
  });

  it("writes money in dollars", () => {
    expect(moneyText(160)).toBe("$160.00");
    expect(moneyText("18.5")).toBe("$18.50");
    expect(moneyText(null)).toBeNull();
  });
});

describe("who moved a job, and the first stamp on a worker's card", () => {
  const at = "2026-06-01T10:00:00.000Z";
  it("names the teammate the API names, and falls back to the actor without one", () => {
    const j = job(4, "cancelled", {
      transitions: [
        transition(1, 4, at, "filled", {
          actor: "requestor",
          actor_user: { id: 9, name: "Dana Lee" },
        }),
        transition(2, 4, "2026-06-01T11:00:00.000Z", "cancelled", { actor: "system" }),
      ],
    });
    const entries = mergeTimeline(request({ created_at: null, posted_at: null }), [j]);
    expect(entries.map((e) => [e.to, e.actor, e.actorName])).toEqual([
      ["cancelled", "system", null],
      ["filled", "requestor", "Dana Lee"],
    ]);
    expect(entries.map((e) => actorText(e))).toEqual(["automatically", "by Dana Lee"]);
    expect(actorText({ actor: "system", actorName: "Dana Lee" })).toBe(
      "automatically, for Dana Lee",
    );
  });

  it.each([
    ["an application", job(1, "pending"), "Applied", at],
    ["a rejected application", job(1, "rejected"), "Applied", at],
    ["a withdrawn application", job(1, "withdrawn"), "Applied", at],
    [
      "an application cancelled before a hire",
      job(1, "cancelled", { transitions: [transition(1, 1, at, "pending")] }),
      "Applied",
      at,
    ],
    [
      "a hire",
      job(1, "filled", { confirmed_at: "2026-06-02T08:00:00.000Z" }),
      "Hired",
      "2026-06-02T08:00:00.000Z",
    ],
    [
      "a granted application",
      job(1, "in_progress", { confirmed_at: "2026-06-03T08:00:00.000Z" }),
      "Hired",
      "2026-06-03T08:00:00.000Z",
    ],
    [
      "a job that began filled (the real service's, no confirmed_at)",
      job(1, "filled"),
      "Hired",
      at,
    ],
  ])("%s reads %s", (_, j, label, iso) => {
    expect(firstStamp(j)).toEqual({ label, iso });
  });
});
