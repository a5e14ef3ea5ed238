import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { resetEnv } from "@/lib/env";
import {
  checkWebhookTarget,
  postToTarget,
  type Resolve,
  type ResolvedAddress,
  type TargetPolicy,
  webhookTargetPolicy,
} from "./webhook-target";

/**
 * The SSRF table: every spelling of a forbidden place, through the same URL parsing and
 * checks that registration and delivery use. A resolver stands in for DNS (names under .test).
 */

const strict: TargetPolicy = {
  loopback: false,
  private: false,
  loopbackOnly: false,
  httpLoopback: false,
};
const local: TargetPolicy = { ...strict, loopback: true, httpLoopback: true };
const lenient: TargetPolicy = { ...local, private: true };
const demo: TargetPolicy = { ...local, loopbackOnly: true };

const v4 = (address: string): ResolvedAddress => ({ address, family: 4 });
const v6 = (address: string): ResolvedAddress => ({ address, family: 6 });
const ZONE: Record<string, ResolvedAddress[]> = {
  "hooks.example.com": [v4("93.184.216.34"), v6("2606:2800:220:1:248:1893:25c8:1946")],
  "evil.test": [v4("169.254.169.254")],
  "loop.test": [v4("127.0.0.1")],
  "private.test": [v4("10.0.0.5")],
  "mixed.test": [v4("93.184.216.34"), v4("10.0.0.5")],
  "mapped.test": [v6("::ffff:169.254.169.254")],
  "mapped-loop.test": [v6("::ffff:127.0.0.1")],
  "zero.test": [v4("0.0.0.0")],
  "nat64.test": [v6("64:ff9b::a9fe:a9fe")],
};
const asked: string[] = [];
const resolve: Resolve = async (name) => {
  asked.push(name);
  const found = ZONE[name];
  if (!found) throw Object.assign(new Error(`queryA ENOTFOUND ${name}`), { code: "ENOTFOUND" });
  return found;
};
const check = (url: string, policy: TargetPolicy) => checkWebhookTarget(url, policy, resolve);

/** Refused under every policy, even with loopback and private networks allowed. */
const NEVER = [
  "https://169.254.169.254/latest/meta-data/iam/security-credentials/",
  "https://2852039166/",
  "https://0xA9FEA9FE/",
  "https://0xa9.0xfe.0xa9.0xfe/",
  "https://0251.0376.0251.0376/",
  "https://169.254.43518/",
  "https://169.16689662/",
  "https://[::ffff:169.254.169.254]/",
  "https://[::ffff:a9fe:a9fe]/",
  "https://[0:0:0:0:0:ffff:a9fe:a9fe]/",
  "https://[64:ff9b::a9fe:a9fe]/",
  "https://[2002:a9fe:a9fe::]/",
  "https://[fd00:ec2::254]/latest/meta-data/",
  "https://100.100.100.200/latest/meta-data/",
  "https://168.63.129.16/machine?comp=goalstate",
  "https://192.0.0.192/opc/v2/instance/",
  "https://169.254.0.1/",
  "https://[fe80::1]/",
  "https://0/",
  "https://0.0.0.0:8080/",
  "https://[::]/",
  "https://224.0.0.1/",
  "https://[ff02::1]/",
  "https://255.255.255.255/",
  "https://240.0.0.1/",
  "https://198.18.0.1/",
  "https://192.0.2.10/",
  "https://[2001:db8::1]/",
  "https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/",
  "https://[::127.0.0.1]/",
  "https://metadata.google.internal/computeMetadata/v1/",
  "https://METADATA.google.internal./computeMetadata/v1/",
  "https://metadata/computeMetadata/v1/",
  "https://instance-1.us-central1-a.c.project.internal/",
  "https://printer.local/",
  "https://router.home.arpa/",
  "https://evil.test/",
  "https://mapped.test/",
  "https://nat64.test/",
  "https://zero.test:8443/",
  "https://user@hooks.example.com/",
  "https://user:pass@169.254.169.254/",
  "http://hooks.example.com/",
  "http://169.254.169.254/",
  "ftp://127.0.0.1/",
  "file:///etc/passwd",
  "gopher://127.0.0.1:6379/_FLUSHALL",
  "javascript:alert(1)",
  "https://[fe80::1%25eth0]/",
  "//169.254.169.254/",
];

