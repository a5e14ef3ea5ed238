import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { readTextFile } from "./read-text-file";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...Buffer.from(p, "utf8")] : p)));

/** A real 1×1 PNG, as a camera roll or a screenshot tool writes one. */
const PNG = new Uint8Array(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  ),
);
const CSV = "First name,Last name,E-mail,Phone\r\nJosé,Núñez,jose@example.com,+14155550100\r\n";

describe("readTextFile: the import's gate before parsing", () => {
  it("reads a UTF-8 CSV (with or without its BOM) as it is", () => {
    expect(readTextFile("team.csv", "text/csv", bytes(CSV))).toEqual({ ok: true, text: CSV });
    const withBom = readTextFile("team.csv", "text/csv", bytes([0xef, 0xbb, 0xbf], CSV));
    expect(withBom.ok && withBom.text.replace(/^\uFEFF/, "")).toBe(CSV);
  });

  it("reads Excel's Windows CSV as Windows-1252 and its 'Unicode text' as UTF-16", () => {
    const latin1 = new Uint8Array([...Buffer.from(CSV, "latin1")]);
    expect(readTextFile("team.csv", "application/vnd.ms-excel", latin1)).toEqual({
      ok: true,
      text: CSV,
    });
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from(CSV.replace(/,/g, "\t"), "utf16le")]);
    const read = readTextFile("team.txt", "text/plain", utf16);
    expect(read.ok && read.text.replace(/^\uFEFF/, "")).toBe(CSV.replace(/,/g, "\t"));
  });

  it.each([
    ["photo.png", "image/png", PNG, "photo.png is a PNG image, not a CSV file."],
    [
      "team.csv",
      "text/csv",
      PNG,
      "team.csv is a PNG image, not a CSV file, although its name ends in .csv.",
    ],
    ["scan.pdf", "application/pdf", bytes("%PDF-1.7\n%âãÏÓ\n"), "scan.pdf is a PDF document"],
    [
      "team.xlsx",
      "",
      bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]),
      "team.xlsx is a spreadsheet workbook or ZIP archive, not a CSV file.",
    ],
    [
      "team.csv",
      "text/csv",
      bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
      "team.csv is an Excel 97–2003 workbook",
    ],
    [
      "team.csv",
      "text/csv",
      new Uint8Array(zlib.gzipSync(CSV)),
      "team.csv is a gzip archive, not a CSV file",
    ],
    ["team.numbers", "", bytes("not looked at"), "team.numbers is a spreadsheet, not a CSV file."],
    ["notes.docx", "", bytes("x"), "notes.docx is not a CSV file. Pick a .csv, .tsv or .txt file."],
    [
      "team.csv",
      "image/jpeg",
      bytes(CSV),
      "team.csv is not a CSV file (your system calls it image/jpeg).",
    ],
    ["team.csv", "text/csv", bytes(CSV, [0, 0, 0], CSV), "team.csv holds binary data, not text"],
    [
      "team.csv",
      "text/csv",
      new Uint8Array(Array.from({ length: 600 }, (_, i) => (i * 37) % 256 || 1)),
      "team.csv holds binary data, not text",
    ],
  ])("refuses %s (%s) with a message that says what it is", (name, type, data, start) => {
    const read = readTextFile(name, type, data);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.message).toContain(start);
  });

  it("tells how to get a CSV file out of a spreadsheet", () => {
    const read = readTextFile("photo.png", "image/png", PNG);
    expect(!read.ok && read.message).toMatch(/“Save as” or “Download” → CSV/);
  });
});
