/** Writes `<file>.br` and `<file>.gz` next to every compressible file of `<dir>/.next/static`. */
export function precompressStatic(
  dir: string,
): Promise<{ files: number; bytes: number; br: number; gzip: number }>;
