import fs from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import { demoWorkers } from "@/lib/api-v2/demo/demo-data";

/**
 * Writes public/samples/workers-import-sample.csv: 500 realistic workers for the demo's bulk
 * invite, as a spreadsheet exports them (BOM, CRLF, phones in several formats), with a few
 * problems a real file has. They are demo workers 1000–1499, so they never collide with the
 * seeded ones.   npx tsx lib/api-v2/demo/make-import-sample.ts
 */
const all = demoWorkers(1500, { now: new Date("2026-11-01T00:00:00Z"), badgeCount: 0 });
const picked = all.slice(1000);

const formats = [
  (d: string) => `+1 ${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`,
  (d: string) => `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`,
  (d: string) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`,
  (d: string) => `+1${d}`,
  (d: string) => `1-${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`,
];

const rows = picked.map((w, i) => {
  const digits = w.phone.slice(2);
  return {
    "First Name": w.first_name,
    "Last Name": w.last_name,
    "E-mail": w.email,
    Mobile: formats[i % formats.length]!(digits),
    "Employee ID": `NS-${String(2000 + i)}`,
    Address: w.address ?? "",
    City: w.city ?? "",
    State: w.address_state ?? "",
    Zip: w.zip ?? "",
  };
});

// The problems of a real file: typos, blanks, a row pasted twice, a number too short.
rows[17]!["E-mail"] = rows[17]!["E-mail"].replace("@", " at ");
rows[88]!["Last Name"] = "";
rows[142]!["E-mail"] = rows[142]!["E-mail"].replace(/\.[a-z]+$/, "");
rows[203]!.Mobile = "555-01";
rows[260] = { ...rows[259]! };
rows[311]!["First Name"] = "";
rows[377]!["E-mail"] = rows[12]!["E-mail"].toUpperCase();
rows[455]!.Mobile = "+44 20 7946";

const csv = `\uFEFF${Papa.unparse(rows, { newline: "\r\n" })}\r\n\r\n`;
const out = path.join(process.cwd(), "public/samples/workers-import-sample.csv");
fs.writeFileSync(out, csv);
process.stdout.write(`${out}: ${rows.length} rows\n`);
