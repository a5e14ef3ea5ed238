import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import { startServer, tempDataDir } from "../server-process";

export { freePort } from "../server-process";

/**
 * The production server as `npm start` runs it (lib/server/main.ts bundled, built first when the
 * build is missing or stale), on a fresh embedded database in a temporary folder and its own
 * port, for tests that drive it over real HTTP. Started by the one starter in server-process.ts.
 */
export type RunningServer = {
  base: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
};

export async function startProductionServer(
  port: number,
  extraEnv: Record<string, string> = {},
): Promise<RunningServer> {
  const dataDir = tempDataDir("fuzz");
  const server = await startServer({
    dataDir,
    port,
    env: { DEMO_WORKER_COUNT: "40", LOG_LEVEL: "error", ...extraEnv },
  });
  return {
    base: server.base,
    port,
    dataDir,
    child: server.proc,
    output: server.output,
    async stop() {
      const killer = setTimeout(() => void server.kill("SIGKILL"), 15_000);
      await server.kill("SIGTERM");
      clearTimeout(killer);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
