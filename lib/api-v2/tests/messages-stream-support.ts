import { dispatch } from "./harness";

export type SseEvent = { event: string; data: unknown };

/**
 * A live stream opened through the real route handler with a real Request (as Next and the
 * server call it), read as a browser's EventSource would: events parsed as they arrive.
 */
export async function openStream(token: string, query: Record<string, string | number> = {}) {
  const url = new URL("https://api.test/api_v2/messages/stream");
  url.searchParams.set("token", token);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
  const abort = new AbortController();
  const res = await dispatch(new Request(url, { signal: abort.signal }));
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let done = false;
  let wake: (() => void) | null = null;
  const poke = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  if (res.status === 200 && res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buf = "";
    void (async () => {
      try {
        for (;;) {
          const { value, done: end } = await reader.read();
          if (end) break;
          buf += decoder.decode(value, { stream: true });
          let cut = buf.indexOf("\n\n");
          while (cut >= 0) {
            const block = buf.slice(0, cut);
            buf = buf.slice(cut + 2);
            let event = "message";
            let data: string | null = null;
            for (const line of block.split("\n")) {
              if (line.startsWith(":")) comments.push(line.slice(1).trim());
              else if (line.startsWith("event: ")) event = line.slice(7);
              else if (line.startsWith("data: ")) data = line.slice(6);
            }
            if (data !== null) events.push({ event, data: JSON.parse(data) });
            cut = buf.indexOf("\n\n");
          }
          poke();
        }
      } catch {
        // Aborted by the test.
      }
      done = true;
      poke();
    })();
  }
  const until = async (ok: () => boolean, ms: number) => {
    const deadline = Date.now() + ms;
    while (!ok() && !done && Date.now() < deadline) {
      await Promise.race([
        new Promise<void>((r) => {
          wake = r;
        }),
        new Promise((r) => setTimeout(r, Math.max(1, deadline - Date.now()))),
      ]);
    }
    return ok();
  };
  return {
    res,
    events,
    comments,
    get closed() {
      return done;
    },
    /** Waits (up to `ms`) for the n-th event (1-based) to arrive; returns all so far. */
    async waitFor(n: number, ms = 5_000) {
      await until(() => events.length >= n, ms);
      return events;
    },
    /** Waits until the server closes the stream. */
    async waitClosed(ms = 5_000) {
      await until(() => done, ms);
      return done;
    },
    close() {
      abort.abort();
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
