import { randomUUID } from "node:crypto";
import type http from "node:http";
import { log, redactPath } from "@/lib/log";
import { metrics, routeTemplate } from "@/lib/metrics";

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Every request gets a request id (the caller's `X-Request-Id` when it is a plain 8-64 character
 * token, else a new UUID), passed on to the handlers and sent back. When the response is
 * finished it is counted and timed (metrics, by route template and status) and logged in one
 * line with that id. The path goes through the log's redaction (tokens travel in query strings:
 * `?token=…` becomes `?token=[REDACTED]`), and no header or body is ever logged.
 */
export function observeRequest(req: http.IncomingMessage, res: http.ServerResponse): void {
  const given = req.headers["x-request-id"];
  const requestId = typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
  req.headers["x-request-id"] = requestId;
  res.setHeader("x-request-id", requestId);
  const started = process.hrtime.bigint();
  res.once("finish", () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const labels = {
      method: req.method ?? "GET",
      route: routeTemplate(req.url ?? "/"),
      status: String(res.statusCode),
    };
    const m = metrics();
    m.requests.labels(labels).inc();
    m.duration.labels(labels).observe(seconds);
    // The API's handler writes its own line (with the same request id) for every /api_v2 call.
    if ((req.url ?? "").startsWith("/api_v2/")) return;
    log.info("request", {
      requestId,
      method: req.method,
      path: redactPath(req.url ?? "/"),
      status: res.statusCode,
      ms: Math.round(seconds * 10_000) / 10,
    });
  });
}
