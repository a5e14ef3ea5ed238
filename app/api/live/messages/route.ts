import { clientAddressOf } from "@/lib/net/trusted-headers";
import { signedInRoute, upstreamRefusal } from "@/lib/portal/server/portal-route";
import { methodNotAllowed, portalError } from "@/lib/portal/server/respond";
import { upstreamFor } from "@/lib/portal/server/upstream-base";
import { upstreamStream } from "@/lib/portal/server/upstream-stream";

/**
 * How long one stream lasts at most. The browser's EventSource opens the next one by itself,
 * and that one passes the session checks again (a session signed out elsewhere ends there).
 */
const MAX_STREAM_MS = 15 * 60_000;

/**
 * GET /api/live/messages[?job_request_id=]: the company's (or one job request's) message events,
 * and (issue 27) its `job` events, as Server-Sent Events, passed through from our API's GET /api_v2/messages/stream with the
 * token from the sealed session (it never reaches the browser). The upstream request ends when
 * the browser leaves, when the session expires, or after MAX_STREAM_MS. The real service has no
 * stream: 404 there, and its pages poll instead.
 */
export const GET = signedInRoute(async ({ req, session, active }) => {
  const jobRequestId = new URL(req.url).searchParams.get("job_request_id");
  if (jobRequestId !== null && !/^[1-9]\d{0,9}$/.test(jobRequestId)) {
    return portalError(422, {
      code: "validation_failed",
      message: "job_request_id must be a job request's id.",
      fields: { job_request_id: ["must be a positive whole number"] },
    });
  }
  if (!upstreamFor(active.environment).embedded) {
    return portalError(404, {
      code: "not_found",
      message: "This API offers no live updates; the pages ask it again every 10 seconds.",
    });
  }
  const stop = new AbortController();
  const browserLeft = () => stop.abort();
  if (req.signal.aborted) return new Response(null, { status: 204 });
  req.signal.addEventListener("abort", browserLeft, { once: true });

  const upstream = await upstreamStream(
    active.environment,
    `messages/stream${jobRequestId === null ? "" : `?job_request_id=${jobRequestId}`}`,
    { token: active.token, signal: stop.signal, client: clientAddressOf(req) },
  );
  if (!upstream.ok) {
    stop.abort();
    req.signal.removeEventListener("abort", browserLeft);
    return upstreamRefusal(upstream, session);
  }

  const reader = upstream.body.getReader();
  const lifetime = Math.max(
    0,
    Math.min(MAX_STREAM_MS, new Date(active.expiresAt).getTime() - Date.now()),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const end = () => {
    clearTimeout(timer);
    req.signal.removeEventListener("abort", browserLeft);
    stop.abort();
    reader.cancel().catch(() => {});
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      timer = setTimeout(() => {
        end();
        try {
          controller.close();
        } catch {
          // Already closed by the upstream's end.
        }
      }, lifetime);
    },
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          end();
          controller.close();
        } else controller.enqueue(value);
      } catch {
        // The upstream broke off (or we ended it): the browser reconnects.
        end();
        try {
          controller.close();
        } catch {
          // Already closed.
        }
      }
    },
    cancel() {
      end();
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store, no-transform",
      // A proxy in front (nginx) must pass each event on as it comes.
      "x-accel-buffering": "no",
    },
  });
});

export const POST = methodNotAllowed("GET");
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
