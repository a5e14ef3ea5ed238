import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A new embedded database starts from a template instead of from nothing. PGlite's own first
 * start runs initdb inside WebAssembly, and then every migration runs: several seconds of CPU
 * that every fresh database paid again (each API test file, each test server, every demo). The
 * first fresh database of a given schema is dumped right after its migrations (`dumpDataDir`, a
 * tarball of the data folder, before any row is written) into the template folder; every later
 * one is loaded from it (`loadDataDir`), about eight times quicker, and its migrations then find
 * nothing to do.
 *
 * The template's name is a hash of everything that decides its contents: PGlite's version, the
 * extensions, every migration file, and the version of the data the migrate step loads. A schema change therefore makes a new template; nothing
 * has to be cleared. Written to a temporary name and renamed, so a reader never sees half a file;
 * a template that does not load is removed and the database is made from nothing.
 */

/** Where templates are kept: a cache, safe to delete at any time. */
export function templateDir(): string {
  return path.join(os.tmpdir(), "ep-pglite-templates");
}

export function templateKey(
  migrationsFolder: string,
  extensions: readonly string[],
  /** The version of the data the migrate step loads (the ZIP codes, lib/db/zip-codes.ts). */
  dataVersion = "",
): string {
  const hash = crypto.createHash("sha256");
  let pgliteVersion = "unknown";
  try {
    const pkg = path.join(process.cwd(), "node_modules/@electric-sql/pglite/package.json");
    pgliteVersion = (JSON.parse(fs.readFileSync(pkg, "utf8")) as { version: string }).version;
  } catch {
    // Not where we look (a bundle elsewhere): the migrations still decide.
  }
  hash.update(`pglite ${pgliteVersion}\n`);
  hash.update(`extensions ${[...extensions].sort().join(",")}\n`);
  hash.update(`data ${dataVersion}\n`);
  const walk = (dir: string) => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else hash.update(`${path.relative(migrationsFolder, p)}\n`).update(fs.readFileSync(p));
    }
  };
  walk(migrationsFolder);
  return hash.digest("hex").slice(0, 24);
}

function fileOf(key: string): string {
  return path.join(templateDir(), `${key}.tar`);
}

/** The template for `key`, or undefined when there is none yet. */
export function readTemplate(key: string): Blob | undefined {
  try {
    return new Blob([fs.readFileSync(fileOf(key))]);
  } catch {
    return undefined;
  }
}

/** Keeps `dump` as the template for `key` (best effort: a cache that cannot be written is skipped). */
export async function saveTemplate(key: string, dump: Blob): Promise<void> {
  try {
    fs.mkdirSync(templateDir(), { recursive: true });
    const tmp = `${fileOf(key)}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(tmp, fileOf(key));
  } catch {
    // A read-only or full temporary folder: the next fresh database is made from nothing.
  }
}

export function dropTemplate(key: string): void {
  fs.rmSync(fileOf(key), { force: true });
}
