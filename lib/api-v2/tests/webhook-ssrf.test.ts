import http from "node:http";
import type net from "node:net";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type DnsStub, startDnsStub } from "@/e2e/support/dns-stub";
import { tcpListener } from "@/e2e/support/tcp-listener";
import { companies, outbox, outboxAttempts } from "@/lib/db/schema";
import { resetEnv } from "@/lib/env";
import { Dispatcher } from "../events/dispatcher";
import { call, describeApi, type Tenant, workerBody } from "./harness";

/**
 * Webhooks cannot be turned against the server's own network: registration refuses targets
 * that resolve anywhere but public addresses (loopback and private networks only where the
 * deployment allows them; metadata never), every delivery judges the target again and connects
 * to the address it judged, the demo company reaches this machine only, nothing a receiver
 * says is kept, and subscriptions and re-sends are bounded. DNS is a local stub.
 */

const SETTINGS = ["WEBHOOK_DNS_SERVER", "WEBHOOK_ALLOW_LOOPBACK", "WEBHOOK_ALLOW_PRIVATE"];
const restore = () => resetEnv(Object.fromEntries(SETTINGS.map((k) => [k, undefined])));

/** An HTTP receiver on 127.0.0.1 answering every request with `status` and `body`. */
async function httpReceiver(status: number, body: string, headers: Record<string, string> = {}) {
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests++;
    req.resume();
    req.on("end", () => res.writeHead(status, headers).end(body));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}/hooks`,
    requests: () => requests,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const invalid = (message: string) => ({
  error: { code: "validation_failed", message: `Url ${message}`, fields: { url: [message] } },
});

describeApi("webhook targets (SSRF)", (api) => {
  let dns: DnsStub;
  let t: Tenant;
  const db = () => api.database.db;
  const createHook = (who: Tenant, url: string) =>
    call("POST", "/api_v2/webhooks", { token: who.privateToken, json: { url } });
  const hook = async (who: Tenant, url: string) => {
    const res = await createHook(who, url);
    expect(res.status, res.text).toBe(201);
    return res.body.id as number;
  };
  const unhook = (who: Tenant, id: number) =>
    call("DELETE", `/api_v2/webhooks/${id}`, { token: who.privateToken });
  const invite = (who: Tenant) =>
    call("POST", "/api_v2/users/invite", { token: who.privateToken, json: workerBody() });
  const drain = () => new Dispatcher({ db: db() }).drain();
  const lastDelivery = async (webhookId: number) => {
    const rows = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.webhookId, webhookId))
      .orderBy(asc(outbox.id));
    const row = rows.at(-1)!;
    const attempts = await db()
      .select()
      .from(outboxAttempts)
      .where(eq(outboxAttempts.outboxId, row.id))
      .orderBy(asc(outboxAttempts.attempt));
    return { row, attempts };
  };

  beforeAll(async () => {
    dns = await startDnsStub({
      "hooks.example.test": ["93.184.216.34"],
      "evil.test": ["169.254.169.254"],
      "aaaa-evil.test": ["::ffff:169.254.169.254"],
      "loop.test": ["127.0.0.1"],
      "private.test": ["10.1.2.3"],
      "mixed.test": ["93.184.216.34", "192.168.0.10"],
    });
    // As on a server (PostgreSQL, or serving other machines): loopback refused unless asked.
    resetEnv({ WEBHOOK_DNS_SERVER: dns.server, WEBHOOK_ALLOW_LOOPBACK: "false" });
    t = await api.tenant("Target Practice");
  });
  afterEach(() => resetEnv({ WEBHOOK_ALLOW_LOOPBACK: "false", WEBHOOK_ALLOW_PRIVATE: undefined }));
  afterAll(async () => {
    restore();
    await dns?.close();
  });

  describe("registration", () => {
    it.each([
      [
        "https://evil.test/latest/meta-data/",
        "resolves to a cloud metadata address, which webhooks may not reach here",
      ],
      [
        "https://aaaa-evil.test/",
        "resolves to a cloud metadata address, which webhooks may not reach here",
      ],
      ["https://mixed.test/", "resolves to a private address, which webhooks may not reach here"],
      ["https://private.test/", "resolves to a private address, which webhooks may not reach here"],
      [
        "https://loop.test:6379/",
        "resolves to a loopback address (this machine), which webhooks may not reach here",
      ],
      ["https://2852039166/", "is a cloud metadata address, which webhooks may not reach here"],
      ["https://0xA9FEA9FE/", "is a cloud metadata address, which webhooks may not reach here"],
      [
        "https://[::ffff:a9fe:a9fe]/",
        "is a cloud metadata address, which webhooks may not reach here",
      ],
      [
        "https://169.254.1.1/",
        "is a link-local address (where cloud metadata services live), which webhooks may not reach here",
      ],
      [
        "https://127.1:22/",
        "is a loopback address (this machine), which webhooks may not reach here",
      ],
      [
        "https://[::1]:8443/",
        "is a loopback address (this machine), which webhooks may not reach here",
      ],
      [
        "https://0.0.0.0:3000/",
        "is an unspecified address (0.0.0.0 or ::, which reach this machine), which webhooks may not reach here",
      ],
      ["https://192.168.1.1/admin", "is a private address, which webhooks may not reach here"],
      [
        "https://localhost./",
        "resolves to a loopback address (this machine), which webhooks may not reach here",
      ],
      [
        "https://metadata.google.internal/computeMetadata/v1/",
        "names a cloud metadata service, which webhooks may not reach",
      ],
      ["https://db/", "must name a host by its full domain name"],
      ["http://127.0.0.1:4000/hooks", "must use https"],
    ])("%s → 422", async (url, message) => {
      const res = await createHook(t, url);
      expect([res.status, res.body]).toEqual([422, invalid(message)]);
    });

    it("takes a name that resolves to public addresses, or does not resolve yet", async () => {
      for (const url of ["https://hooks.example.test/staffing", "https://not-yet.test/"]) {
        await unhook(t, await hook(t, url));
      }
    });

    it("private networks and loopback where the deployment allows them; metadata never", async () => {
      resetEnv({ WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_ALLOW_LOOPBACK: "true" });
      for (const url of [
        "https://private.test/",
        "https://loop.test/",
        "http://127.0.0.1:4000/x",
      ]) {
        await unhook(t, await hook(t, url));
      }
      expect((await createHook(t, "https://evil.test/")).status).toBe(422);
      expect((await createHook(t, "https://[fe80::1]/")).status).toBe(422);
    });

    it("holds at most 20 subscriptions per company, also when they are asked for at once", async () => {
      const other = await api.tenant("Many Hooks");
      const results = await Promise.all(
        Array.from({ length: 25 }, (_, i) => createHook(other, `https://hooks.example.test/${i}`)),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(20);
      for (const r of results.filter((x) => x.status !== 201)) {
        expect([r.status, r.body]).toEqual([
          422,
          invalid("is one too many: a company may hold at most 20 webhooks"),
        ]);
      }
      await unhook(other, results.find((r) => r.status === 201)!.body.id);
      await unhook(other, await hook(other, "https://hooks.example.test/again"));
    });
  });

  describe("delivery", () => {
    it("judges the name again, and a name now pointing at this machine is refused without connecting", async () => {
      const listener = await tcpListener();
      dns.set("rebind.test", ["93.184.216.34"]);
      const id = await hook(t, `https://rebind.test:${listener.port}/hooks`);
      dns.set("rebind.test", ["127.0.0.1"]);
      expect((await invite(t)).status).toBe(201);
      await drain();
      const { row, attempts } = await lastDelivery(id);
      expect(row).toMatchObject({
        state: "dead",
        lastStatus: null,
        lastError:
          "refused: resolves to a loopback address (this machine), which webhooks may not reach here",
      });
      expect(attempts.map((a) => [a.ok, a.status])).toEqual([[false, null]]);
      expect(listener.connections()).toBe(0);
      await unhook(t, id);
      await listener.close();
    });

    it("judges the deployment's rules again: a target allowed at registration and refused since is not reached", async () => {
      resetEnv({ WEBHOOK_ALLOW_LOOPBACK: "true" });
      const listener = await tcpListener();
      const id = await hook(t, `https://127.0.0.1:${listener.port}/hooks`);
      resetEnv({ WEBHOOK_ALLOW_LOOPBACK: "false" });
      await invite(t);
      await drain();
      expect((await lastDelivery(id)).row).toMatchObject({
        state: "dead",
        lastError:
          "refused: is a loopback address (this machine), which webhooks may not reach here",
      });
      expect(listener.connections()).toBe(0);
      await unhook(t, id);
      await listener.close();
    });

    it("keeps the status, never what the receiver said; a redirect is not followed", async () => {
      resetEnv({ WEBHOOK_ALLOW_LOOPBACK: "true" });
      const secret = "aws-secret-AKIAEXAMPLE-from-the-receiver";
      const elsewhere = await httpReceiver(200, secret);
      const failing = await httpReceiver(500, secret);
      const redirecting = await httpReceiver(302, secret, { location: elsewhere.url });
      const a = await hook(t, failing.url);
      const b = await hook(t, redirecting.url);
      await invite(t);
      await drain();
      expect((await lastDelivery(a)).row).toMatchObject({
        lastStatus: 500,
        lastError: "receiver answered 500",
      });
      expect((await lastDelivery(b)).row).toMatchObject({
        lastStatus: 302,
        lastError: "receiver answered 302, redirects are not followed",
      });
      expect(elsewhere.requests()).toBe(0);
      const log = await call("GET", "/api_v2/webhook_deliveries", { token: t.privateToken });
      expect(log.text).not.toContain("AKIAEXAMPLE");
      for (const id of [a, b]) await unhook(t, id);
      for (const r of [elsewhere, failing, redirecting]) await r.close();
    });
  });

  describe("the demo company", () => {
    let demo: Tenant;
    beforeAll(async () => {
      demo = await api.tenant("Demo Co");
      await db().update(companies).set({ demo: true }).where(eq(companies.id, demo.companyId));
    });

    it("reaches this machine only, and only where the deployment allows it", async () => {
      const message =
        "must be 127.0.0.1, ::1 or localhost: the demo company's webhooks may only reach this machine";
      for (const url of [
        "https://hooks.example.test/",
        "https://loop.test/",
        "https://not-yet.test/",
      ]) {
        expect((await createHook(demo, url)).body, url).toEqual(invalid(message));
      }
      expect((await createHook(demo, "https://93.184.216.34/")).body).toEqual(
        invalid(
          "is a public address, but the demo company's webhooks may only reach this machine (127.0.0.1, ::1 or localhost)",
        ),
      );
      resetEnv({ WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_ALLOW_LOOPBACK: "false" });
      expect((await createHook(demo, "https://private.test/")).status).toBe(422);
      expect((await createHook(demo, "http://127.0.0.1:4000/hooks")).status).toBe(422);
      resetEnv({ WEBHOOK_ALLOW_LOOPBACK: "true" });
      await unhook(demo, await hook(demo, "http://127.0.0.1:4000/hooks"));
    });

    it("a queued delivery changed to leave the machine is refused at delivery", async () => {
      resetEnv({ WEBHOOK_ALLOW_LOOPBACK: "true" });
      const id = await hook(demo, "http://127.0.0.1:9/hooks");
      await invite(demo);
      await db()
        .update(outbox)
        .set({ target: "https://hooks.example.test/" })
        .where(and(eq(outbox.webhookId, id), eq(outbox.state, "pending")));
      await drain();
      expect((await lastDelivery(id)).row).toMatchObject({
        state: "dead",
        lastError:
          "refused: must be 127.0.0.1, ::1 or localhost: the demo company's webhooks may only reach this machine",
      });
      await unhook(demo, id);
    });
  });

  describe("re-sends", () => {
    it("60 per company per hour; refused ones do not count; then 429 with Retry-After", async () => {
      const who = await api.tenant("Resender");
      // Refused at every delivery (loopback is off here): dead at once, no network.
      resetEnv({ WEBHOOK_ALLOW_LOOPBACK: "true" });
      const id = await hook(who, "https://127.0.0.1:9/hooks");
      resetEnv({ WEBHOOK_ALLOW_LOOPBACK: "false" });
      await invite(who);
      await drain();
      const { row } = await lastDelivery(id);
      expect(row.state).toBe("dead");
      const resend = (n: number) =>
        call("POST", `/api_v2/webhook_deliveries/${n}/resend`, { token: who.privateToken });
      for (let i = 0; i < 5; i++) expect((await resend(999_999)).status).toBe(404);
      for (let i = 0; i < 60; i++) {
        const res = await resend(row.id);
        expect(res.status, `resend ${i + 1}: ${res.text}`).toBe(202);
        // Still pending: refused, and not counted (the 60th is the last: the limit answers first).
        if (i < 59) expect((await resend(row.id)).status).toBe(422);
        await drain();
      }
      const over = await resend(row.id);
      expect(over.status).toBe(429);
      expect(over.body.error.code).toBe("rate_limited");
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
      await unhook(who, id);
    });
  });
});
