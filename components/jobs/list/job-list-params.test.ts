import { describe, expect, it } from "vitest";
import { jobListQueryString, readJobListState, toJobApiParams } from "./job-list-params";

const read = (qs: string) => readJobListState(new URLSearchParams(qs));

describe("the job request list's URL state", () => {
  it("reads a shared link and writes it back the same, defaults left out", () => {
    const qs = "?state=open&category=Events&classification=w2&zip=94607&per=10&page=3";
    expect(jobListQueryString(read(qs))).toBe(qs);
    expect(jobListQueryString(read(""))).toBe("");
  });

  it("falls back to defaults for hand-edited values instead of failing", () => {
    expect(read("state=everything&classification=x&zip=<script>&page=-2&per=7")).toEqual({
      state: "",
      category: "",
      classification: "",
      zip: "",
      mine: false,
      page: 1,
      per: 25,
    });
  });

  it("sends a chip as the API's comma list of states", () => {
    expect(toJobApiParams(read("state=done"))).toEqual({
      page: 1,
      per: 25,
      state: "completed,approved",
    });
    expect(toJobApiParams(read("state=open&category=Events"))).toMatchObject({
      state: "unassigned,posted",
      category: "Events",
    });
  });

  it("keeps Mine in the link, and asks for the person's requests only when a person is signed in", () => {
    const qs = "?state=open&mine=1";
    expect(jobListQueryString(read(qs))).toBe(qs);
    expect(read("mine=yes").mine).toBe(false);
    expect(toJobApiParams(read("mine=1"), 812)).toEqual({ page: 1, per: 25, employer_id: 812 });
    expect(toJobApiParams(read("mine=1"), null)).toEqual({ page: 1, per: 25 });
  });
});
