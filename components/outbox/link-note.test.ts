import { describe, expect, it } from "vitest";
import { linkNote, sentByText } from "./link-note";

describe("the outbox's word on a mail's link", () => {
  const at = "2026-12-04T10:00:00.000Z";
  it.each([
    ["live", /^Opening it is what the worker does: it works once, until .+\.$/],
    [undefined, /^Opening it is what the worker does: it works once, until .+\.$/],
    ["replaced", /^This link no longer works: a newer invitation was sent/],
    ["used", /^This link has been used/],
    ["expired", /^This link has expired \(.+\)\.$/],
  ] as const)("%s", (state, text) => {
    expect(linkNote(state, at)).toMatch(text);
  });

  it("never promises 'works once' for a link a resend replaced", () => {
    expect(linkNote("replaced", at)).not.toContain("works once");
  });

  it("names who sent the mail when the API does", () => {
    expect(sentByText({ event: "user.invited", sent_by: { name: "Dana Lee" } })).toBe(
      "Invited by Dana Lee",
    );
    expect(sentByText({ event: "job_request.candidate", sent_by: { name: "Dana Lee" } })).toBe(
      "Sent by Dana Lee",
    );
    expect(sentByText({ event: "user.invited", sent_by: null })).toBeNull();
    expect(sentByText({ event: "user.invited" })).toBeNull();
  });
});
