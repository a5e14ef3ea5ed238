import { describe, expect, it } from "vitest";
import { PHONE_EXTENSION } from "@/lib/schemas/phone";
import {
  checkRows,
  guessMapping,
  missingRequired,
  newDuplicateIndex,
  normalizeImportPhone,
  parseCsv,
} from "./csv-import";
import { type ImportIo, importOne, reportCsv, runImport, summarize } from "./import-runner";

// What spreadsheets really export: a BOM, CRLF, quoted commas and newlines, phones in five
// formats, a repeated row, accents and scripts beyond ASCII, and blank lines at the end.
const MESSY = [
  '\uFEFFFirst Name,Surname,E-mail,Mobile,Employee ID,"Street, line 1",City,State,Zip',
  'José,Núñez,jose.nunez@example.com,+1 415-555-0100,E-100,"12 Main St, Apt 4",San José,CA,95112',
  "Zoë,O'Brien,zoe.obrien@example.com,(415) 555-0101,E-101,,Oakland,CA,94607",
  "Łukasz,Wójcik,lukasz@example.com,415.555.0102,E-102,,,,",
  "美咲,佐藤,misaki.sato@example.com,+14155550103,E-103,,,,",
  'Ana,"Silva, Jr.",ana.silva@example.com,1-415-555-0104,E-104,"Line one\nline two",,,',
  'Ana,"Silva, Jr.",ana.silva@example.com,1-415-555-0104,E-104,,,,',
  "Tom,,tom@example,415 555 0106,E-106,,,,",
  "Kim,Lee,kim.lee@example.com,555-0107,E-107,,,,",
  "Raj,Patel,RAJ.PATEL@example.com,+44 20 7946 0958,E-108,,London,,",
  "Raj,Patel,raj.patel@example.com ,+44 20 7946 0959,E-109,,,,",
  "",
  ",,,,,,,,",
  "",
].join("\r\n");

