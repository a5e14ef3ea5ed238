/**
 * A chosen file as text, or why it is not a CSV file: the import's first gate, before any
 * parsing, so a picture, a PDF or an Excel workbook is refused with its name instead of being
 * previewed as rows of garbage. Pure (bytes in, text or message out), so it is tested without
 * a browser.
 */

export type ReadText = { ok: true; text: string } | { ok: false; message: string };

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** Known file signatures ("magic numbers"), the most common wrong picks first. */
const SIGNATURES: { what: string; bytes: number[]; at?: number }[] = [
  { what: "a PNG image", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { what: "a JPEG image", bytes: [0xff, 0xd8, 0xff] },
  { what: "a GIF image", bytes: ascii("GIF8") },
  { what: "a WebP image", bytes: ascii("WEBP"), at: 8 },
  { what: "a HEIC photo", bytes: ascii("ftypheic"), at: 4 },
  { what: "a PDF document", bytes: ascii("%PDF-") },
  // .xlsx, .numbers, .ods and .docx are ZIP archives inside.
  { what: "a spreadsheet workbook or ZIP archive", bytes: [0x50, 0x4b, 0x03, 0x04] },
  { what: "a spreadsheet workbook or ZIP archive", bytes: [0x50, 0x4b, 0x05, 0x06] },
  // Excel 97–2003 (.xls) and old Word files.
  {
    what: "an Excel 97–2003 workbook",
    bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
  },
  { what: "a gzip archive", bytes: [0x1f, 0x8b, 0x08] },
  { what: "a RAR archive", bytes: ascii("Rar!\u001a\u0007") },
  { what: "a 7-Zip archive", bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] },
  { what: "a program", bytes: [0x7f, 0x45, 0x4c, 0x46] },
  { what: "an SQLite database", bytes: ascii("SQLite format 3\u0000") },
];

/** Types a browser gives files that are never CSV, whatever they are named. */
const NOT_TEXT_TYPE =
  /^(image|audio|video|font)\/|^application\/(pdf|zip|x-zip-compressed|gzip|x-7z-compressed|vnd\.openxmlformats|vnd\.oasis\.opendocument|vnd\.apple\.numbers)/;

export const ACCEPTED_NAME = /\.(csv|tsv|txt)$/i;
const SPREADSHEET_NAME = /\.(xlsx?|xlsm|numbers|ods)$/i;

/** How many leading bytes are looked at for control characters. */
const SNIFF_BYTES = 8_192;

function signatureOf(bytes: Uint8Array): string | null {
  for (const s of SIGNATURES) {
    const at = s.at ?? 0;
    if (bytes.length >= at + s.bytes.length && s.bytes.every((b, i) => bytes[at + i] === b))
      return s.what;
  }
  return null;
}

/**
 * Control characters other than tab, CR and LF (and the bytes Windows-1252 leaves undefined,
 * which decode to C1 controls) in the first few thousand characters: text has none, or nearly
 * none; binary data is full of them.
 */
const C1 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

function looksBinary(text: string): boolean {
  const head = text.slice(0, SNIFF_BYTES);
  let controls = 0;
  for (let i = 0; i < head.length; i++) {
    const c = head.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f || C1.has(c)) controls++;
  }
  return controls > Math.max(2, head.length / 200);
}

const SAVE_AS_CSV =
  "In Excel, Numbers or Google Sheets choose “Save as” or “Download” → CSV, then pick that file (or copy the cells and paste them below).";

/**
 * Decides from the name, the browser's type and the bytes. Text is read as UTF-8; as UTF-16
 * when it starts with that byte order mark (Excel's "Unicode text"); otherwise, when it is not
 * valid UTF-8, as Windows-1252 (Excel's "CSV" on Windows), unless it then reads as binary.
 */
export function readTextFile(name: string, type: string, bytes: Uint8Array): ReadText {
  const named = ACCEPTED_NAME.test(name);
  const signature = signatureOf(bytes);
  if (signature) {
    const disguised = named ? `, although its name ends in .${name.split(".").pop()}` : "";
    return {
      ok: false,
      message: `${name} is ${signature}, not a CSV file${disguised}. ${SAVE_AS_CSV}`,
    };
  }
  if (!named) {
    return {
      ok: false,
      message: SPREADSHEET_NAME.test(name)
        ? `${name} is a spreadsheet, not a CSV file. ${SAVE_AS_CSV}`
        : `${name} is not a CSV file. Pick a .csv, .tsv or .txt file.`,
    };
  }
  if (NOT_TEXT_TYPE.test(type.toLowerCase())) {
    return {
      ok: false,
      message: `${name} is not a CSV file (your system calls it ${type}). ${SAVE_AS_CSV}`,
    };
  }
  let text: string | null = null;
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    try {
      text = new TextDecoder(bytes[0] === 0xff ? "utf-16le" : "utf-16be", { fatal: true }).decode(
        bytes,
      );
    } catch {
      text = null;
    }
  } else if (!bytes.subarray(0, SNIFF_BYTES).includes(0)) {
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      text = new TextDecoder("windows-1252").decode(bytes);
    }
  }
  if (text === null || looksBinary(text)) {
    return {
      ok: false,
      message: `${name} holds binary data, not text: it is not a CSV file. ${SAVE_AS_CSV}`,
    };
  }
  return { ok: true, text };
}
