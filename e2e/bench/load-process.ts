import { spawn } from "node:child_process";
import { root } from "@/e2e/support/server-process";
import type { LoadResult } from "./report";

/**
 * Runs one scenario in the load generator's own process (load.mjs, autocannon), so the load does
 * not share an event loop with whatever it measures, and returns the figures it printed.
 */
export function runLoad(scenario: Record<string, unknown>): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["e2e/bench/load.mjs", JSON.stringify(scenario)], {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.once("exit", (code) => {
      const line = out.trim().split("\n").at(-1);
      if (code !== 0 || !line) reject(new Error(`load ${scenario.kind} exited ${code}: ${out}`));
      else resolve(JSON.parse(line) as LoadResult);
    });
  });
}
