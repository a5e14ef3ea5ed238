import { createHash } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freePort, type SmtpSink, startSmtpSink } from "@/e2e/support/smtp-sink";
import { startReceiver } from "@/e2e/support/webhook-receiver";
import { outbox, outboxAttempts } from "@/lib/db/schema";
import { resetEnv } from "@/lib/env";
import { createJob, createJobRequest, setJobRequestState, setJobState } from "../admin/admin";
import { setClock } from "../clock";
import { Dispatcher, retryDelayMs } from "../events/dispatcher";
import { call, describeApi, type Tenant, workerBody } from "./harness";

// Near the real time: tokens issued by the harness live 24 h from now.
const T0 = new Date(Math.floor(Date.now() / 1000) * 1000);
const sec = (s: number) => new Date(T0.getTime() + s * 1000);

describe("retry delays", () => {
  it("double from the base (60, 120, 240 s) and add at most 10 % jitter", () => {
    expect([1, 2, 3].map((n) => retryDelayMs(n, 60_000, 0))).toEqual([60_000, 120_000, 240_000]);
    expect(retryDelayMs(1, 60_000, 0.999)).toBeLessThanOrEqual(66_000);
    expect(retryDelayMs(1, 60_000, 0.5)).toBe(63_000);
    expect(retryDelayMs(40, 60_000, 0)).toBe(6 * 3600 * 1000);
  });
});

