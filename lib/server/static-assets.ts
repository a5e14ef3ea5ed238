import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import Negotiator from "negotiator";
import { COMPRESSED_TYPES, VARIANTS } from "./static-variants.mjs";

/**
 * The build's scripts and styles, sent as compressed at build time (./precompress.mjs): Brotli or
 * gzip, whichever the client prefers (Brotli on a tie). Next gzipped each of them again on every
 * request; it still answers a client that takes neither, a file with no variant, and every other
 * path (pages it compresses as before).
 *
 * Only the files the build made are served: the index is read from `.next/static` at start, and
 * a request names one of its entries or none (nothing from the URL is joined to a path). A body
 * is read on its first request and kept: at most the build's compressed size (about 1 MB of
 * Brotli, 1.1 MB of gzip), and only what is asked for.
 */
const PREFIX = "/_next/static/";
type Coding = keyof typeof VARIANTS;
const PREFERENCE = [...(Object.keys(VARIANTS) as Coding[]), "identity"];
/** As Next sends them: content-hashed names never change. */
const IMMUTABLE = "public, max-age=31536000, immutable";

type Asset = {
  type: string;
  /** The file's own validators, as Next gives them (`send`: weak, size and mtime in hex). */
  etag: string;
  lastModified: string;
  variants: Partial<Record<Coding, string>>;
};

/** The coding to send for this Accept-Encoding, or null when the client takes none of ours. */
export function chooseCoding(acceptEncoding: string | undefined, offered: Coding[]): Coding | null {
  const available = PREFERENCE.filter((c) => c === "identity" || offered.includes(c as Coding));
  const chosen = new Negotiator({ headers: { "accept-encoding": acceptEncoding } }).encoding(
    available,
    { preferred: PREFERENCE },
  );
  return chosen && chosen !== "identity" ? (chosen as Coding) : null;
}

/** Whether If-None-Match names this validator (weak comparison, as for GET). */
function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => t.trim() === "*" || bare(t) === bare(etag));
}

function indexOf(root: string): Map<string, Asset> {
  const index = new Map<string, Asset>();
  if (!fs.existsSync(root)) return index;
  for (const rel of fs.readdirSync(root, { recursive: true, encoding: "utf8" })) {
    const type = COMPRESSED_TYPES[path.extname(rel)];
    if (!type) continue;
    const file = path.join(root, rel);
    const variants: Asset["variants"] = {};
    for (const [coding, suffix] of Object.entries(VARIANTS) as [Coding, string][]) {
      if (fs.existsSync(file + suffix)) variants[coding] = file + suffix;
    }
    if (Object.keys(variants).length === 0) continue;
    const stat = fs.statSync(file);
    index.set(PREFIX + rel.split(path.sep).join("/"), {
      type,
      etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
      lastModified: stat.mtime.toUTCString(),
      variants,
    });
  }
  return index;
}

export function staticAssets(dir: string) {
  const index = indexOf(path.join(dir, ".next", "static"));
  const bodies = new Map<string, Promise<Buffer>>();

  const headersOf = (asset: Asset) => ({
    "cache-control": IMMUTABLE,
    etag: asset.etag,
    "last-modified": asset.lastModified,
    vary: "Accept-Encoding",
  });

  return {
    /**
     * Answers a GET or HEAD for a compressed static file the client takes, and returns true; or
     * returns false, and Next answers. `otherwise` is Next too, for a variant that can no longer
     * be read (a build replaced under a running server).
     */
    serve(req: http.IncomingMessage, res: http.ServerResponse, otherwise: () => void): boolean {
      if (req.method !== "GET" && req.method !== "HEAD") return false;
      const url = req.url ?? "";
      if (!url.startsWith(PREFIX)) return false;
      const asset = index.get(url.split("?")[0] ?? "");
      if (!asset) return false;
      if (notModified(req.headers["if-none-match"], asset.etag)) {
        res.writeHead(304, headersOf(asset));
        res.end();
        return true;
      }
      const coding = chooseCoding(
        req.headers["accept-encoding"],
        Object.keys(asset.variants) as Coding[],
      );
      const file = coding ? asset.variants[coding] : undefined;
      if (!coding || !file) return false;
      let body = bodies.get(file);
      if (!body) {
        body = fs.promises.readFile(file);
        bodies.set(file, body);
      }
      body.then(
        (data) => {
          res.writeHead(200, {
            ...headersOf(asset),
            "content-type": asset.type,
            "content-encoding": coding,
            "content-length": data.length,
          });
          res.end(req.method === "HEAD" ? undefined : data);
        },
        () => {
          // Gone since the start: Next sends the file as it now is.
          bodies.delete(file);
          delete asset.variants[coding];
          otherwise();
        },
      );
      return true;
    },
  };
}
