// The build's static files (.next/static: scripts, styles, the icon), compressed once at build
// time, next to each file as `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip, level 9),
// for lib/server/static-assets.ts to send as they are. Next compressed each one again on every
// request (gzip, level 6), and every first visit asks for all of a page's chunks: on the
// journeys, which clear the browser's cache between tests, that was about a tenth of the
// servers' and the browsers' CPU. Built files are immutable (content-hashed names), so once is
// enough, and the better ratio costs nothing per request (3.6 MB of scripts: gzip 1.14 MB,
// Brotli 1.01 MB).
//
//   node lib/server/precompress.mjs [dir]     (ensure-build.mjs runs it after `next build`)
//
// Each variant is written to a temporary name and renamed into place, so a server never reads a
// half-written one; a variant no smaller than its file is not written (the server then lets
// Next send the file itself). zlib's asynchronous calls run on libuv's thread pool: the files are
// compressed side by side, on every core.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { COMPRESSED_TYPES, VARIANTS } from "./static-variants.mjs";

/** Below this, the headers outweigh what compression saves. */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** @type {Record<keyof typeof VARIANTS, (data: Buffer) => Promise<Buffer>>} */
const ENCODERS = {
  br: (data) =>
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  gzip: (data) => gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
};

/** @param {string} dir @returns {string[]} */
function filesUnder(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((f) => path.join(dir, f))
    .filter((f) => path.extname(f) in COMPRESSED_TYPES && fs.statSync(f).isFile());
}

/**
 * Writes the compressed variants of every compressible file under `<dir>/.next/static`.
 * @param {string} dir the project
 * @returns {Promise<{ files: number; bytes: number; br: number; gzip: number }>}
 */
export async function precompressStatic(dir) {
  const files = filesUnder(path.join(dir, ".next", "static"));
  const totals = { files: 0, bytes: 0, br: 0, gzip: 0 };
  await Promise.all(
    files.map(async (file) => {
      const data = await fs.promises.readFile(file);
      if (data.length < MIN_BYTES) return;
      totals.files += 1;
      totals.bytes += data.length;
      for (const [coding, suffix] of Object.entries(VARIANTS)) {
        const packed = await ENCODERS[/** @type {keyof typeof VARIANTS} */ (coding)](data);
        const target = `${file}${suffix}`;
        if (packed.length >= data.length) {
          await fs.promises.rm(target, { force: true });
          continue;
        }
        const temporary = `${target}.${process.pid}.tmp`;
        await fs.promises.writeFile(temporary, packed);
        await fs.promises.rename(temporary, target);
        totals[/** @type {keyof typeof VARIANTS} */ (coding)] += packed.length;
      }
    }),
  );
  return totals;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const dir = path.resolve(process.argv[2] ?? process.cwd());
  const started = performance.now();
  const t = await precompressStatic(dir);
  const kb = (n) => `${Math.round(n / 1024)} kB`;
  process.stdout.write(
    `Compressed ${t.files} static files once (${kb(t.bytes)}: Brotli ${kb(t.br)}, gzip ${kb(t.gzip)}) in ${Math.round(performance.now() - started)} ms\n`,
  );
}
