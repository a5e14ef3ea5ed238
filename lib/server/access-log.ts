import type http from "node:http";
import { log, redactPath } from "@/lib/log";

/**
 * One line per request, written when the response is finished. The path goes through the log's
 * redaction (tokens travel in query strings: `?token=…` becomes `?token=[REDACTED]`), and no
 * header or body is ever logged.
 */
export function logRequest(req: http.IncomingMessage, res: http.ServerResponse): void {
  // The API's handler writes its own line (with the request id) for every /api_v2 call.
  if ((req.url ?? "").startsWith("/api_v2/")) return;
  const started = process.hrtime.bigint();
  res.once("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    log.info("request", {
      method: req.method,
      path: redactPath(req.url ?? "/"),
      status: res.statusCode,
      ms: Math.round(ms * 10) / 10,
    });
  });
}
