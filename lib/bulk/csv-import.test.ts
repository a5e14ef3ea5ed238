import { describe, expect, it } from "vitest";
import { PHONE_EXTENSION } from "@/lib/schemas/phone";
import {
  badgeIndex,
  checkRows,
  guessMapping,
  missingRequired,
  newDuplicateIndex,
  normalizeImportPhone,
  parseCsv,
  splitBadgeNames,
  withEmailClashes,
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

  it("maps both coordinate pairs and badges by their usual headers", () => {
    expect(
      guessMapping([
        "Lat",
        "Lng",
        "Home latitude",
        "Home Long",
        "Badges",
        "GPS Latitude",
        "Skills",
      ]),
    ).toEqual(["latitude", "longitude", "home_latitude", "home_longitude", "badges", null, null]);
    expect(guessMapping(["Current latitude", "Current longitude", "Home lat", "Home lon"])).toEqual(
      ["latitude", "longitude", "home_latitude", "home_longitude"],
    );
  });

  it("reads coordinates and badge names; a half pair and an unknown badge are row errors", () => {
    const file = parseCsv(
      [
        "First name,Last name,Email,Phone,Latitude,Longitude,Home latitude,Home longitude,Badges",
        "Ada,Lovelace,ada@example.com,+14155550130,40.7484,-73.9857,40.6782,-73.9442,forklift | First Aid;FORKLIFT",
        "Bo,Lee,bo@example.com,+14155550131,40.7484,,,,",
        "Cy,Ng,cy@example.com,+14155550132,91,10,,,Forklift;Welding; CPR ",
        "Di,Oz,di@example.com,+14155550133,,,,,",
      ].join("\n"),
    );
    const index = badgeIndex([
      { id: 4, name: "Forklift" },
      { id: 9, name: " first aid" },
    ]);
    const checks = checkRows(file, guessMapping(file.headers), { badges: index });
    expect(checks.map((c) => [c.row, c.body ? "ok" : c.errors, c.badgeIds])).toEqual([
      [2, "ok", ["4", "9"]],
      [3, { longitude: ["must be set together with latitude"] }, []],
      [
        4,
        {
          latitude: ["must be between -90 and 90"],
          badges: ["unknown badges “Welding”, “CPR”: not among your company’s badges"],
        },
        ["4"],
      ],
      [5, "ok", []],
    ]);
    expect(checks[0]!.body).toMatchObject({
      latitude: "40.7484",
      longitude: "-73.9857",
      home_latitude: "40.6782",
      home_longitude: "-73.9442",
    });
    // Badges are given after the invite, never in its body (the real service's takes none).
    expect(checks[0]!.body).not.toHaveProperty("badges");
    expect(splitBadgeNames(" a;; b |A| c ")).toEqual(["a", "b", "c"]);
  });

  it("an e-mail found in the pool for somebody else becomes that row's error", () => {
    const file = parseCsv("first_name,last_name,email,phone\nAda,L,ada@example.com,+14155550140");
    const checks = checkRows(file, guessMapping(file.headers));
    const marked = withEmailClashes(checks, new Map([[2, "has already been taken by Ben Okafor"]]));
    expect(marked[0]).toMatchObject({
      body: null,
      errors: { email: ["has already been taken by Ben Okafor"] },
    });
    expect(checks[0]!.body).not.toBeNull();
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
  type Stored = { id: number; first_name: string; last_name: string; email: string; phone: string };
  /** An in-memory pool with the API's answers (every taken field at once), to pin the rules. */
  function fakePool(seed: Omit<Stored, "id">[] = []) {
    const workers: (Stored & { badges: string[] })[] = [];
    let next = 1;
    const add = (w: Omit<Stored, "id">) => {
      const stored = { ...w, id: next++, badges: [] as string[] };
      workers.push(stored);
      return stored;
    };
    for (const w of seed) add(w);
    const badgeCalls: [number, readonly string[]][] = [];
    const io: ImportIo = {
      async invite(body) {
        const fields: Record<string, string[]> = {};
        const key = body.email.toLowerCase();
        if (key.endsWith("@outside.example") || workers.some((w) => w.email.toLowerCase() === key))
          fields.email = ["has already been taken"];
        if (workers.some((w) => w.phone === body.phone)) fields.phone = ["has already been taken"];
        if (Object.keys(fields).length) {
          const message = Object.keys(fields)
            .map((f) => `${f === "email" ? "Email" : "Phone"} has already been taken`)
            .join("; ");
          return { ok: false, status: 422, code: "validation_failed", message, fields };
        }
        if (body.first_name === "Boom") return { ok: false, status: 503, message: "upstream down" };
        return { ok: true, id: add(body).id };
      },
      async findExisting(body) {
        const w = workers.find((x) => x.email.toLowerCase() === body.email.toLowerCase());
        return w ? { ...w, badgeIds: w.badges } : null;
      },
      async addBadges(id, badgeIds) {
        badgeCalls.push([id, badgeIds]);
        if (badgeIds.includes("13"))
          return { ok: false, status: 422, code: "validation_failed", message: "Badge 13 is gone" };
        workers.find((w) => w.id === id)!.badges.push(...badgeIds);
        return { ok: true, id };
      },
    };
    return Object.assign(io, { workers, badgeCalls });
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

  it("an e-mail or phone that belongs to somebody else is the invite's error on that row", async () => {
    const io = fakePool([
      { first_name: "Ben", last_name: "Okafor", email: "ada@example.com", phone: "+14155550199" },
      { first_name: "Cy", last_name: "Lee", email: "cy@example.com", phone: "+14155550114" },
    ]);
    const { outcomes } = await runImport(checks, io).done;
    expect(outcomes.map((o) => [o.row, o.status, o.id, o.reason])).toEqual([
      [2, "refused", null, "Email has already been taken (by Ben Okafor in your pool)"],
      [3, "refused", null, "Last name can't be blank"],
      [4, "refused", null, "Email has already been taken (by a worker outside your pool)"],
      [5, "failed", null, "upstream down"],
      [6, "refused", null, "Phone has already been taken"],
    ]);
    // Nobody was created for the clashing rows.
    expect(io.workers).toHaveLength(2);
  });

  it("the same person (e-mail and name, in any case) is existing, not a clash", async () => {
    const io = fakePool([
      { first_name: "ADA ", last_name: "lovelace", email: "Ada@Example.com", phone: "+1415555019" },
    ]);
    const outcome = await importOne(checks[0]!, io);
    expect(outcome).toMatchObject({ status: "existing", id: 1, reason: null });
  });

  it("gives the row's badges after the invite, and on a re-run only those missing", async () => {
    const badged = parseCsv(
      [
        "first_name,last_name,email,phone,badges",
        "Ada,Lovelace,ada@example.com,+14155550110,Forklift; first AID",
        "Alan,Turing,alan@example.com,+14155550114,",
        "Kay,Gone,kay@example.com,+14155550115,Retired",
      ].join("\n"),
    );
    const index = badgeIndex([
      { id: 11, name: "Forklift" },
      { id: 12, name: "First aid" },
      { id: 13, name: "Retired" },
    ]);
    const rows = checkRows(badged, guessMapping(badged.headers), { badges: index });
    expect(rows.map((r) => r.badgeIds)).toEqual([["11", "12"], [], ["13"]]);
    const io = fakePool();
    const first = await runImport(rows, io).done;
    expect(first.outcomes.map((o) => [o.status, o.id])).toEqual([
      ["created", 1],
      ["created", 2],
      ["failed", 3],
    ]);
    expect(first.outcomes[2]!.reason).toBe(
      "Invited, but the badges were not given: Badge 13 is gone. Retry the row to give them.",
    );
    expect(io.badgeCalls).toEqual([
      [1, ["11", "12"]],
      [3, ["13"]],
    ]);
    // The worker lost one badge meanwhile: the re-run gives back just that one.
    io.workers[0]!.badges = ["11"];
    io.badgeCalls.length = 0;
    const again = await importOne(rows[0]!, io);
    expect(again).toMatchObject({ status: "existing", id: 1 });
    expect(io.badgeCalls).toEqual([[1, ["12"]]]);
  });

  it("a network error is a failure to retry, not a refusal", async () => {
    const outcome = await importOne(checks[0]!, {
      invite: () => Promise.reject(new Error("fetch failed")),
      findExisting: async () => null,
      addBadges: async () => ({ ok: false, status: 500, message: "unused" }),
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
      addBadges: async () => ({ ok: false, status: 500, message: "unused" }),
    });
    expect(outcome).toMatchObject({
      status: "failed",
      reason: "could not check for the existing worker: upstream answered 503",
    });
  });
});