describe("CSV import: parsing, header mapping and validation", () => {
  const parsed = parseCsv(MESSY);
  const mapping = guessMapping(parsed.headers);

  it("maps the common header spellings and says nothing required is missing", () => {
    expect(mapping).toEqual([
      "first_name",
      "last_name",
      "email",
      "phone",
      "external_id",
      "address",
      "city",
      "address_state",
      "zip",
    ]);
    expect(missingRequired(mapping)).toEqual([]);
    expect(missingRequired(guessMapping(["Name", "E-mail address", "Cell"]))).toEqual([
      "first_name",
      "last_name",
    ]);
    expect(guessMapping(["first_name", "FIRST NAME", "Phone Number", "Tel"])).toEqual([
      "first_name",
      null,
      "phone",
      null,
    ]);
  });

  it("keeps spreadsheet row numbers and drops blank rows", () => {
    expect(parsed.records.map((r) => r.row)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(parsed.records[0]!.cells[5]).toBe("12 Main St, Apt 4");
    expect(parsed.records[4]!.cells[5]).toBe("Line one\nline two");
  });

  it("reports row by row: valid bodies, invalid cells, and duplicates inside the file", () => {
    const checks = checkRows(parsed, mapping);
    const report = checks.map((c) => [c.row, c.body ? "ok" : c.errors]);
    expect(report).toEqual([
      [2, "ok"],
      [3, "ok"],
      [4, "ok"],
      [5, "ok"],
      [6, "ok"],
      [
        7,
        {
          email: ["same e-mail as row 6"],
          phone: ["same phone as row 6"],
          external_id: ["same external ID as row 6"],
        },
      ],
      [8, { last_name: ["can't be blank"], email: ["is invalid"] }],
      [9, { phone: ["is not a valid US number; write it with + and the country code"] }],
      [10, "ok"],
      // Same address in other letters and with a trailing space: the same e-mail.
      [11, { email: ["same e-mail as row 10"] }],
    ]);
    const byRow = new Map(checks.map((c) => [c.row, c]));
    expect(checks.filter((c) => c.body).map((c) => c.body!.phone)).toEqual([
      "+14155550100",
      "+14155550101",
      "+14155550102",
      "+14155550103",
      "+14155550104",
      "+442079460958",
    ]);
    expect(byRow.get(2)!.body).toMatchObject({
      type: "Worker",
      first_name: "José",
      last_name: "Núñez",
      address: "12 Main St, Apt 4",
      city: "San José",
      external_id: "E-100",
    });
    expect(byRow.get(5)!.body).toMatchObject({ first_name: "美咲", last_name: "佐藤" });
  });

  it("validates in slices with one duplicate index, the same as in one go", () => {
    const seen = newDuplicateIndex();
    const sliced = [0, 4, 8].flatMap((from) =>
      checkRows(parsed, mapping, { seen, from, to: from + 4 }),
    );
    expect(sliced).toEqual(checkRows(parsed, mapping));
  });

  it("refuses a phone with an extension, national or international, as the API does", () => {
    const file = parseCsv(
      [
        "first_name,last_name,email,phone",
        "Ada,Lovelace,ada@example.com,(415) 555-0120 ext. 12",
        "Bo,Lee,bo@example.com,+1 415 555 0121 x7",
        "Cy,Ng,cy@example.com,415-555-0122 (cell)",
        "Di,Oz,di@example.com,415-555-0123",
      ].join("\n"),
    );
    const checks = checkRows(file, guessMapping(file.headers));
    expect(checks.map((c) => [c.row, c.body?.phone ?? c.errors])).toEqual([
      [2, { phone: [PHONE_EXTENSION] }],
      [3, { phone: [PHONE_EXTENSION] }],
      [4, { phone: ["may hold only digits, spaces and + ( ) - . /"] }],
      [5, "+14155550123"],
    ]);
    // What the preview shows as sent: the text as written, never the number without its extension.
    expect(normalizeImportPhone("(415) 555-0120 ext. 12")).toBe("(415) 555-0120 ext. 12");
  });

  it("reads tab-separated text pasted from a spreadsheet", () => {
    const pasted = parseCsv(
      "First name\tLast name\tEmail\tPhone\nAda\tLovelace\tada@example.com\t+44 20 7946 0000\n",
    );
    expect(checkRows(pasted, guessMapping(pasted.headers))[0]!.body).toMatchObject({
      first_name: "Ada",
      phone: "+442079460000",
    });
  });
});

describe("CSV import: sending and the per-row report", () => {
  /** An in-memory pool with the API's answers, to pin the outcome rules. */
  function fakePool() {
    const byEmail = new Map<string, number>();
    let next = 1;
    const io: ImportIo = {
      async invite(body) {
        const key = body.email.toLowerCase();
        if (key.endsWith("@outside.example")) {
          return {
            ok: false,
            status: 422,
            message: "Email has already been taken",
            fields: { email: ["has already been taken"] },
          };
        }
        if (byEmail.has(key)) {
          return {
            ok: false,
            status: 422,
            message: "Email has already been taken",
            fields: { email: ["has already been taken"] },
          };
        }
        if (body.first_name === "Boom") return { ok: false, status: 503, message: "upstream down" };
        byEmail.set(key, next);
        return { ok: true, id: next++ };
      },
      async findExisting(body) {
        return byEmail.get(body.email.toLowerCase()) ?? null;
      },
    };
    return io;
  }

  const file = parseCsv(
    [
      "first_name,last_name,email,phone",
      "Ada,Lovelace,ada@example.com,+14155550110",
      "Bad,,bad@example.com,+14155550111",
      "Grace,Hopper,grace@outside.example,+14155550112",
      "Boom,Server,boom@example.com,+14155550113",
      "Alan,Turing,alan@example.com,+14155550114",
    ].join("\n"),
  );
  const checks = checkRows(file, guessMapping(file.headers));

  it("re-running the same file creates every worker once: the second report says existing", async () => {
    const io = fakePool();
    const first = await runImport(checks, io).done;
    expect(first.outcomes.map((o) => [o.row, o.status, o.id])).toEqual([
      [2, "created", 1],
      [3, "refused", null],
      [4, "refused", null],
      [5, "failed", null],
      [6, "created", 2],
    ]);
    expect(first.outcomes[1]!.reason).toBe("Last name can't be blank");
    expect(first.outcomes[2]!.reason).toBe(
      "Email has already been taken (by a worker outside your pool)",
    );
    const second = await runImport(checks, io).done;
    expect(summarize(second.outcomes)).toEqual({ created: 0, existing: 2, refused: 2, failed: 1 });
    expect(second.outcomes.filter((o) => o.status === "existing").map((o) => o.id)).toEqual([1, 2]);
  });

  it("a network error is a failure to retry, not a refusal", async () => {
    const outcome = await importOne(checks[0]!, {
      invite: () => Promise.reject(new Error("fetch failed")),
      findExisting: async () => null,
    });
    expect(outcome).toMatchObject({ status: "failed", reason: "fetch failed" });
  });

  it("downloads as CSV in file order, quoted where needed", async () => {
    const { outcomes } = await runImport(checks, fakePool(), { concurrency: 3 }).done;
    const csv = reportCsv(outcomes);
    expect(
      csv.startsWith("\uFEFFrow,status,id,first_name,last_name,email,phone,external_id,reason\r\n"),
    ).toBe(true);
    expect(csv).toContain("2,created,1,Ada,Lovelace,ada@example.com,+14155550110,,\r\n");
    expect(csv).toContain(
      "3,refused,,Bad,,bad@example.com,+14155550111,,Last name can't be blank\r\n",
    );
  });
});

describe("CSV import: a lookup that fails", () => {
  it("is a failure to retry, never 'outside your pool'", async () => {
    const file = parseCsv(
      "first_name,last_name,email,phone\nAda,Lovelace,ada@example.com,+14155550110\n",
    );
    const [check] = checkRows(file, guessMapping(file.headers));
    const outcome = await importOne(check!, {
      invite: async () => ({
        ok: false,
        status: 422,
        message: "Email has already been taken",
        fields: { email: ["has already been taken"] },
      }),
      findExisting: () => Promise.reject(new Error("upstream answered 503")),
    });
    expect(outcome).toMatchObject({
      status: "failed",
      reason: "could not check for the existing worker: upstream answered 503",
    });
  });
});
