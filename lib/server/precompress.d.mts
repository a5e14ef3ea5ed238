/** Writes `<file>.br` and `<file>.gz` next to every compressible file of `<dir>/.next/static`. */
export function precompressStatic(
  dir: string,
): Promise<{ files: number; bytes: number; br: number; gz: number }>;
/** The file names worth compressing. */
export const COMPRESSIBLE: RegExp;
/** The encoders, by file suffix. */
export const ENCODERS: Record<string, (data: Buffer) => Promise<Buffer>>;
