import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DnsStub, startDnsStub } from "@/e2e/support/dns-stub";
import { tcpListener } from "@/e2e/support/tcp-listener";
import { startReceiver } from "@/e2e/support/webhook-receiver";
import { createCompany, createKeys } from "@/lib/api-v2/admin/admin";
import { openDatabase } from "@/lib/db/client";
import {
  authenticate,
  buildOnce,
  demoKeys,
  type ServerProcess,
  startServer,
  tempDataDir,
} from "./support/server-process";

/**
 * Webhooks against the server's own network, on the production server as `npm start` runs it
 * (embedded database, default settings; only DNS is a local stub). A company cannot register a
 * target that resolves to cloud metadata or a private network in any spelling; a name that
 * resolved somewhere public at registration and points at this machine at delivery is refused
 * without a connection; a redirect is not followed; nothing a receiver says is kept; and the
 * demo company, open to anyone through "Try the demo", reaches this machine only, which is
 * where the walk-through's receiver (docs/webhooks-and-history.md) listens and still gets its signed deliveries.
 */

type Delivery = {
  webhook_id: number;
  state: string;
  last_status: number | null;
  last_error: string | null;
  attempt_log: { status: number | null; error: string | null }[];
};

describe("webhooks cannot reach the server's own network (production server)", () => {
  const dataDir = tempDataDir("ssrf");
  let server: ServerProcess;
  let dns: DnsStub;
  let company: { api_key: string; secret_key: string };
  let token: string;

  const api = async (method: string, path: string, tok: string, body?: unknown) => {
    const res = await fetch(
      `${server.base}/api_v2${path}${path.includes("?") ? "&" : "?"}token=${tok}`,
      {
        method,
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
    );
    const text = await res.text();
    return { status: res.status, text, body: text ? JSON.parse(text) : null };
  };
  const deliveriesOf = async (tok: string, webhookId: number): Promise<Delivery[]> =>
    (await api("GET", `/webhook_deliveries?webhook_id=${webhookId}`, tok)).body.deliveries;
  /** Waits until the webhook's newest delivery has been tried at least once. */
  const tried = async (tok: string, webhookId: number): Promise<Delivery> => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const [d] = await deliveriesOf(tok, webhookId);
      if (d && d.attempt_log.length > 0) return d;
      if (Date.now() > deadline) throw new Error(`no attempt for webhook ${webhookId}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  beforeAll(async () => {
    buildOnce();
    dns = await startDnsStub({
      "hooks.example.test": ["93.184.216.34"],
      "evil.test": ["169.254.169.254"],
      "aaaa-evil.test": ["::ffff:169.254.169.254"],
      "private.test": ["10.0.0.5"],
      "mixed.test": ["93.184.216.34", "172.16.0.9"],
    });
    // A customer company (not the demo), made before the server takes the folder.
    const db = await openDatabase({ kind: "embedded", dataDir });
    try {
      const { company_id } = await createCompany(db.db, "Customer Co");
      company = await createKeys(db.db, company_id, "private", "test");
    } finally {
      await db.close();
    }
    server = await startServer({
      dataDir,
      env: { WEBHOOK_DNS_SERVER: dns.server, OUTBOX_POLL_MS: "50" },
    });
    const res = await fetch(`${server.base}/api_v2/authenticate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(company),
    });
    token = ((await res.json()) as { token: string }).token;
  });

  afterAll(async () => {
    await server?.kill("SIGTERM");
    await dns?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses to register cloud metadata and private networks, by name or in any spelling", async () => {
    const refused: [string, RegExp][] = [
      ["https://evil.test/latest/meta-data/", /^Url resolves to a cloud metadata address/],
      ["https://aaaa-evil.test/", /^Url resolves to a cloud metadata address/],
      ["https://private.test/", /^Url resolves to a private address/],
      ["https://mixed.test/", /^Url resolves to a private address/],
      ["https://169.254.169.254/latest/meta-data/", /^Url is a cloud metadata address/],
      ["https://2852039166/", /^Url is a cloud metadata address/],
      ["https://0xA9FEA9FE/", /^Url is a cloud metadata address/],
      ["https://0251.0376.0251.0376/", /^Url is a cloud metadata address/],
      ["https://[::ffff:a9fe:a9fe]/", /^Url is a cloud metadata address/],
      ["https://[fd00:ec2::254]/", /^Url is a cloud metadata address/],
      ["https://[fe80::1]/", /^Url is a link-local address/],
      ["https://10.0.0.1:8080/", /^Url is a private address/],
      ["https://0.0.0.0:22/", /^Url is an unspecified address/],
      [
        "https://metadata.google.internal/computeMetadata/v1/",
        /^Url names a cloud metadata service/,
      ],
    ];
    for (const [url, message] of refused) {
      const res = await api("POST", "/webhooks", token, { url });
      expect(res.status, url).toBe(422);
      expect(res.body.error.code, url).toBe("validation_failed");
      expect(res.body.error.message, url).toMatch(message);
    }
    expect((await api("GET", "/webhooks", token)).body.webhooks).toEqual([]);
  });

  it("judges the name again at delivery: pointed at this machine since, it is refused and nothing is connected", async () => {
    const listener = await tcpListener();
    dns.set("rebind.test", ["93.184.216.34"]);
    const hook = await api("POST", "/webhooks", token, {
      url: `https://rebind.test:${listener.port}/hooks`,
      events: ["user.invited"],
    });
    expect(hook.status, hook.text).toBe(201);
    // 0.0.0.0 reaches every service of this machine, 127.0.0.1-only ones included.
    dns.set("rebind.test", ["0.0.0.0"]);
    const invited = await api("POST", "/users/invite", token, {
      type: "Worker",
      first_name: "Rita",
      last_name: "Rebind",
      email: "rita.rebind@example.com",
      phone: "+14155550101",
    });
    expect(invited.status, invited.text).toBe(201);
    const d = await tried(token, hook.body.id);
    expect(d).toMatchObject({
      state: "dead",
      last_status: null,
      last_error:
        "refused: resolves to an unspecified address (0.0.0.0 or ::, which reach this machine), which webhooks may not reach here",
    });
    expect(listener.connections()).toBe(0);
    await api("DELETE", `/webhooks/${hook.body.id}`, token);
    await listener.close();
  });

  it("does not follow a redirect, and keeps the status, never what the receiver said", async () => {
    const elsewhere = await tcpListener();
    const secret = "AKIA-metadata-secret-from-the-receiver";
    let requests = 0;
    const redirecting = http.createServer((req, res) => {
      requests++;
      req.resume();
      req.on("end", () =>
        res.writeHead(302, { location: `http://0.0.0.0:${elsewhere.port}/` }).end(secret),
      );
    });
    await new Promise<void>((r) => redirecting.listen(0, "127.0.0.1", r));
    const { port } = redirecting.address() as net.AddressInfo;
    const hook = await api("POST", "/webhooks", token, {
      url: `http://127.0.0.1:${port}/hooks`,
      events: ["user.invited"],
    });
    expect(hook.status, hook.text).toBe(201);
    const invited = await api("POST", "/users/invite", token, {
      type: "Worker",
      first_name: "Reggie",
      last_name: "Redirect",
      email: "reggie.redirect@example.com",
      phone: "+14155550102",
    });
    expect(invited.status, invited.text).toBe(201);
    const d = await tried(token, hook.body.id);
    expect(d.attempt_log[0]).toEqual(
      expect.objectContaining({
        status: 302,
        error: "receiver answered 302, redirects are not followed",
      }),
    );
    expect(requests).toBe(1);
    expect(elsewhere.connections()).toBe(0);
    const log = await api("GET", "/webhook_deliveries", token);
    expect(log.text).not.toContain("AKIA");
    await api("DELETE", `/webhooks/${hook.body.id}`, token);
    redirecting.closeAllConnections();
    await new Promise((r) => redirecting.close(r));
    await elsewhere.close();
  });

  it("the demo company reaches this machine only: the walk-through's receiver works, nothing else is taken", async () => {
    const demo = await authenticate(server.base, dataDir);
    const asked = dns.queries.length;
    for (const url of [
      "https://hooks.example.test/staffing",
      "https://93.184.216.34/",
      "https://evil.test/",
      "https://169.254.169.254/",
      "https://10.0.0.1/",
    ]) {
      const res = await api("POST", "/webhooks", demo, { url });
      expect(res.status, url).toBe(422);
      expect(res.body.error.message, url).toMatch(
        /demo company's webhooks may only reach this machine/,
      );
    }
    // Not even looked up.
    expect(dns.queries.length).toBe(asked);

    // The walk-through (docs/webhooks-and-history.md): a receiver on this machine, plain http, default settings.
    const receiver = await startReceiver();
    const hook = await api("POST", "/webhooks", demo, {
      url: receiver.url,
      events: ["user.updated"],
    });
    expect(hook.status, hook.text).toBe(201);
    const [worker] = (await api("GET", "/users?per=1", demo)).body.users as { id: number }[];
    expect((await api("PATCH", `/users/${worker!.id}`, demo, { city: "Oakland" })).status).toBe(
      200,
    );
    const d = await tried(demo, hook.body.id);
    expect(d).toMatchObject({ state: "delivered", last_status: 200 });
    const [got] = receiver.received;
    expect(got!.headers["x-wonolo-webhook-token"]).toBe(
      createHash("sha256")
        .update(got!.body + demoKeys(dataDir).private.secret_key)
        .digest("hex"),
    );
    await api("DELETE", `/webhooks/${hook.body.id}`, demo);
    await receiver.close();
  });
});
