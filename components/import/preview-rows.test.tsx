import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { badgeIndex, checkRows, guessMapping, parseCsv } from "@/lib/bulk/csv-import";
import { hasProblems, isDuplicate, PreviewTable, previewColumns } from "./preview-rows";

// A real file through the real rules: a good row, a duplicate, a bad phone, a missing name.
const csv = [
  "First name,Last name,Email,Mobile,City,State",
  "Ava,Thompson,ava@example.com,(415) 555-0142,Oakland,CA",
  "Ben,Okafor,AVA@example.com,+14155550143,Oakland,CA",
  "Chloe,Shah,chloe@example.com,12,,",
  ",Diaz,dora@example.com,+14155550144,,",
].join("\r\n");
const parsed = parseCsv(csv);
const mapping = guessMapping(parsed.headers);
const checks = checkRows(parsed, mapping, { defaultCountry: "US" });

describe("the import preview", () => {
  it("draws the name as one column and the address fields as one", () => {
    expect(previewColumns(mapping).map((c) => c.label)).toEqual([
      "Name",
      "E-mail",
      "Phone",
      "Address",
    ]);
  });

  it("classifies rows as the rules found them", () => {
    expect(checks.map((c) => [c.row, hasProblems(c), isDuplicate(c)])).toEqual([
      [2, false, false],
      [3, true, true],
      [4, true, false],
      [5, true, false],
    ]);
  });

  it("shows each row with its status, its value and the problem next to the cell", () => {
    render(
      <PreviewTable
        checks={checks}
        columns={previewColumns(mapping)}
        country="US"
        caption="Rows to invite"
      />,
    );
    const table = screen.getByRole("table", { name: "Rows to invite" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(4);
    const first = rows[0]!;
    expect(within(first).getByText("Ava Thompson")).toBeTruthy();
    // A national number is shown as it will be sent.
    expect(first.textContent).toContain("+1 415 555 0142");
    const dup = rows[1]!;
    const emailCell = within(dup)
      .getAllByRole("cell")
      .find((c) => c.getAttribute("aria-describedby"));
    expect(emailCell).toBeTruthy();
    const problems = document.getElementById(emailCell!.getAttribute("aria-describedby")!);
    expect(problems?.textContent).toMatch(/same e-mail as row 2/i);
    expect(rows[3]!.textContent).toMatch(/First name/);
  });

  it("shows both coordinate pairs in one column, the badges read, and an unknown badge's problem", () => {
    const file = parseCsv(
      [
        "First name,Last name,Email,Phone,Lat,Lng,Home lat,Home lng,Badges",
        "Ava,Thompson,ava@example.com,+14155550142,40.7484,-73.9857,40.6782,-73.9442,forklift|CPR",
        "Ben,Okafor,ben@example.com,+14155550143,,,,,Forklift; Jetpack",
      ].join("\n"),
    );
    const map = guessMapping(file.headers);
    const rows = checkRows(file, map, {
      badges: badgeIndex([
        { id: 1, name: "Forklift" },
        { id: 2, name: "CPR" },
      ]),
    });
    const columns = previewColumns(map);
    expect(columns.map((c) => c.label)).toEqual(["Name", "E-mail", "Phone", "Location", "Badges"]);
    render(<PreviewTable checks={rows} columns={columns} country="US" caption="Geo rows" />);
    const [ava, ben] = within(screen.getByRole("table", { name: "Geo rows" }))
      .getAllByRole("row")
      .slice(1);
    expect(ava!.textContent).toContain("40.7484, -73.9857\nhome 40.6782, -73.9442");
    expect(ava!.textContent).toContain("forklift, CPR");
    const badgeCell = within(ben!)
      .getAllByRole("cell")
      .find((c) => c.getAttribute("aria-describedby"));
    expect(document.getElementById(badgeCell!.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Badges unknown badge “Jetpack”: not among your company’s badges",
    );
  });
});
