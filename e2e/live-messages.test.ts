import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOnce, type ServerProcess, startServer, tempDataDir } from "./support/server-process";

/**
 * The portal's push channel, /api/live/messages, on the production server: the session is
 * checked, the upstream stream (/api_v2/messages/stream) is passed through with the session's
 * token (never the browser's to see), events carry ids only, and a browser that leaves closes
 * its upstream stream, so leaving and coming back never runs into the API's 20 streams per token.
 */
describe("the portal's live messages (production server)", () => {
  const dataDir = tempDataDir("live-messages");
  let server: ServerProcess;
  let cookie = "";

  const headers = () => ({ cookie, origin: server.base });

  async function proxy<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${server.base}/api/proxy/${path}`, {
      method,
      headers: { ...headers(), ...(body !== undefined && { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    expect(res.ok, `${method} ${path}: ${res.status} ${text}`).toBe(true);
    return JSON.parse(text) as T;
  }

  /** Opens the stream; `next` reads until the text holds `want` (or throws after `ms`). */
  async function open(query = "") {
    const ctl = new AbortController();
    const res = await fetch(`${server.base}/api/live/messages${query}`, {
      headers: { ...headers(), accept: "text/event-stream" },
      signal: ctl.signal,
    });
    const reader = res.body?.getReader();
    const decoder = new TextDecoder();
    let seen = "";
    const next = async (want: string, ms = 10_000) => {
      const until = Date.now() + ms;
      while (!seen.includes(want)) {
        if (!reader) throw new Error("no body");
        const left = until - Date.now();
        if (left <= 0) throw new Error(`"${want}" did not come; got: ${seen}`);
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error(`"${want}" did not come; got: ${seen}`)), left),
          ),
        ]);
        if (chunk.done) throw new Error(`the stream ended; got: ${seen}`);
        seen += decoder.decode(chunk.value, { stream: true });
      }
      return seen;
    };
    const close = () => ctl.abort();
    return { res, next, close };
  }

  beforeAll(async () => {
    buildOnce();
    server = await startServer({ dataDir });
    const res = await fetch(`${server.base}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.base },
      body: JSON.stringify({ demo: true }),
    });
    expect(res.status).toBe(200);
    cookie = (res.headers.getSetCookie().find((c) => c.startsWith("ep_session=")) ?? "").split(
      ";",
    )[0] as string;
    expect(cookie).toMatch(/^ep_session=/);
  }, 600_000);
  afterAll(async () => {
    await server?.kill("SIGTERM");
  });

  it("without a session: 401 in the portal's error shape, nothing streamed", async () => {
    const res = await fetch(`${server.base}/api/live/messages`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: { code: "session_expired", message: expect.any(String) },
    });
  });

  it("a job request id that is not one: 422; another company's or none: the API's 404", async () => {
    const bad = await fetch(`${server.base}/api/live/messages?job_request_id=abc`, {
      headers: headers(),
    });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe(
      "validation_failed",
    );
    const missing = await fetch(`${server.base}/api/live/messages?job_request_id=999999999`, {
      headers: headers(),
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it("passes a message's event through, ids only, without the session's token", async () => {
    const { jobs } = await proxy<{ jobs: { id: number; state: string; job_request_id: number }[] }>(
      "GET",
      "jobs?per=50",
    );
    const job = jobs.find((j) => j.state === "filled");
    if (!job) throw new Error("the demo has no filled job");
    const live = await open(`?job_request_id=${job.job_request_id}`);
    expect(live.res.status).toBe(200);
    expect(live.res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(live.res.headers.get("cache-control")).toBe("no-store, no-transform");
    await live.next(": connected");
    const secret = "Gate code is 4412 and this text must not ride the stream";
    const sent = await proxy<{ message: { id: number } }>("POST", `jobs/${job.id}/simulate`, {
      action: "message",
      body: secret,
    });
    const text = await live.next(`"id":${sent.message.id}`);
    expect(text).toContain("event: message");
    expect(text).toContain(`"job_id":${job.id}`);
    expect(text).not.toContain("Gate code");
    expect(text).not.toMatch(/token|Bearer/i);
    // Reading it is an event too.
    await proxy("POST", "messages/mark_read", { job_id: job.id });
    expect(await live.next("event: read")).toContain(`"job_id":${job.id}`);
    live.close();
  });

  it("a browser that leaves frees its upstream stream: 30 visits in a row on one token (the API allows 20 at once)", async () => {
    for (let i = 0; i < 30; i++) {
      const live = await open();
      expect(live.res.status, `visit ${i + 1}`).toBe(200);
      await live.next(": connected");
      live.close();
      // The server learns of the close from the socket; give it a moment before the next.
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  it("at once, past the API's 20 per token: the 21st is its 429, passed on with Retry-After", async () => {
    const open20 = [];
    for (let i = 0; i < 20; i++) {
      const live = await open();
      expect(live.res.status, `stream ${i + 1}`).toBe(200);
      await live.next(": connected");
      open20.push(live);
    }
    const over = await fetch(`${server.base}/api/live/messages`, { headers: headers() });
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toBe("30");
    expect(((await over.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    for (const live of open20) live.close();
  });
});
