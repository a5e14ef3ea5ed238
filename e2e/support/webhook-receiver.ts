import http from "node:http";
import type { AddressInfo } from "node:net";

export type Received = {
  at: number;
  headers: http.IncomingHttpHeaders;
  /** The exact bytes, as a string: what the signature covers. */
  body: string;
  json: { id: string; event: string; occurred_at: string; data: any };
  status: number;
};

/**
 * A webhook receiver on loopback. `answer` decides each response's status from the request
 * count so far (fail twice, then succeed…); `null` never answers (a hung receiver).
 */
export async function startReceiver(
  answer: (n: number, r: Omit<Received, "status">) => number | null = () => 200,
  opts: { delayMs?: number } = {},
): Promise<{
  url: string;
  port: number;
  received: Received[];
  acknowledged: () => Received[];
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const r = { at: Date.now(), headers: req.headers, body, json: JSON.parse(body) };
      const status = answer(received.length + 1, r);
      received.push({ ...r, status: status ?? 0 });
      if (status === null) return; // hang
      const reply = () =>
        res.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "ok" : "no");
      if (opts.delayMs) setTimeout(reply, opts.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    acknowledged: () => received.filter((r) => r.status >= 200 && r.status < 300),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
