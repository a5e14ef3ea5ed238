import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { z } from "zod";
import type { Database } from "@/lib/db/client";
import { log } from "@/lib/log";
import { type Flags, type Outcome, runCommand } from "./commands";

/**
 * The operator channel: how `npm run operator` works beside a running embedded server. PGlite
 * belongs to one process, so the server that holds the data folder runs the operator's commands
 * for it, on its own open database, and hands back what the command would have printed.
 *
 * It is a Unix socket in the data folder (`operator.sock`), mode 0600: never reachable over the
 * network, and only this machine's user that runs the server (or root) can open it, which is
 * the same person who could open the folder itself. The request is one JSON object, the command
 * and its flags as the operator's command line parsed them, at most 64 KiB.
 */

const SOCKET_NAME = "operator.sock";
const MAX_REQUEST_BYTES = 64 * 1024;

export function channelPathOf(dataDir: string): string {
  return path.join(path.resolve(dataDir), SOCKET_NAME);
}

const requestSchema = z.strictObject({
  command: z.string().min(1).max(100),
  flags: z.record(z.string().max(100), z.union([z.string().max(10_000), z.boolean()])),
});

/** Serves the channel for the server's open database; `close()` stops it and removes it. */
export async function openChannel(
  database: Database,
  dataDir: string,
): Promise<{ close: () => Promise<void> }> {
  const socketPath = channelPathOf(dataDir);
  // A socket left by a server that died: this process holds the folder's lock now.
  fs.rmSync(socketPath, { force: true });
  const server = http.createServer((req, res) => {
    const answer = (status: number, outcome: Outcome) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(outcome));
    };
    const refuse = (message: string) =>
      answer(400, {
        code: 2,
        stdout: "",
        stderr: `${JSON.stringify({ error: { code: "usage", message } })}\n`,
      });
    if (req.method !== "POST" || req.url !== "/run") return refuse("POST /run only");
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > MAX_REQUEST_BYTES) {
        refuse(`the request is over ${MAX_REQUEST_BYTES} bytes`);
        req.destroy();
      } else chunks.push(c);
    });
    req.on("end", () => {
      let body: z.infer<typeof requestSchema>;
      try {
        body = requestSchema.parse(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      } catch {
        return refuse("the request is not a command and its flags");
      }
      log.info("operator command", { command: body.command });
      runCommand(database, body.command, body.flags, true).then(
        (outcome) => answer(200, outcome),
        (err: unknown) =>
          answer(500, {
            code: 1,
            stdout: "",
            stderr: `${JSON.stringify({ error: { code: "internal_error", message: String(err) } })}\n`,
          }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // Created owner-only: no moment when another user could connect.
    const mask = process.umask(0o177);
    try {
      server.listen(socketPath, () => {
        fs.chmodSync(socketPath, 0o600);
        resolve();
      });
    } finally {
      process.umask(mask);
    }
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        fs.rmSync(socketPath, { force: true });
      }),
  };
}

/**
 * Sends one command to the server running on the data folder. Null when no server answers there
 * (no socket, or a socket left by a server that died): the caller reports the folder as busy.
 */
export function sendToChannel(
  socketPath: string,
  command: string,
  flags: Flags,
): Promise<Outcome | null> {
  if (!fs.existsSync(socketPath)) return Promise.resolve(null);
  return new Promise((resolve) => {
    const req = http.request(
      { socketPath, method: "POST", path: "/run", headers: { "content-type": "application/json" } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")) as Outcome);
          } catch {
            resolve(null);
          }
        });
        res.on("error", () => resolve(null));
      },
    );
    req.on("error", () => resolve(null));
    req.end(JSON.stringify({ command, flags }));
  });
}
