import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { sql } from "drizzle-orm";

/**
 * The US ZIP codes table (`zip_codes`, migration 0015), filled from packages on this machine:
 * nothing is downloaded. `zipcodes` (BSD, 42,555 five-digit US codes with city, state and
 * centre) gives the rows; `@photostructure/tz-lookup` (CC0) gives the time zone of each centre.
 *
 * Part of the migrate step (lib/db/client.ts), in the migrations' transaction on PostgreSQL and
 * before the embedded template is dumped, so templates hold the rows and a fresh test database
 * does not load them again. The table carries the data's version as its comment: the same
 * version is a no-op (one catalogue read); a new one (a package bump) replaces the rows.
 * After a load, workers' ZIP centres are filled in (afterwards the users_zip_centre trigger
 * keeps them).
 */

type Executor = { execute: (query: ReturnType<typeof sql>) => Promise<unknown> };

const PACKAGES = ["zipcodes", "@photostructure/tz-lookup"] as const;

const DATA_FILE = "zipcodes/lib/codes.js";

/** Bump when the way rows are made changes (not only the packages). */
const LOADER_REVISION = 1;

function packageVersion(name: string): string {
  try {
    const file = path.join(process.cwd(), "node_modules", name, "package.json");
    return (JSON.parse(fs.readFileSync(file, "utf8")) as { version: string }).version;
  } catch {
    return "unknown";
  }
}

/** What decides the table's rows: part of the embedded template's key (lib/db/pglite-template.ts). */
export function zipDataVersion(): string {
  return [`loader ${LOADER_REVISION}`, ...PACKAGES.map((p) => `${p}@${packageVersion(p)}`)].join(
    " ",
  );
}

type ZipRow = {
  zip: string;
  city: string;
  state: string;
  tz: string | null;
  lat: number;
  lng: number;
};

let rowsOnce: Promise<ZipRow[]> | undefined;

/**
 * The rows from the packages (US, five digits, with a centre), made once per process: the time
 * zone of 42,555 centres costs about 2 s of CPU, and a test process migrates many databases.
 */
export function zipRows(): Promise<ZipRow[]> {
  rowsOnce ??= makeZipRows().catch((err: unknown) => {
    rowsOnce = undefined;
    throw err;
  });
  return rowsOnce;
}

async function makeZipRows(): Promise<ZipRow[]> {
  // Both packages are CommonJS, read from the project's node_modules as the versions above are
  // (a plain require: the same under Next's server, tsx and vitest; never bundled).
  const load = createRequire(path.join(process.cwd(), "package.json"));
  const { codes } = load(DATA_FILE) as typeof import("zipcodes/lib/codes.js");
  const tz = load(PACKAGES[1]) as (lat: number, lng: number) => string;
  const out: ZipRow[] = [];
  for (const c of Object.values(codes)) {
    if (c.country !== "US" || !/^\d{5}$/.test(c.zip)) continue;
    if (!Number.isFinite(c.latitude) || !Number.isFinite(c.longitude)) continue;
    let zone: string | null = null;
    try {
      zone = tz(c.latitude, c.longitude);
    } catch {
      zone = null;
    }
    out.push({
      zip: c.zip,
      city: c.city,
      state: c.state,
      tz: zone,
      lat: c.latitude,
      lng: c.longitude,
    });
  }
  return out;
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  return ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) as Record<
    string,
    unknown
  >[];
}

/** Fills `zip_codes` when it is empty or holds another version; returns how many rows were loaded. */
export async function ensureZipCodes(db: Executor): Promise<number> {
  const version = zipDataVersion();
  const current = rowsOf(
    await db.execute(sql`select obj_description('zip_codes'::regclass, 'pg_class') as v`),
  )[0]?.v;
  if (current === version) return 0;
  const rows = await zipRows();
  await db.execute(sql`delete from zip_codes`);
  const CHUNK = 10_000;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const json = JSON.stringify(rows.slice(i, i + CHUNK));
    await db.execute(sql`
      insert into zip_codes (zip, city, state, time_zone, latitude, longitude)
      select r.zip, r.city, r.state, r.tz, r.lat, r.lng
      from json_to_recordset(${json}::json) as r(zip text, city text, state text, tz text, lat numeric, lng numeric)`);
  }
  // The workers already holding a ZIP get its centre (the trigger covers every later change).
  await db.execute(sql`
    update users u set zip_latitude = z.latitude, zip_longitude = z.longitude
    from zip_codes z
    where u.zip is not null and z.zip = left(btrim(u.zip), 5)
      and (u.zip_latitude is distinct from z.latitude or u.zip_longitude is distinct from z.longitude)`);
  await db.execute(sql.raw(`comment on table zip_codes is '${version.replace(/'/g, "''")}'`));
  return rows.length;
}
