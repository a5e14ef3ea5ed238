import pg from "pg";
import { env } from "@/lib/env";

export type ListenHandlers = {
  /** A notification, as PostgreSQL delivered it (after its transaction committed). */
  notice(channel: string, payload: string): void;
  /**
   * The connection dropped and is back: notifications sent meanwhile are lost, so whoever
   * relies on them must catch up (a live stream tells its clients to refetch).
   */
  resumed?(): void;
};

export type Listening = { stop(): Promise<void> };

const quote = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

/**
 * LISTEN on a connection of its own: a pooled connection would be handed to queries (and
 * LISTEN is per session), so this one is opened for it and held. If it drops (a server
 * restart), it is opened again after 1, 2, 4 … up to 30 seconds, and `resumed` says so.
 */
export async function listenPostgres(
  url: string,
  channels: readonly string[],
  handlers: ListenHandlers,
): Promise<Listening> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let delay = 1_000;

  const open = async (): Promise<void> => {
    const c = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: env().DATABASE_CONNECT_TIMEOUT_MS,
      // Keeps an idle listener's connection alive through NATs and proxies.
      keepAlive: true,
    });
    c.on("notification", (n) => {
      if (n.payload !== undefined) handlers.notice(n.channel, n.payload);
    });
    const lost = () => {
      if (client !== c) return;
      client = null;
      c.removeAllListeners("notification");
      c.end().catch(() => undefined);
      schedule();
    };
    c.on("error", lost);
    c.on("end", lost);
    await c.connect();
    for (const ch of channels) await c.query(`LISTEN ${quote(ch)}`);
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    delay = 1_000;
  };

  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      open().then(
        () => handlers.resumed?.(),
        () => {
          delay = Math.min(delay * 2, 30_000);
          schedule();
        },
      );
    }, delay);
    retry.unref();
  };

  await open();
  return {
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}

/** PGlite is in this process: its listen API hears what its own connection NOTIFYs. */
export async function listenPglite(
  db: { listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>> },
  channels: readonly string[],
  handlers: ListenHandlers,
): Promise<Listening> {
  const offs = await Promise.all(
    channels.map((ch) => db.listen(ch, (payload) => handlers.notice(ch, payload))),
  );
  return {
    async stop() {
      await Promise.all(offs.map((off) => off().catch(() => undefined)));
    },
  };
}
