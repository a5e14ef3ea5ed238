/** The file extensions compressed, with the Content-Type Next sends for each. */
export const COMPRESSED_TYPES: Record<string, string>;
/** The content codings written, in the server's order of preference, and each one's suffix. */
export const VARIANTS: { readonly br: ".br"; readonly gzip: ".gz" };
