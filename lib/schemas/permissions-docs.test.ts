import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ACTIONS, isOperatorOnly, PERMISSIONS, ROLES } from "./permissions";

/**
 * The role table of docs/roles.md is lib/schemas/permissions.ts written out: the same actions in the
 * same order, the same descriptions, and the same ✓ for each role and key pair. A change to
 * either without the other fails here, so the docs cannot drift from what the API enforces.
 */
const PAGE = fs.readFileSync(path.join(process.cwd(), "docs/roles.md"), "utf8");

/** The page's one table of actions: its rows are the lines that start with an action. */
function rolesTable(): string[][] {
  return PAGE.split("\n")
    .filter((l) => l.startsWith("| `"))
    .map((l) =>
      l
        .slice(1, -1)
        .split("|")
        .map((c) => c.trim()),
    );
}

describe("docs/roles.md role table", () => {
  it("equals PERMISSIONS: actions, descriptions and who holds each", () => {
    const mark = (b: boolean) => (b ? "✓" : "—");
    const expected = ACTIONS.map((a) => {
      const p = PERMISSIONS[a];
      return [
        `\`${a}\``,
        p.description,
        ...ROLES.map((r) => mark((p.roles as readonly string[]).includes(r))),
        mark(!isOperatorOnly(a)),
        mark(p.publicPool),
      ];
    });
    expect(rolesTable()).toEqual(expected);
  });

  it("heads its columns with the roles in the table's order", () => {
    const head = PAGE.split("\n").find((l) => l.startsWith("| Action"));
    // Cells as the formatter pads them: compared trimmed.
    const cells = head
      ?.slice(1, -1)
      .split("|")
      .map((c) => c.trim());
    expect(cells).toEqual([
      "Action",
      "What it covers",
      "Admin",
      "Requestor",
      "Read-only",
      "Private key pair",
      "Public key pair",
    ]);
    expect(ROLES).toEqual(["customer_admin", "requestor", "read_only"]);
  });
});
