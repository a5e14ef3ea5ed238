import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "@/lib/db/client";
import { tokens } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { apiDispatcher } from "@/lib/server/api-router";
import { createCompany, createKeys, revokeKey } from "../admin/admin";
import { createEmployerUser, issuePersonToken } from "../admin/people";
import { hashToken } from "../hash-token";
import { LiveHub, type StreamEvent, type Subscriber } from "../messages/live-hub";
import { MESSAGES_CHANNEL, noticeMessages } from "../messages/live-notify";
import { liveHubOf } from "../messages/stream";
import { call, createScratchDatabase, describeApi, routeTable } from "./harness";
import { openStream, sleep } from "./messages-stream-support";
import { anotherJob, type MessageFixture, messageFixture } from "./messages-support";
import { poolerUnavailable, startPgBouncer } from "./pgbouncer";

/**
 * The live stream (GET /messages/stream, ours): opened through the real route handler with a
 * real Request, fed by the database's LISTEN/NOTIFY, company-scoped, bounded, and ended when
 * its grant ends.
 */
describeApi("messages: the live stream", (api) => {
  let a: MessageFixture;
  let b: MessageFixture;
  const hub = () => liveHubOf(api.database);

  beforeAll(async () => {
    a = await messageFixture(api, "Stream Co");
    b = await messageFixture(api, "Other Stream Co");
  });

  const write = (fx: MessageFixture, json: Record<string, unknown> = {}) =>
    call("POST", "/api_v2/messages", {
      token: fx.t.privateToken,
      json: {
        body: "Gate code 4412",
        job_id: fx.job,
        sender_id: fx.worker,
        receiver_id: fx.requestor.id,
        ...json,
      },
    });

  it("announces a new message by ids only, to its company's streams and no other's", async () => {
    const mine = await openStream(a.viewer.token);
    const theirs = await openStream(b.t.privateToken);
    expect(mine.res.status).toBe(200);
    expect(mine.res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(mine.res.headers.get("cache-control")).toBe("no-store");
    const m = (await write(a)).body.message;
    const [event] = await mine.waitFor(1);
    expect(event).toEqual({
      event: "message",
      data: { id: m.id, job_id: a.job, job_request_id: a.jobRequest },
    });
    // The other company's listener was handed the same notice in the same pass: nothing came.
    await sleep(100);
    expect(theirs.events).toEqual([]);
    // A refused message (rolled back) announces nothing.
    expect((await write(a, { body: "" })).status).toBe(422);
    const second = (await write(a, { body: "second" })).body.message;
    await mine.waitFor(2);
    expect(mine.events.map((e) => (e.data as { id: number }).id)).toEqual([m.id, second.id]);
    mine.close();
    theirs.close();
    await mine.waitClosed();
  });

  it("narrows to one job request, and refuses another company's (404)", async () => {
    const other = await anotherJob(api, a, "Night shift");
    const one = await openStream(a.t.privateToken, { job_request_id: other.jobRequest });
    const all = await openStream(a.t.privateToken);
    await write(a);
    const m = (
      await write(a, { job_id: other.job, sender_id: other.worker, receiver_id: a.admin.id })
    ).body.message;
    await all.waitFor(2);
    await one.waitFor(1);
    expect(one.events).toEqual([
      { event: "message", data: { id: m.id, job_id: other.job, job_request_id: other.jobRequest } },
    ]);
    const foreign = await openStream(a.t.privateToken, { job_request_id: b.jobRequest });
    expect(foreign.res.status).toBe(404);
    const bad = await openStream(a.t.privateToken, { job_request_id: "x" });
    expect(bad.res.status).toBe(400);
    one.close();
    all.close();
  });

  it("announces read state changes (PATCH and mark_read)", async () => {
    const s = await openStream(a.t.privateToken);
    const m = (await write(a)).body.message;
    await call("PATCH", `/api_v2/messages/${m.id}`, {
      token: a.viewer.token,
      json: { read_at: "2026-11-21T09:13:00Z" },
    });
    await write(a);
    await call("POST", "/api_v2/messages/mark_read", {
      token: a.viewer.token,
      json: { job_id: a.job },
    });
    const events = await s.waitFor(4);
    expect(events.map((e) => e.event)).toEqual(["message", "read", "message", "read"]);
    expect(events[1]!.data).toEqual({ job_id: a.job, job_request_id: a.jobRequest, id: m.id });
    expect(events[3]!.data).toMatchObject({ job_id: a.job, job_request_id: a.jobRequest });
    expect((events[3]!.data as { marked: number }).marked).toBeGreaterThanOrEqual(1);
    s.close();
  });

  it("ends the stream when its token is revoked (sign-out), its person deactivated, or its key revoked", async () => {
    const person = await api.person(a.t.companyId, "requestor");
    const signedIn = await openStream(person.token);
    const other = await openStream(a.viewer.token);
    expect((await call("DELETE", "/api_v2/authenticate", { token: person.token })).status).toBe(
      204,
    );
    expect(await signedIn.waitClosed()).toBe(true);
    expect(signedIn.events.at(-1)).toEqual({ event: "end", data: { reason: "token_revoked" } });
    expect(other.closed).toBe(false);

    const leaving = await api.person(a.t.companyId, "requestor");
    const theirs = await openStream(leaving.token);
    const off = await call("PATCH", `/api_v2/users/${leaving.id}`, {
      token: a.admin.token,
      json: { suspended: true },
    });
    expect(off.status).toBe(200);
    expect(await theirs.waitClosed()).toBe(true);
    expect(theirs.events.at(-1)).toEqual({ event: "end", data: { reason: "token_revoked" } });

    const keys = await createKeys(api.database.db, a.t.companyId, "private", "test");
    const keyToken = await api.authenticate(keys);
    const byKey = await openStream(keyToken);
    await revokeKey(api.database.db, keys.api_key, new Date());
    expect(await byKey.waitClosed()).toBe(true);
    expect(byKey.events.at(-1)).toEqual({ event: "end", data: { reason: "token_revoked" } });
    expect(other.closed).toBe(false);
    other.close();
  });

  it("ends the stream when its token expires", async () => {
    const person = await api.person(a.t.companyId, "read_only");
    await api.database.db
      .update(tokens)
      .set({ expiresAt: new Date(Date.now() + 1_500) })
      .where(eq(tokens.tokenHash, hashToken(person.token)));
    const s = await openStream(person.token);
    expect(s.res.status).toBe(200);
    expect(await s.waitClosed(5_000)).toBe(true);
    expect(s.events.at(-1)).toEqual({ event: "end", data: { reason: "token_expired" } });
  });

  it("holds at most 20 streams per token (429), frees a slot when a client leaves, and stops listening when none is open", async () => {
    const person = await api.person(a.t.companyId, "read_only");
    const before = hub().size;
    const open = await Promise.all(Array.from({ length: 20 }, () => openStream(person.token)));
    expect(open.map((s) => s.res.status)).toEqual(Array(20).fill(200));
    expect(hub().size).toBe(before + 20);
    const over = await openStream(person.token);
    expect(over.res.status).toBe(429);
    expect(await over.res.json()).toMatchObject({ error: { code: "rate_limited" } });
    expect(over.res.headers.get("retry-after")).toBe("30");
    // Another token of the same company is not held back.
    const teammate = await openStream(a.viewer.token);
    expect(teammate.res.status).toBe(200);
    open[0]!.close();
    await open[0]!.waitClosed();
    expect(hub().size).toBe(before + 20);
    const again = await openStream(person.token);
    expect(again.res.status).toBe(200);
    for (const s of [...open, again, teammate]) s.close();
    await Promise.all([...open, again, teammate].map((s) => s.waitClosed()));
    expect(hub().size).toBe(0);
  });

  it("over real HTTP (the server's dispatcher): events arrive, and a client that hangs up frees its slot", async () => {
    const routes = await Promise.all(
      routeTable().map(async (r) => ({ pattern: r.pattern, module: await import(r.file) })),
    );
    const dispatcher = apiDispatcher(routes);
    const server = http.createServer((req, res) => {
      if (!dispatcher.node(req, res, "https://127.0.0.1")) {
        res.statusCode = 404;
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const hangUp = new AbortController();
      const res = await fetch(
        `http://127.0.0.1:${port}/api_v2/messages/stream?token=${a.viewer.token}`,
        { signal: hangUp.signal },
      );
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = "";
      const readUntil = async (needle: string) => {
        while (!text.includes(needle)) {
          const { value, done } = await reader.read();
          if (done) break;
          text += decoder.decode(value, { stream: true });
        }
      };
      await readUntil(": connected");
      const open = hub().size;
      expect(open).toBeGreaterThan(0);
      const m = (await write(a)).body.message;
      await readUntil(`"id":${m.id}`);
      expect(text).toContain(
        `event: message\ndata: {"id":${m.id},"job_id":${a.job},"job_request_id":${a.jobRequest}}`,
      );
      hangUp.abort();
      for (let i = 0; i < 100 && hub().size === open; i++) await sleep(20);
      expect(hub().size).toBe(open - 1);
    } finally {
      server.close();
    }
  });

  it("closes every stream without an end event when the server stops, so clients reconnect elsewhere", async () => {
    const one = await openStream(a.viewer.token);
    const two = await openStream(b.t.privateToken);
    expect(hub().size).toBe(2);
    hub().endAll();
    expect(await one.waitClosed()).toBe(true);
    expect(await two.waitClosed()).toBe(true);
    expect([...one.events, ...two.events]).toEqual([]);
    expect(hub().size).toBe(0);
  });

  it("refuses without a token (401) and for the public pool (403)", async () => {
    const none = await call("GET", "/api_v2/messages/stream");
    expect(none.status).toBe(401);
    const pub = await call("GET", "/api_v2/messages/stream", { token: a.t.publicToken });
    expect(pub.body.error.code).toBe("forbidden_for_public_pool");
    expect(hub().size).toBe(0);
  });
});

describe("live hub: limits and catching up", () => {
  type Handlers = Parameters<Database["listen"]>[1];
  const fake = () => {
    const state = { handlers: null as Handlers | null, listens: 0, stops: 0 };
    const database = {
      listen: async (_: readonly string[], h: Handlers) => {
        state.listens++;
        state.handlers = h;
        return { stop: async () => void state.stops++ };
      },
    };
    return { state, database };
  };
  const sub = (over: Partial<Subscriber> = {}) => {
    const got: (StreamEvent | string)[] = [];
    const s: Subscriber = {
      companyId: 1,
      jobRequestId: null,
      grantId: 1,
      apiKeyId: 1,
      personId: null,
      push: (e) => got.push(e),
      end: (r) => got.push(r),
      ...over,
    };
    return { s, got };
  };

  it("refuses past the per-process limit with 429, and listens once for every stream", async () => {
    const { state, database } = fake();
    const hub = new LiveHub(database, { perProcess: 2, perGrant: 5 });
    const r1 = await hub.subscribe(sub().s);
    const r2 = await hub.subscribe(sub({ grantId: 2 }).s);
    await expect(hub.subscribe(sub({ grantId: 3 }).s)).rejects.toMatchObject({
      code: "rate_limited",
    });
    expect(state.listens).toBe(1);
    r1();
    r2();
    await sleep(0);
    expect(state.stops).toBe(1);
  });

  it("after a reconnect tells every stream to refetch and ends the ones whose grant ended meanwhile", async () => {
    const { state, database } = fake();
    const hub = new LiveHub(database, undefined, async () => new Set([1]));
    const kept = sub({ grantId: 1 });
    const lost = sub({ grantId: 2 });
    await hub.subscribe(kept.s);
    await hub.subscribe(lost.s);
    state.handlers!.resumed!();
    await sleep(0);
    expect(kept.got).toEqual([{ event: "resync", data: {} }]);
    expect(lost.got).toEqual([{ event: "resync", data: {} }, "token_revoked"]);
    await hub.close();
  });

  it("ignores notices it cannot read", async () => {
    const { state, database } = fake();
    const hub = new LiveHub(database);
    const one = sub();
    await hub.subscribe(one.s);
    state.handlers!.notice(MESSAGES_CHANNEL, "not json");
    expect(one.got).toEqual([]);
    await hub.close();
  });
});

/**
 * Two instances on one PostgreSQL: each its own pool and its own listening connection. A
 * message committed through one is heard by the other; a rolled-back one by neither; a grant
 * ended through one ends the other's streams.
 */
const engine = env().DB_UNDER_TEST;
const onServer = engine === "postgresql" || (engine === "pooler" && !poolerUnavailable());
const pgUrl = onServer ? env().TEST_DATABASE_URL : undefined;
describe.skipIf(!pgUrl)(`LISTEN/NOTIFY across two database handles [${engine}]`, () => {
  let one: Database;
  let two: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const scratch = await createScratchDatabase(pgUrl!);
    drop = scratch.drop;
    let url = scratch.url;
    if (engine === "pooler") {
      // Queries and NOTIFYs through PgBouncer in transaction mode, LISTEN on the server itself.
      const bouncer = await startPgBouncer(scratch.url);
      url = bouncer.urlFor(scratch.url);
      drop = async () => {
        await bouncer.stop();
        await scratch.drop();
      };
    }
    const pooler = { transactionPooler: engine === "pooler", directUrl: scratch.url };
    one = await openDatabase({ kind: "postgresql", url, poolSize: 4, ...pooler });
    two = await openDatabase({ kind: "postgresql", url, poolSize: 4, ...pooler });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await drop?.();
  });

  it("hears on one handle what the other commits, never what it rolls back", async () => {
    const hub = new LiveHub(two);
    const got: StreamEvent[] = [];
    const ended: string[] = [];
    await hub.subscribe({
      companyId: 7,
      jobRequestId: null,
      grantId: null,
      apiKeyId: 0,
      personId: null,
      push: (e) => got.push(e),
      end: (r) => ended.push(r),
    });
    const notice = {
      type: "message" as const,
      company_id: 7,
      job_id: 3,
      job_request_id: 2,
      id: 11,
    };
    await one.db
      .transaction(async (tx) => {
        await noticeMessages(tx, { ...notice, id: 10 });
        throw new Error("roll back");
      })
      .catch(() => undefined);
    await one.db.transaction(async (tx) => {
      await noticeMessages(tx, notice);
      // Not before the commit.
      await sleep(100);
      expect(got).toEqual([]);
    });
    for (let i = 0; i < 50 && got.length === 0; i++) await sleep(20);
    expect(got).toEqual([{ event: "message", data: { id: 11, job_id: 3, job_request_id: 2 } }]);
    await hub.close();
  });

  it("ends the other instance's stream when a grant ends through this one (the triggers)", async () => {
    const { company_id } = await createCompany(one.db, "Two Instances Co");
    const { id: personId } = await createEmployerUser(one.db, {
      companyId: company_id,
      role: "requestor",
      email: `two.instances.${process.pid}@example.com`,
      firstName: "Two",
      lastName: "Instances",
    });
    await issuePersonToken(one.db, personId);
    const [grant] = await one.db.select().from(tokens).where(eq(tokens.userId, personId));
    const hub = new LiveHub(two);
    const ended: string[] = [];
    await hub.subscribe({
      companyId: company_id,
      jobRequestId: null,
      grantId: grant!.id,
      apiKeyId: 0,
      personId,
      push: () => undefined,
      end: (r) => ended.push(r),
    });
    await one.db.execute(sql`update tokens set revoked_at = now() where id = ${grant!.id}`);
    for (let i = 0; i < 50 && ended.length === 0; i++) await sleep(20);
    expect(ended).toEqual(["token_revoked"]);
    await hub.close();
  });
});
