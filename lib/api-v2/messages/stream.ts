import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { type Database, type Db, getDatabase } from "@/lib/db/client";
import { apiKeys, jobRequests, tokens, users } from "@/lib/db/schema";
import type { Caller } from "../caller";
import { notFound } from "../errors";
import { type EndReason, LiveHub, type StreamEvent, type Subscriber } from "./live-hub";

/** A comment line this often keeps proxies from closing an idle stream, and checks expiry. */
export const HEARTBEAT_MS = 25_000;
/** A client this far behind (bytes queued and unread) is dropped rather than buffered for. */
const MAX_QUEUED_BYTES = 256 * 1024;
/** setTimeout's longest delay. */
const MAX_TIMER_MS = 2_147_483_647;

/** Of these grants, the ones that still hold: not revoked, key not revoked, person active. */
async function grantsStillValid(db: Db, ids: number[]): Promise<Set<number>> {
  const rows = await db
    .select({ id: tokens.id })
    .from(tokens)
    .leftJoin(apiKeys, eq(apiKeys.id, tokens.apiKeyId))
    .leftJoin(users, eq(users.id, tokens.userId))
    .where(
      and(
        inArray(tokens.id, ids),
        isNull(tokens.revokedAt),
        isNull(apiKeys.revokedAt),
        sql`coalesce(${users.suspended}, false) = false`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

// One hub per open database, kept on globalThis like the database itself (the server bootstrap
// and Next's compiled route handlers are separate module graphs that must share it).
const KEY = Symbol.for("employer-portal.live-hubs");
type Holder = { [KEY]?: WeakMap<Database, LiveHub> };

/** The process's hub for this database. */
export function liveHubOf(database: Database): LiveHub {
  const g = globalThis as Holder;
  g[KEY] ??= new WeakMap();
  let hub = g[KEY].get(database);
  if (!hub) {
    hub = new LiveHub(database, undefined, (ids) => grantsStillValid(database.db, ids));
    g[KEY].set(database, hub);
  }
  return hub;
}

/** A stream for one job request must name one of the caller's (404 otherwise, as everywhere). */
async function checkJobRequest(db: Db, caller: Caller, id: number): Promise<void> {
  const [row] = await db
    .select({ id: jobRequests.id })
    .from(jobRequests)
    .where(and(eq(jobRequests.id, id), eq(jobRequests.companyId, caller.companyId)));
  if (!row) throw notFound("Job request");
}

const encoder = new TextEncoder();
const frame = (
  e: StreamEvent | { event: "end"; data: { reason: Exclude<EndReason, "server_stopping"> } },
) => encoder.encode(`event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);

/**
 * GET /messages/stream (ours): Server-Sent Events about the company's messages (or one job
 * request's): `message` when one is written, `read` when read state changes, ids only. Subscribed
 * before the answer starts, so nothing committed after it is missed. The stream ends (`event:
 * end`) when the token expires or its grant ends, and frees its slot when the client goes.
 */
export async function openMessageStream(
  req: Request,
  db: Db,
  caller: Caller,
  filter: { job_request_id?: number },
  now: Date,
  opts: { heartbeatMs?: number; hub?: LiveHub } = {},
): Promise<Response> {
  if (filter.job_request_id !== undefined) await checkJobRequest(db, caller, filter.job_request_id);
  const hub = opts.hub ?? liveHubOf(await getDatabase());
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let closed = false;
  let timers: NodeJS.Timeout[] = [];
  let unsubscribe: () => void = () => undefined;

  const finish = () => {
    if (closed) return;
    closed = true;
    for (const t of timers) clearTimeout(t);
    timers = [];
    unsubscribe();
    req.signal.removeEventListener("abort", gone);
  };
  /** The client went away (the request was aborted): free the slot, end the body. */
  const gone = () => {
    finish();
    try {
      controller?.close();
    } catch {
      // Already closed.
    }
  };
  const write = (bytes: Uint8Array) => {
    if (closed || !controller) return;
    if ((controller.desiredSize ?? 0) < -MAX_QUEUED_BYTES) {
      // The client stopped reading: drop it rather than hold an ever-growing queue.
      finish();
      controller.error(new Error("live stream client too slow"));
      return;
    }
    controller.enqueue(bytes);
  };
  const end = (reason: EndReason) => {
    if (closed) return;
    if (reason !== "server_stopping") write(frame({ event: "end", data: { reason } }));
    finish();
    try {
      controller?.close();
    } catch {
      // Already closed by the client.
    }
  };
  const expired = () => caller.expiresAt !== undefined && caller.expiresAt.getTime() <= Date.now();

  const sub: Subscriber = {
    companyId: caller.companyId,
    jobRequestId: filter.job_request_id ?? null,
    grantId: caller.grantId ?? null,
    apiKeyId: caller.apiKeyId,
    personId: caller.person?.id ?? null,
    push: (e) => write(frame(e)),
    end,
  };
  unsubscribe = await hub.subscribe(sub);

  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        // Reconnect after 5 s if the connection drops (EventSource's own retry).
        c.enqueue(encoder.encode("retry: 5000\n: connected\n\n"));
      },
      cancel: finish,
    },
    { highWaterMark: 0, size: (chunk) => chunk.byteLength },
  );

  const heartbeat = setInterval(() => {
    if (expired()) end("token_expired");
    else write(encoder.encode(": heartbeat\n\n"));
  }, opts.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();
  timers.push(heartbeat);
  if (caller.expiresAt) {
    const ms = Math.min(Math.max(0, caller.expiresAt.getTime() - now.getTime()), MAX_TIMER_MS);
    const t = setTimeout(() => end("token_expired"), ms);
    t.unref();
    timers.push(t);
  }
  if (req.signal.aborted) gone();
  else req.signal.addEventListener("abort", gone);

  return new Response(body, {
    status: 200,
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "x-accel-buffering": "no",
    },
  });
}
