import fs from "node:fs";

/** Resident memory of a process in bytes, from /proc/<pid>/status (null once it is gone). */
export function rssOf(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

export type RssSample = { at: number; bytes: number };

/** Samples a process's resident memory every `everyMs` until stopped. */
export function sampleRss(pid: number, everyMs = 1000): { samples: RssSample[]; stop: () => void } {
  const samples: RssSample[] = [];
  const take = () => {
    const bytes = rssOf(pid);
    if (bytes !== null) samples.push({ at: performance.now(), bytes });
  };
  take();
  const timer = setInterval(take, everyMs);
  return { samples, stop: () => clearInterval(timer) };
}

export const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

export type FullGc = { at: number; liveMib: number };

/**
 * The live V8 heap after each full (mark-compact) collection of the main thread, from the
 * server's `--trace-gc` output. `startedAt` is when the process was spawned (performance.now()),
 * so `at` is on the same clock as the RSS samples. Unlike RSS, this does not move with how
 * lazily V8 grows and returns its heap: it is what the process really holds.
 */
export function fullGcs(output: string, startedAt: number): FullGc[] {
  const lines = [
    ...output.matchAll(
      /^\[\d+:(0x[0-9a-f]+)\]\s+(\d+) ms: Mark-Compact [\d.]+ \([\d.]+\) -> ([\d.]+) \(/gm,
    ),
  ];
  // Worker threads have their own isolates: keep the busiest one, the main thread.
  const perIsolate = new Map<string, number>();
  for (const m of lines) perIsolate.set(m[1]!, (perIsolate.get(m[1]!) ?? 0) + 1);
  const main = [...perIsolate].sort((a, b) => b[1] - a[1])[0]?.[0];
  return lines
    .filter((m) => m[1] === main)
    .map((m) => ({ at: startedAt + Number(m[2]), liveMib: Number(m[3]) }));
}