describeApi("outbox delivery", (api) => {
  let t: Tenant;
  let now: Date = T0;
  const db = () => api.database.db;
  /** A dispatcher on the injectable clock, with no jitter so that times are exact. */
  const dispatcher = (extra: Partial<ConstructorParameters<typeof Dispatcher>[0]> = {}) =>
    new Dispatcher({ db: db(), now: () => now, random: () => 0, ...extra });
  const invite = (json = workerBody()) =>
    call("POST", "/api_v2/users/invite", { token: t.privateToken, json });
  const rowsOf = (channel: "email" | "webhook") =>
    db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.companyId, t.companyId), eq(outbox.channel, channel)))
      .orderBy(asc(outbox.id));
  const attemptsOf = (id: number) =>
    db()
      .select()
      .from(outboxAttempts)
      .where(eq(outboxAttempts.outboxId, id))
      .orderBy(asc(outboxAttempts.attempt));

  beforeAll(async () => {
    t = await api.tenant("Harbour Logistics");
  });
  // The API and the dispatcher share the injectable clock.
  beforeEach(() => setClock(() => now));
  afterEach(() => {
    resetEnv({ SMTP_URL: undefined, WEBHOOK_TIMEOUT_MS: undefined });
  });

  describe("invitation e-mail over real SMTP", () => {
    let sink: SmtpSink;
    beforeAll(async () => {
      // Earlier mails of this company must not count here.
      await dispatcher().drain();
    });
    afterEach(async () => {
      await sink?.close();
    });

    it("arrives with the right recipient, name, company and a link that accepts the invite", async () => {
      sink = await startSmtpSink();
      resetEnv({ SMTP_URL: sink.url });
      now = T0;
      const body = workerBody({ first_name: "Grace", last_name: "Hopper" });
      const res = await invite(body);
      expect(res.status).toBe(201);
      const report = await dispatcher().drain();
      expect(report).toMatchObject({ claimed: 1, delivered: 1, dead: 0 });

      expect(sink.messages).toHaveLength(1);
      const mail = sink.messages[0]!;
      const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
      expect(to?.value).toEqual([{ address: body.email, name: "Grace Hopper" }]);
      expect(mail.subject).toBe("Harbour Logistics invited you to join their team");
      expect(mail.text).toContain("Hi Grace,");
      expect(mail.html).toContain("Hi Grace, you're invited");
      const link = /https?:\/\/\S+\/accept-invite#token=([\w-]+)/.exec(mail.text ?? "");
      expect(link).not.toBeNull();
      expect(mail.html).toContain(link![0]);

      const token = decodeURIComponent(link![1]!);
      const inspect = await call("POST", "/api_v2/invitations/inspect", { json: { token } });
      expect(inspect.body).toMatchObject({
        state: "valid",
        first_name: "Grace",
        company_name: "Harbour Logistics",
      });
      const accept = await call("POST", "/api_v2/invitations/accept", {
        json: { token, password: "correct horse battery" },
      });
      expect(accept.status).toBe(200);
      const again = await call("POST", "/api_v2/invitations/accept", {
        json: { token, password: "correct horse battery" },
      });
      expect(again.status).toBe(422);
      expect(again.body.error.fields.token[0]).toMatch(/already been used/);

      const [row] = await rowsOf("email").then((r) => r.slice(-1));
      expect(row).toMatchObject({
        state: "delivered",
        transport: "smtp",
        attempts: 1,
        lastStatus: 250,
      });
    });

    it("is retried while the SMTP server is down and arrives once it is back", async () => {
      const port = await freePort();
      resetEnv({ SMTP_URL: `smtp://127.0.0.1:${port}` });
      now = T0;
      const body = workerBody({ first_name: "Katherine" });
      expect((await invite(body)).status).toBe(201);

      expect(await dispatcher().drain()).toMatchObject({ claimed: 1, retried: 1, delivered: 0 });
      const [row] = (await rowsOf("email")).slice(-1);
      expect(row).toMatchObject({ state: "pending", attempts: 1 });
      expect(row!.lastError).toMatch(/ECONNREFUSED/);
      expect(row!.nextAttemptAt.getTime()).toBe(sec(60).getTime());

      // Not due yet: nothing is attempted before the backoff has passed.
      now = sec(59);
      expect((await dispatcher().drain()).claimed).toBe(0);

      now = sec(60);
      expect(await dispatcher().drain()).toMatchObject({ claimed: 1, retried: 1 });
      expect((await rowsOf("email")).at(-1)!.nextAttemptAt.getTime()).toBe(sec(180).getTime());

      sink = await startSmtpSink(port);
      now = sec(180);
      expect(await dispatcher().drain()).toMatchObject({ claimed: 1, delivered: 1 });
      expect(sink.messages.map((m) => m.text?.split("\n")[0])).toEqual(["Hi Katherine,"]);
      const attempts = await attemptsOf(row!.id);
      expect(attempts.map((a) => a.ok)).toEqual([false, false, true]);
      // Nothing left to send: no duplicate on a later run.
      now = sec(50_000);
      expect((await dispatcher().drain()).claimed).toBe(0);
      expect(sink.messages).toHaveLength(1);
    });

    it("is never queued for an invite that failed validation or lost a race", async () => {
      sink = await startSmtpSink();
      resetEnv({ SMTP_URL: sink.url });
      now = T0;
      const before = (await rowsOf("email")).length;
      const taken = workerBody();
      expect((await invite(taken)).status).toBe(201);
      // The same e-mail again: refused, so rolled back with its mail.
      expect((await invite(workerBody({ email: taken.email }))).status).toBe(422);
      expect((await invite(workerBody({ email: "not an e-mail" }))).status).toBe(422);
      // Ten at once with one address: one commits, nine roll back on the unique index.
      const raced = workerBody();
      const results = await Promise.all(
        Array.from({ length: 10 }, () => invite(workerBody({ email: raced.email }))),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);

      expect((await rowsOf("email")).length - before).toBe(2);
      await dispatcher().drain();
      expect(
        sink.messages.map((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.value[0]?.address).sort(),
      ).toEqual([taken.email, raced.email].sort());
    });
  });

  describe("signed webhooks to a real HTTP receiver", () => {
    const subscribe = async (url: string, events?: string[]) => {
      const res = await call("POST", "/api_v2/webhooks", {
        token: t.privateToken,
        json: { url, events },
      });
      expect(res.status).toBe(201);
      return res.body.id as number;
    };
    const unsubscribe = (id: number) =>
      call("DELETE", `/api_v2/webhooks/${id}`, { token: t.privateToken });

    beforeAll(async () => {
      now = T0;
      await dispatcher().drain();
      // The receivers are on this machine: allowed by the local-demo default, said here anyway.
      resetEnv({ WEBHOOK_ALLOW_LOOPBACK: "true" });
    });
    afterAll(() => resetEnv({ WEBHOOK_ALLOW_LOOPBACK: undefined }));

    it("signs the exact body with the company's secret key, as the real service does", async () => {
      const receiver = await startReceiver();
      const hook = await subscribe(receiver.url, ["user.invited", "user.updated"]);
      now = T0;
      const body = workerBody({ first_name: "Mary" });
      const created = await invite(body);
      await call("PATCH", `/api_v2/users/${created.body.id}`, {
        token: t.privateToken,
        json: { city: "Leeds" },
      });
      await dispatcher().drain();
      await unsubscribe(hook);
      await receiver.close();

      receiver.received.sort((a, b) => a.json.event.localeCompare(b.json.event));
      expect(receiver.received.map((r) => r.json.event)).toEqual(["user.invited", "user.updated"]);
      for (const r of receiver.received) {
        const expected = createHash("sha256")
          .update(r.body + t.privateKeys.secret_key)
          .digest("hex");
        expect(r.headers["x-wonolo-webhook-token"]).toBe(expected);
        expect(r.headers["content-type"]).toBe("application/json");
        expect(Object.keys(r.json)).toEqual(["id", "event", "occurred_at", "data"]);
      }
      const [invited, updated] = receiver.received;
      expect(invited!.json.data.user.email).toBe(body.email);
      expect(updated!.json.data.changes).toEqual({ city: { from: null, to: "Leeds" } });
      expect(invited!.json.id).not.toBe(updated!.json.id);
    });

    it("retries a failing receiver with backoff: fails twice, then exactly one acknowledgement", async () => {
      const receiver = await startReceiver((n) => (n <= 2 ? 500 : 200));
      const hook = await subscribe(receiver.url, ["user.invited"]);
      now = T0;
      await invite();
      const d = dispatcher();
      // The invitation e-mail goes too (kept in the database: no SMTP here).
      expect(await d.drain()).toMatchObject({ claimed: 2, delivered: 1, retried: 1 });
      const [row] = (await rowsOf("webhook")).slice(-1);
      expect(row!.nextAttemptAt.toISOString()).toBe(sec(60).toISOString());
      now = sec(59.999);
      expect((await d.drain()).claimed).toBe(0);
      now = sec(60);
      expect(await d.drain()).toMatchObject({ claimed: 1, retried: 1 });
      expect((await rowsOf("webhook")).at(-1)!.nextAttemptAt.toISOString()).toBe(
        sec(180).toISOString(),
      );
      now = sec(179);
      expect((await d.drain()).claimed).toBe(0);
      now = sec(180);
      expect(await d.drain()).toMatchObject({ claimed: 1, delivered: 1 });
      now = sec(50_000);
      expect((await d.drain()).claimed).toBe(0);
      await unsubscribe(hook);
      await receiver.close();

      expect(receiver.received.map((r) => r.status)).toEqual([500, 500, 200]);
      expect(new Set(receiver.received.map((r) => r.json.id)).size).toBe(1);
      expect(receiver.acknowledged()).toHaveLength(1);
      const attempts = await attemptsOf(row!.id);
      expect(attempts.map((a) => [a.attempt, a.ok, a.status])).toEqual([
        [1, false, 500],
        [2, false, 500],
        [3, true, 200],
      ]);
      expect(attempts.map((a) => a.startedAt.toISOString())).toEqual(
        [T0, sec(60), sec(180)].map((x) => x.toISOString()),
      );
      for (const a of attempts) expect(a.latencyMs).toBeGreaterThanOrEqual(0);
      expect((await rowsOf("webhook")).at(-1)).toMatchObject({ state: "delivered", attempts: 3 });
    });

    it("ends dead after the configured retries (three, after 60, 120 and 240 s), and can be re-sent", async () => {
      const receiver = await startReceiver(() => 503);
      const hook = await subscribe(receiver.url, ["user.invited"]);
      now = T0;
      await invite();
      const d = dispatcher();
      for (const at of [0, 60, 180, 420]) {
        now = sec(at);
        // At 0 the invitation e-mail is claimed too.
        expect((await d.drain()).claimed).toBe(at === 0 ? 2 : 1);
      }
      const [row] = (await rowsOf("webhook")).slice(-1);
      expect(row).toMatchObject({ state: "dead", attempts: 4, lastStatus: 503 });
      now = sec(50_000);
      expect((await d.drain()).claimed).toBe(0);
      expect(receiver.received).toHaveLength(4);

      const resent = await call("POST", `/api_v2/webhook_deliveries/${row!.id}/resend`, {
        token: t.privateToken,
      });
      expect(resent.status).toBe(202);
      expect(resent.body).toMatchObject({ state: "pending", max_attempts: 8 });
      expect(await d.drain()).toMatchObject({ claimed: 1, retried: 1 });
      expect(receiver.received).toHaveLength(5);
      expect(new Set(receiver.received.map((r) => r.json.id)).size).toBe(1);
      await unsubscribe(hook);
      await receiver.close();
    });

    it("gives up on a receiver that does not answer within the timeout", async () => {
      resetEnv({ WEBHOOK_TIMEOUT_MS: "300" });
      const receiver = await startReceiver(() => null);
      const hook = await subscribe(receiver.url, ["user.invited"]);
      now = T0;
      await invite();
      expect(await dispatcher().drain()).toMatchObject({ claimed: 2, delivered: 1, retried: 1 });
      const row = (await rowsOf("webhook")).at(-1)!;
      expect(row.lastError).toBe("no answer within 300 ms");
      const [attempt] = await attemptsOf(row.id);
      expect(attempt!.latencyMs).toBeGreaterThanOrEqual(250);
      await unsubscribe(hook);
      await receiver.close();
    });

    it("reports job and job-request state changes, only on a real change", async () => {
      const receiver = await startReceiver();
      const hook = await subscribe(receiver.url, [
        "job.state_changed",
        "job_request.state_changed",
      ]);
      now = T0;
      const worker = await invite();
      const { job_request_id } = await createJobRequest(
        db(),
        t.companyId,
        "Night shift",
        "posted",
        now,
      );
      const { job_id } = await createJob(db(), job_request_id, worker.body.id, "filled", now);
      await setJobState(db(), job_id, "in_progress", now);
      await setJobState(db(), job_id, "in_progress", now); // no change, no event
      await setJobRequestState(db(), job_request_id, "filled", now);
      await dispatcher().drain();
      await unsubscribe(hook);
      await receiver.close();
      // Deliveries of one batch go out in parallel: no order is promised (occurred_at tells it).
      expect(
        receiver.received
          .map((r) => [
            r.json.event,
            r.json.data.previous_state,
            (r.json.data.job ?? r.json.data.job_request).state,
          ])
          .sort(),
      ).toEqual([
        ["job.state_changed", "filled", "in_progress"],
        ["job_request.state_changed", "posted", "filled"],
      ]);
    });

    it("refuses at delivery a target that is not https (the rule is checked again, not only at registration)", async () => {
      resetEnv({ WEBHOOK_TIMEOUT_MS: undefined });
      const hook = await subscribe("https://127.0.0.1:1/never", ["user.invited"]);
      now = T0;
      await invite();
      // Changed around the API, as a row queued under an older rule would be.
      await db()
        .update(outbox)
        .set({ target: "http://example.com/hook" })
        .where(and(eq(outbox.webhookId, hook), eq(outbox.state, "pending")));
      expect(await dispatcher().drain()).toMatchObject({ claimed: 2, delivered: 1, dead: 1 });
      expect((await rowsOf("webhook")).at(-1)!.lastError).toMatch(/must use https/);
      await unsubscribe(hook);
    });
  });
});
