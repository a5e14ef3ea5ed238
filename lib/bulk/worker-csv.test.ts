import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import {
  CSV_BOM,
  cellText,
  createRecordCounter,
  csvLines,
  exportFileName,
  guardCell,
  SENSITIVE_CSV_FIELDS,
  WORKER_CSV_FIELDS,
  WORKER_CSV_HEADER,
  workerCsvRow,
} from "./worker-csv";

describe("guardCell (spreadsheet formula injection)", () => {
  it.each([
    ["=SUM(A1:A9)", "'=SUM(A1:A9)"],
    ["=1+1", "'=1+1"],
    ["@cmd", "'@cmd"],
    ["\tindented", "'\tindented"],
    ["\rreturn", "'\rreturn"],
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ["-Bob", "'-Bob"],
    ["+", "'+"],
    // Plain numbers and phones stay as they are: they are data, not formulas.
    ["+14155550142", "+14155550142"],
    ["+1 (415) 555-0142", "+1 (415) 555-0142"],
    ["+1415-555-5555", "+1415-555-5555"],
    ["-122.2712", "-122.2712"],
    ["-7", "-7"],
    // Anything else is untouched, also when a formula character comes later.
    ["Maria", "Maria"],
    ["a=b", "a=b"],
    ["", ""],
    [" =padded", " =padded"],
  ])("%j → %j", (input, expected) => {
    expect(guardCell(input)).toBe(expected);
  });
});

describe("cellText", () => {
  it.each([
    [null, ""],
    [undefined, ""],
    ["text", "text"],
    [true, "true"],
    [false, "false"],
    [4.5, "4.5"],
    [0, "0"],
    [{ a: 1 }, '{"a":1}'],
  ])("%j → %j", (input, expected) => {
    expect(cellText(input)).toBe(expected);
  });
});

const USER = {
  id: 42,
  external_id: '=HYPERLINK("http://evil")',
  type: "Worker",
  first_name: "Zoë",
  last_name: "Núñez, Jr.",
  email: "zoe@example.com",
  phone: "+14155550161",
  gender: null,
  dob: "1990-01-02",
  address: "1 Main St\nApt 2",
  address_state: "CA",
  city: "Oakland",
  zip: "94607",
  home_latitude: "37.8044",
  home_longitude: "-122.2712",
  latitude: null,
  longitude: null,
  avatar_url: null,
  logo_url: null,
  workplace_image_url: null,
  business_name: null,
  drug_tested: "passed",
  rating: 4.5,
  referred_by: null,
  ssn: null,
  suspended: false,
  suspended_until: null,
  lower_pool: null,
  lower_pool_until: null,
  onboarding_appt_time: null,
  tracking_code: "TRK1",
  w2_address_state: null,
  w2_employee_id: null,
  w2_onboarding_completed: null,
  w2_onboarding_started: null,
  w2_onboarding_status: "completed",
  updated_at: "2026-11-21T09:13:00.123+00:00",
  user_badges: [
    { id: 1, user_id: 42, badge_id: "12", created_at: "2026-11-21T09:13:00.123+00:00" },
    { id: 2, user_id: 42, badge_id: "99", created_at: "2026-11-21T09:13:00.123+00:00" },
    { id: 3, user_id: 42, badge_id: "13", created_at: "2026-11-21T09:13:00.123+00:00" },
  ],
};
const NAMES = new Map([
  ["12", "Forklift Certified"],
  ["13", "=Night Shift"],
]);