/** Refused unless the deployment allows loopback (or private networks). */
const LOCAL = [
  "https://127.0.0.1/",
  "https://127.1/",
  "https://127.0.0.1:22/",
  "https://127.0.0.1:6379/",
  "https://0x7f000001/",
  "https://017700000001/",
  "https://127.000.000.001/",
  "https://[::1]/",
  "https://[0:0:0:0:0:0:0:1]:8443/",
  "https://[::ffff:127.0.0.1]/",
  "https://localhost/",
  "https://localhost./",
  "https://LOCALHOST:8443/",
  "https://foo.localhost/",
  "https://loop.test/",
  "https://mapped-loop.test/",
  "http://127.0.0.1:4000/hooks",
  "http://localhost:4000/hooks",
  "https://10.0.0.1/",
  "https://172.16.0.1/",
  "https://172.31.255.255/",
  "https://192.168.1.1/",
  "https://100.64.0.1/",
  "https://[fd00::1]/",
  "https://private.test/",
  "https://mixed.test/",
];

const PUBLIC = [
  "https://93.184.216.34/hooks",
  "https://1.1.1.1:8443/x",
  "https://[2606:4700:4700::1111]/",
  "https://[::ffff:93.184.216.34]/",
  "https://[64:ff9b::5db8:d822]/",
  "https://hooks.example.com/staffing?x=1",
  "https://HOOKS.example.com./staffing",
];

