import { describe, expect, it } from "vitest";
import type { Teammate } from "@/lib/portal/client/hooks/use-team";
import type { SessionPerson } from "@/lib/portal/types";
import { requestedBy } from "./requested-by";

const TEAM: Teammate[] = [
  { id: 3, first_name: "Ana", last_name: "Admin", role: "customer_admin" },
  { id: 5, first_name: "Dana", last_name: "Lee", role: "requestor" },
];
const DANA: SessionPerson = {
  id: 5,
  name: "Dana Lee",
  email: "dana@example.com",
  role: "requestor",
};

describe("requestedBy", () => {
  it.each([
    ["a teammate, from the team", { employer_id: 3 }, TEAM, null, "Ana Admin"],
    ["the person signed in", { employer_id: 5 }, TEAM, DANA, "Dana Lee (you)"],
    [
      "the person, before the team has loaded",
      { employer_id: 5 },
      undefined,
      DANA,
      "Dana Lee (you)",
    ],
    ["nobody: posted for the company", { employer_id: null }, TEAM, DANA, null],
    ["nobody: an upstream without the field", {}, TEAM, null, null],
    ["someone no longer in the list, by id", { employer_id: 9 }, TEAM, null, "Teammate 9"],
    ["nothing while the team cannot be read", { employer_id: 9 }, undefined, null, null],
    [
      "the nested employer where the upstream gives one",
      { employer_id: 9, employer: { id: 9, first_name: "Sam", last_name: "Rivera" } },
      TEAM,
      null,
      "Sam Rivera",
    ],
  ] as const)("names %s", (_, request, team, me, expected) => {
    expect(requestedBy(request, team, me)).toBe(expected);
  });
});
