/** Builds what the target needs (Next build and/or esbuild bundle) when missing or stale. */
export function ensureBuild(dir: string, target?: "server" | "operator"): void;
/** Everything production needs, built now. */
export function buildAll(dir: string): void;
/** Where a target's bundle is. */
export function bundlePath(dir: string, target: "server" | "operator"): string;
/** The bundles esbuild makes, by name: their entry and where they go. */
export const BUNDLES: Record<"server" | "operator", { entry: string; out: string }>;