describe("the SSRF table", () => {
  it("has the spellings the issue lists, and more", () => {
    expect(NEVER.length + LOCAL.length).toBeGreaterThanOrEqual(60);
  });

  it.each(NEVER)("%s is refused, even with loopback and private networks allowed", async (url) => {
    for (const policy of [strict, local, lenient, demo]) {
      const got = await check(url, policy);
      expect(got.ok, `${url} under ${JSON.stringify(policy)}`).toBe(false);
      if (!got.ok) expect(got.reason).not.toBe("unresolved");
    }
  });

  it.each(LOCAL)("%s is refused by default", async (url) => {
    const got = await check(url, strict);
    expect(got).toMatchObject({ ok: false });
    if (!got.ok) expect(got.reason).not.toBe("unresolved");
  });

  it.each(PUBLIC)("%s is a public target", async (url) => {
    const got = await check(url, strict);
    expect(got.ok).toBe(true);
  });

  it("allows loopback only where the deployment does; private networks only where it does", async () => {
    for (const url of ["http://127.0.0.1:4000/hooks", "https://[::1]/", "https://loop.test/"]) {
      expect((await check(url, local)).ok, url).toBe(true);
    }
    expect(await check("https://10.0.0.1/", local)).toMatchObject({ ok: false });
    for (const url of ["https://10.0.0.1/", "https://private.test/", "https://[fd00::1]/"]) {
      expect((await check(url, lenient)).ok, url).toBe(true);
    }
    // Plain http stays for loopback hosts named as such, not for names that resolve there.
    expect(await check("http://loop.test/", lenient)).toMatchObject({
      ok: false,
      reason: "syntax",
    });
  });

  it("judges every address of a name: one forbidden among public ones refuses it", async () => {
    expect(await check("https://mixed.test/", strict)).toEqual({
      ok: false,
      reason: "forbidden",
      problem: "resolves to a private address, which webhooks may not reach here",
    });
  });

  it("says what is wrong without naming the address a name resolved to", async () => {
    const got = await check("https://evil.test/", lenient);
    expect(got).toEqual({
      ok: false,
      reason: "forbidden",
      problem: "resolves to a cloud metadata address, which webhooks may not reach here",
    });
    expect(JSON.stringify(got)).not.toContain("169.254");
    expect(await check("https://2852039166/", lenient)).toMatchObject({
      problem: "is a cloud metadata address, which webhooks may not reach here",
    });
  });

  it("reports a name that does not resolve as such (registration takes it, a delivery waits)", async () => {
    expect(await check("https://nowhere.test/", strict)).toEqual({
      ok: false,
      reason: "unresolved",
      problem: "does not resolve (ENOTFOUND)",
    });
  });

  it("the demo company: this machine by address or as localhost, and no name is even looked up", async () => {
    asked.length = 0;
    for (const url of ["http://127.0.0.1:4000/hooks", "http://localhost:4000/", "https://[::1]/"]) {
      expect((await check(url, demo)).ok, url).toBe(true);
    }
    for (const url of [
      "https://hooks.example.com/",
      "https://loop.test/",
      "https://93.184.216.34/",
      "https://10.0.0.1/",
      "https://nowhere.test/",
    ]) {
      const got = await check(url, demo);
      expect(got, url).toMatchObject({ ok: false, reason: "forbidden" });
      if (!got.ok)
        expect(got.problem).toMatch(/demo company's webhooks may only reach this machine/);
    }
    expect(asked).toEqual([]);
    // Where the deployment refuses loopback, the demo reaches nothing at all.
    expect(await check("http://127.0.0.1:4000/hooks", { ...demo, loopback: false })).toMatchObject({
      ok: false,
    });
  });
});

describe("the deployment's policy", () => {
  afterAll(() =>
    resetEnv({
      DATABASE_URL: undefined,
      HOST: undefined,
      TRUST_PROXY: undefined,
      WEBHOOK_ALLOW_LOOPBACK: undefined,
      WEBHOOK_ALLOW_PRIVATE: undefined,
    }),
  );

  it.each([
    [{}, true],
    [{ DATABASE_URL: "postgres://db.example.com/app" }, false],
    [{ HOST: "0.0.0.0" }, false],
    [{ TRUST_PROXY: "true" }, false],
    [{ DATABASE_URL: "postgres://db.example.com/app", WEBHOOK_ALLOW_LOOPBACK: "true" }, true],
    [{ WEBHOOK_ALLOW_LOOPBACK: "false" }, false],
  ])("loopback with %j: %s", (given, loopback) => {
    resetEnv({
      DATABASE_URL: undefined,
      HOST: "127.0.0.1",
      TRUST_PROXY: undefined,
      WEBHOOK_ALLOW_LOOPBACK: undefined,
      ...given,
    });
    expect(webhookTargetPolicy({ demo: false })).toMatchObject({ loopback, private: false });
  });

  it("private networks only when asked, and never for the demo company", () => {
    resetEnv({ WEBHOOK_ALLOW_PRIVATE: "true" });
    expect(webhookTargetPolicy({ demo: false }).private).toBe(true);
    expect(webhookTargetPolicy({ demo: true })).toMatchObject({
      private: false,
      loopbackOnly: true,
    });
  });
});

describe("postToTarget", () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) {
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
    }
  });
  const listen = async (handler: http.RequestListener) => {
    const server = http.createServer(handler);
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    let connections = 0;
    server.on("connection", () => connections++);
    return { port: (server.address() as AddressInfo).port, connections: () => connections };
  };
  const target = (url: string, addresses: ResolvedAddress[]) => ({
    ok: true as const,
    url: new URL(url),
    addresses,
  });

  it("connects to the address that was checked, not to what the name resolves to now", async () => {
    let host: string | undefined;
    const receiver = await listen((req, res) => {
      host = req.headers.host;
      res.end("ok");
    });
    // rebind.test resolves nowhere on this machine: only the pinned address can be reached.
    const sent = await postToTarget(
      target(`http://rebind.test:${receiver.port}/hooks`, [v4("127.0.0.1")]),
      "{}",
      {},
      2_000,
    );
    expect(sent).toEqual({ status: 200 });
    expect(host).toBe(`rebind.test:${receiver.port}`);
  });

  it("does not follow a redirect: the answer is the 302, the place it points to sees nothing", async () => {
    const elsewhere = await listen((_req, res) => res.end("secret"));
    const receiver = await listen((_req, res) =>
      res.writeHead(302, { location: `http://127.0.0.1:${elsewhere.port}/` }).end(),
    );
    const sent = await postToTarget(
      target(`http://127.0.0.1:${receiver.port}/`, [v4("127.0.0.1")]),
      "{}",
      {},
      2_000,
    );
    expect(sent).toEqual({ status: 302 });
    await new Promise((r) => setTimeout(r, 50));
    expect(elsewhere.connections()).toBe(0);
  });

  it("gives up after the timeout, and cuts off an endless answer", async () => {
    const hung = await listen(() => undefined);
    const t0 = performance.now();
    await expect(
      postToTarget(target(`http://127.0.0.1:${hung.port}/`, [v4("127.0.0.1")]), "{}", {}, 300),
    ).rejects.toMatchObject({ name: "AbortError" });
    expect(performance.now() - t0).toBeGreaterThanOrEqual(250);

    let closed = false;
    const endless = await listen((_req, res) => {
      res.writeHead(200);
      const chunk = Buffer.alloc(64 * 1024, 120);
      const pump = () => {
        while (res.write(chunk)) {}
        if (!res.destroyed) res.once("drain", pump);
      };
      res.on("close", () => {
        closed = true;
      });
      pump();
    });
    const sent = await postToTarget(
      target(`http://127.0.0.1:${endless.port}/`, [v4("127.0.0.1")]),
      "{}",
      {},
      5_000,
    );
    expect(sent.status).toBe(200);
    await expect.poll(() => closed, { timeout: 3_000 }).toBe(true);
  });
});
