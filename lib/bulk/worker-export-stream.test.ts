import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { WORKER_CSV_HEADER } from "./worker-csv";
import { type ExportPage, workerExportStream } from "./worker-export-stream";

const worker = (id: number) => ({
  id,
  first_name: `First${id}`,
  last_name: "Ñandú",
  user_badges: [{ badge_id: "7" }],
});
const page = (ids: number[], per = 3): ExportPage => ({ ok: true, users: ids.map(worker), per });
const names = new Map([["7", "Forklift"]]);

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    text += decoder.decode(value, { stream: true });
  }
}

const idsOf = (csv: string) =>
  Papa.parse<string[]>(csv.replace(/^\uFEFF/, "").trim(), { newline: "\r\n" })
    .data.slice(1)
    .map((r) => Number(r[0]));

describe("workerExportStream", () => {
  it("writes BOM, header and every page until a short one", async () => {
    const asked: number[] = [];
    const pages: Record<number, ExportPage> = { 2: page([4, 5, 6]), 3: page([7]) };
    const csv = await readAll(
      workerExportStream({
        first: { users: [1, 2, 3].map(worker), per: 3 },
        fetchPage: async (n) => {
          asked.push(n);
          return pages[n]!;
        },
        badgeNames: names,
      }),
    );
    expect(asked).toEqual([2, 3]);
    expect(csv.startsWith(`\uFEFF${WORKER_CSV_HEADER.join(",")}\r\n`)).toBe(true);
    expect(idsOf(csv)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(csv).toContain(",Ñandú,");
    expect(csv.endsWith(",Forklift\r\n")).toBe(true);
  });

  it("writes the SSN and date of birth only when asked to, in the same columns", async () => {
    const user = { ...worker(1), ssn: "123-45-6789", dob: "1990-01-02" };
    const csvOf = (includeSensitive?: boolean) =>
      readAll(
        workerExportStream({
          first: { users: [user], per: 3 },
          fetchPage: async () => ({ ok: true, users: [], per: 3 }),
          badgeNames: names,
          includeSensitive,
        }),
      );
    const rowOf = (csv: string) => {
      const [header, row] = Papa.parse<string[]>(csv.replace(/^\uFEFF/, "").trim(), {
        newline: "\r\n",
      }).data;
      return Object.fromEntries(header!.map((h, i) => [h, row![i]]));
    };
    const plain = await csvOf();
    expect(plain).not.toMatch(/6789|1990-01-02/);
    expect(rowOf(plain)).toMatchObject({ id: "1", ssn: "", dob: "" });
    expect(rowOf(await csvOf(true))).toMatchObject({ ssn: "123-45-6789", dob: "1990-01-02" });
  });

  it("stops after page 1 when it is short, and after an empty page", async () => {
    const one = await readAll(
      workerExportStream({
        first: { users: [worker(1)], per: 3 },
        fetchPage: async () => {
          throw new Error("not asked");
        },
        badgeNames: names,
      }),
    );
    expect(idsOf(one)).toEqual([1]);
    const exact = await readAll(
      workerExportStream({
        first: { users: [1, 2, 3].map(worker), per: 3 },
        fetchPage: async () => page([]),
        badgeNames: names,
      }),
    );
    expect(idsOf(exact)).toEqual([1, 2, 3]);
  });

  it("writes a worker seen on an earlier page once (rows that moved while paging)", async () => {
    const pages: Record<number, ExportPage> = { 2: page([3, 4, 5]), 3: page([5, 6]) };
    const csv = await readAll(
      workerExportStream({
        first: { users: [1, 2, 3].map(worker), per: 3 },
        fetchPage: async (n) => pages[n]!,
        badgeNames: names,
      }),
    );
    expect(idsOf(csv)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("a page that fails ends the stream with an error, never quietly", async () => {
    const errors: [number, string][] = [];
    const stream = workerExportStream({
      first: { users: [1, 2, 3].map(worker), per: 3 },
      fetchPage: async (n) =>
        n === 2 ? page([4, 5, 6]) : { ok: false, message: "The API had a problem answering." },
      badgeNames: names,
      onError: (n, m) => errors.push([n, m]),
    });
    await expect(readAll(stream)).rejects.toThrow(
      "Page 3 of the workers could not be read: The API had a problem answering.",
    );
    expect(errors).toEqual([[3, "The API had a problem answering."]]);
  });

  it("a fetch that throws is a failure too", async () => {
    const stream = workerExportStream({
      first: { users: [1, 2, 3].map(worker), per: 3 },
      fetchPage: async () => {
        throw new Error("socket hang up");
      },
      badgeNames: names,
    });
    await expect(readAll(stream)).rejects.toThrow(/socket hang up/);
  });

  it("an upstream that ignores `page` (the same full page again) is an error, not a loop", async () => {
    const stream = workerExportStream({
      first: { users: [1, 2, 3].map(worker), per: 3 },
      fetchPage: async () => page([1, 2, 3]),
      badgeNames: names,
    });
    await expect(readAll(stream)).rejects.toThrow(/same workers again/);
  });

  it("fetches only as the reader reads, and no more once cancelled", async () => {
    const asked: number[] = [];
    const stream = workerExportStream({
      first: { users: [1, 2, 3].map(worker), per: 3 },
      fetchPage: async (n) => {
        asked.push(n);
        return page([n * 10, n * 10 + 1, n * 10 + 2]);
      },
      badgeNames: names,
    });
    const reader = stream.getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    await new Promise((r) => setTimeout(r, 10));
    expect(asked.length).toBeLessThanOrEqual(2);
  });
});