describe("workerCsvRow", () => {
  it("has every user field in the API's order, then the badge names", () => {
    expect(WORKER_CSV_HEADER).toEqual([
      ...Object.keys(USER).filter((k) => k !== "user_badges"),
      "badges",
    ]);
    const row = workerCsvRow(USER, NAMES);
    expect(row).toHaveLength(WORKER_CSV_HEADER.length);
    const byName = Object.fromEntries(WORKER_CSV_HEADER.map((h, i) => [h, row[i]]));
    expect(byName).toMatchObject({
      id: "42",
      external_id: '\'=HYPERLINK("http://evil")',
      first_name: "Zoë",
      last_name: "Núñez, Jr.",
      phone: "+14155550161",
      gender: "",
      home_longitude: "-122.2712",
      rating: "4.5",
      suspended: "false",
      address: "1 Main St\nApt 2",
      updated_at: "2026-11-21T09:13:00.123+00:00",
      // Unknown badges keep their id; every badge name is guarded like any cell.
      badges: "Forklift Certified; badge 99; =Night Shift",
    });
  });

  it("leaves the SSN and date of birth empty unless they are asked for, the columns kept", () => {
    const user = { ...USER, ssn: "123-45-6789" };
    const at = (row: string[], f: string) => row[WORKER_CSV_HEADER.indexOf(f)];
    expect(SENSITIVE_CSV_FIELDS).toEqual(["ssn", "dob"]);
    const plain = workerCsvRow(user, NAMES);
    expect(plain).toHaveLength(WORKER_CSV_HEADER.length);
    expect([at(plain, "ssn"), at(plain, "dob")]).toEqual(["", ""]);
    expect(plain.join(",")).not.toMatch(/6789|1990-01-02/);
    const asked = workerCsvRow(user, NAMES, { includeSensitive: true });
    expect([at(asked, "ssn"), at(asked, "dob")]).toEqual(["123-45-6789", "1990-01-02"]);
    // Everything else is the same either way.
    const others = (row: string[]) =>
      row.filter((_, i) => !["ssn", "dob"].includes(WORKER_CSV_HEADER[i]!));
    expect(others(asked)).toEqual(others(plain));
  });

  it("guards the badge column as a whole", () => {
    const row = workerCsvRow({ ...USER, user_badges: [{ badge_id: "13" }] }, NAMES);
    expect(row.at(-1)).toBe("'=Night Shift");
  });

  it("writes missing fields as empty cells and no badges as an empty cell", () => {
    const row = workerCsvRow({ id: 1 }, NAMES);
    expect(row[0]).toBe("1");
    expect(row.slice(1).every((c) => c === "")).toBe(true);
    expect(WORKER_CSV_FIELDS).not.toContain("user_badges");
  });
});

describe("csvLines", () => {
  it("quotes what needs quoting, ends every row with CRLF, and reads back the same", () => {
    const rows = [WORKER_CSV_HEADER, workerCsvRow(USER, NAMES)];
    const text = csvLines(rows);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text).toContain('"Núñez, Jr."');
    expect(text).toContain('"1 Main St\nApt 2"');
    expect(text).toContain('"\'=HYPERLINK(""http://evil"")"');
    const parsed = Papa.parse<string[]>(text.slice(0, -2), { newline: "\r\n" });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual(rows);
  });

  it("chunks written one after another make one file", () => {
    const a = csvLines([["a", "b"]]);
    const b = csvLines([["c", "d,e"]]);
    expect(a + b).toBe('a,b\r\nc,"d,e"\r\n');
    expect(csvLines([])).toBe("");
  });
});

describe("createRecordCounter", () => {
  it("counts records, not line ends inside quoted cells, across chunk boundaries", () => {
    const text =
      CSV_BOM +
      csvLines([
        ["id", "address"],
        ["1", "1 Main St\r\nApt 2"],
        ["2", 'say "hi"\nthere'],
        ["3", "plain"],
      ]);
    for (const size of [1, 2, 3, 7, 1000]) {
      const counter = createRecordCounter();
      for (let i = 0; i < text.length; i += size) counter.push(text.slice(i, i + size));
      expect(counter.records).toBe(4);
    }
  });
});

describe("exportFileName", () => {
  it("is dated (UTC)", () => {
    expect(exportFileName(new Date("2026-11-21T23:59:00Z"))).toBe("workers-2026-11-21.csv");
    expect(exportFileName(new Date("2026-01-02T00:00:00Z"), "results")).toBe(
      "results-2026-01-02.csv",
    );
  });
});
