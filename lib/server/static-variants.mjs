// What the build compresses and the server sends as compressed (./precompress.mjs writes the
// variants, ./static-assets.ts sends them): plain data, so that both the build script and the
// server bundle can import it.

/**
 * What is worth compressing (text: images and fonts are compressed formats already), with the
 * Content-Type Next sends for it. Both read it from here.
 * @type {Record<string, string>}
 */
export const COMPRESSED_TYPES = {
  ".js": "application/javascript; charset=UTF-8",
  ".mjs": "application/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=UTF-8",
  ".txt": "text/plain; charset=UTF-8",
  ".map": "application/json; charset=UTF-8",
};
/** The content codings written, in the server's order of preference, and each one's suffix. */
export const VARIANTS = /** @type {const} */ ({ br: ".br", gzip: ".gz" });
