import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { messages, outbox, users } from "@/lib/db/schema";
import { seedDemo } from "../demo/seed-demo";
import { NOT_A_PARTY, NOT_THE_WORKER, NOT_YOURSELF, SAME_PARTY } from "../messages/create-message";
import { call, describeApi } from "./harness";
import { createWebhook } from "./jobs-support";
import { anotherJob, type MessageFixture, messageFixture, messageMails } from "./messages-support";

/**
 * Messages (the reference's /messages, with our read marking and unread counts): who may write
 * to whom about which job, every refusal exact and harmless, and what a message causes (the
 * worker's e-mail, the webhook).
 */

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/;
const NOBODY = 2147483000;

const refused = (fields: Record<string, string[]>) => ({
  status: 422,
  code: "validation_failed",
  fields,
});

describeApi("messages", (api) => {
  let a: MessageFixture;
  let b: MessageFixture;
  const db = () => api.database.db;

  beforeAll(async () => {
    a = await messageFixture(api, "Message Co");
    b = await messageFixture(api, "Other Message Co");
  });

  const send = (json: unknown, token = a.t.privateToken) =>
    call("POST", "/api_v2/messages", { token, json });
  const fromEmployer = (over: Record<string, unknown> = {}) => ({
    body: "Gate code is 4412",
    job_id: a.job,
    sender_id: a.requestor.id,
    receiver_id: a.worker,
    ...over,
  });

  /** How many messages and outbox rows exist: a refusal must change neither. */
  const footprint = async () => ({
    messages: Number((await db().select({ n: count() }).from(messages))[0]?.n),
    outbox: Number((await db().select({ n: count() }).from(outbox))[0]?.n),
  });

  it("writes a message from a requestor to the job's worker (a key pair writes for either party)", async () => {
    const res = await send({ message: fromEmployer() });
    expect(res.status).toBe(201);
    const m = res.body.message;
    expect(res.headers.get("location")).toBe(`/api_v2/messages/${m.id}`);
    expect(Object.keys(m)).toEqual([
      "id",
      "job_id",
      "sender_id",
      "receiver_id",
      "body",
      "image_url",
      "read_at",
      "created_at",
      "updated_at",
      "job_request_id",
      "sender",
      "receiver",
    ]);
    expect(m).toMatchObject({
      job_id: a.job,
      sender_id: a.requestor.id,
      receiver_id: a.worker,
      body: "Gate code is 4412",
      image_url: null,
      read_at: null,
      job_request_id: a.jobRequest,
      sender: { id: a.requestor.id, type: "Employer", first_name: "Marcus", last_name: "Hale" },
      receiver: { id: a.worker, type: "Worker" },
    });
    expect(m.created_at).toMatch(ISO_MS);
    expect(m.updated_at).toBe(m.created_at);
    const got = await call("GET", `/api_v2/messages/${m.id}`, { token: a.t.privateToken });
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ message: m });

    const reply = await send({
      body: "Thanks, on my way",
      job_id: a.job,
      sender_id: a.worker,
      receiver_id: a.requestor.id,
      image_url: "https://images.example.com/gate.jpg",
    });
    expect(reply.status).toBe(201);
    expect(reply.body.message).toMatchObject({
      sender: { type: "Worker" },
      receiver: { type: "Employer", id: a.requestor.id },
      image_url: "https://images.example.com/gate.jpg",
    });
  });

  it("takes the reference's form encoding, and fields at the top level", async () => {
    const form = new URLSearchParams({
      token: a.t.privateToken,
      "message[body]": "Parking is behind the building",
      "message[job_id]": String(a.job),
      "message[sender_id]": String(a.admin.id),
      "message[receiver_id]": String(a.worker),
      "message[read_at]": "2026-11-20T10:00:00Z",
    });
    const res = await call("POST", "/api_v2/messages", {
      body: form.toString(),
      contentType: "application/x-www-form-urlencoded",
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toMatchObject({
      body: "Parking is behind the building",
      sender_id: a.admin.id,
      read_at: "2026-11-20T10:00:00.000+00:00",
    });
    const top = await send(fromEmployer({ body: "  Trimmed  " }));
    expect(top.status).toBe(201);
    expect(top.body.message.body).toBe("Trimmed");
  });

  it("lets a signed-in requestor write only as themselves; read-only people and public keys not at all", async () => {
    const own = await send(fromEmployer({ sender_id: a.requestor.id }), a.requestor.token);
    expect(own.status).toBe(201);
    const before = await footprint();
    const asOther = await send(fromEmployer({ sender_id: a.admin.id }), a.requestor.token);
    expect({
      status: asOther.status,
      code: asOther.body.error.code,
      fields: asOther.body.error.fields,
    }).toEqual(refused({ sender_id: [NOT_YOURSELF] }));
    const asWorker = await send(
      fromEmployer({ sender_id: a.worker, receiver_id: a.requestor.id }),
      a.requestor.token,
    );
    expect(asWorker.body.error.fields).toEqual({ sender_id: [NOT_YOURSELF] });
    const viewer = await send(fromEmployer({ sender_id: a.viewer.id }), a.viewer.token);
    expect(viewer.status).toBe(403);
    expect(viewer.body.error.code).toBe("forbidden_for_role");
    expect(await footprint()).toEqual(before);

    // The viewer reads, and marks read.
    const list = await call("GET", "/api_v2/messages", { token: a.viewer.token });
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThan(0);
  });

  it("refuses every public pool call with 403 forbidden_for_public_pool", async () => {
    const token = a.t.publicToken;
    const m = (await send(fromEmployer())).body.message;
    const before = await footprint();
    const calls = [
      call("GET", "/api_v2/messages", { token }),
      call("POST", "/api_v2/messages", { token, json: fromEmployer() }),
      call("GET", `/api_v2/messages/${m.id}`, { token }),
      call("PATCH", `/api_v2/messages/${m.id}`, { token, json: { read_at: null } }),
      call("POST", "/api_v2/messages/mark_read", { token, json: { job_id: a.job } }),
      call("GET", "/api_v2/messages/unread", { token }),
      call("GET", "/api_v2/messages/stream", { token }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("forbidden_for_public_pool");
    }
    expect(await footprint()).toEqual(before);
  });

  it("refuses bad fields and wrong parties with exact field errors, keeping nothing", async () => {
    const foreignRequestor = b.requestor.id;
    const gone = await api.person(a.t.companyId, "requestor");
    await db().update(users).set({ suspended: true }).where(eq(users.id, gone.id));
    const other = await anotherJob(api, a, "Other shift");
    const cases: [string, unknown, Record<string, string[]>][] = [
      ["no body", fromEmployer({ body: undefined }), { body: ["can't be blank"] }],
      ["blank body", fromEmployer({ body: "   " }), { body: ["can't be blank"] }],
      ["null body", fromEmployer({ body: null }), { body: ["can't be blank"] }],
      [
        "2,001 characters",
        fromEmployer({ body: "x".repeat(2001) }),
        { body: ["is too long (maximum is 2000 characters)"] },
      ],
      ["no job", fromEmployer({ job_id: undefined }), { job_id: ["can't be blank"] }],
      ["job id not a number", fromEmployer({ job_id: "abc" }), { job_id: ["must be an id"] }],
      ["another company's job", fromEmployer({ job_id: b.job }), { job_id: ["does not exist"] }],
      ["no such job", fromEmployer({ job_id: NOBODY }), { job_id: ["does not exist"] }],
      ["no sender", fromEmployer({ sender_id: undefined }), { sender_id: ["can't be blank"] }],
      [
        "no receiver",
        fromEmployer({ receiver_id: undefined }),
        { receiver_id: ["can't be blank"] },
      ],
      [
        "http image",
        fromEmployer({ image_url: "http://images.example.com/a.jpg" }),
        { image_url: ["must be an https URL (without a user name or password)"] },
      ],
      [
        "image with credentials",
        fromEmployer({ image_url: "https://user:pw@images.example.com/a.jpg" }),
        { image_url: ["must be an https URL (without a user name or password)"] },
      ],
      [
        "javascript image",
        fromEmployer({ image_url: "javascript:alert(1)" }),
        { image_url: ["must be an https URL (without a user name or password)"] },
      ],
      [
        "image URL too long",
        fromEmployer({ image_url: `https://images.example.com/${"a".repeat(2030)}` }),
        { image_url: ["is too long (maximum is 2048 characters)"] },
      ],
      [
        "bad read_at",
        fromEmployer({ read_at: "yesterday" }),
        { read_at: ["must be an ISO 8601 timestamp"] },
      ],
      [
        "to themselves",
        fromEmployer({ receiver_id: a.requestor.id }),
        { receiver_id: [SAME_PARTY] },
      ],
      [
        "another job's worker",
        fromEmployer({ receiver_id: other.worker }),
        { receiver_id: [NOT_A_PARTY] },
      ],
      [
        "worker to a read-only teammate",
        fromEmployer({ sender_id: a.worker, receiver_id: a.viewer.id }),
        { receiver_id: [NOT_A_PARTY] },
      ],
      [
        "worker to a deactivated requestor",
        fromEmployer({ sender_id: a.worker, receiver_id: gone.id }),
        { receiver_id: [NOT_A_PARTY] },
      ],
      [
        "another company's requestor to the worker",
        fromEmployer({ sender_id: foreignRequestor }),
        { sender_id: [NOT_A_PARTY] },
      ],
      ["nobody to the worker", fromEmployer({ sender_id: NOBODY }), { sender_id: [NOT_A_PARTY] }],
      [
        "between two requestors",
        fromEmployer({ receiver_id: a.admin.id }),
        { receiver_id: [NOT_THE_WORKER] },
      ],
      [
        "between two strangers",
        fromEmployer({ sender_id: foreignRequestor, receiver_id: other.worker }),
        { sender_id: [NOT_A_PARTY], receiver_id: [NOT_A_PARTY] },
      ],
      [
        "everything at once",
        { job_id: b.job, sender_id: 0, image_url: "ftp://x" },
        {
          body: ["can't be blank"],
          sender_id: ["must be an id"],
          receiver_id: ["can't be blank"],
          image_url: ["must be an https URL (without a user name or password)"],
          job_id: ["does not exist"],
        },
      ],
    ];
    const before = await footprint();
    for (const [label, json, fields] of cases) {
      const res = await send(json);
      expect(
        { status: res.status, code: res.body.error?.code, fields: res.body.error?.fields },
        label,
      ).toEqual(refused(fields));
    }
    expect(await footprint()).toEqual(before);
  });

  it("takes a body and an image URL of exactly their bounds", async () => {
    const url = "https://images.example.com/";
    const res = await send(
      fromEmployer({ body: "x".repeat(2000), image_url: `${url}${"a".repeat(2048 - url.length)}` }),
    );
    expect(res.status).toBe(201);
    expect(res.body.message.body).toHaveLength(2000);
    expect(res.body.message.image_url).toHaveLength(2048);
  });

  it("answers 404 for another company's message and for ids that cannot exist", async () => {
    const theirs = (
      await call("POST", "/api_v2/messages", {
        token: b.t.privateToken,
        json: { body: "Hi", job_id: b.job, sender_id: b.requestor.id, receiver_id: b.worker },
      })
    ).body.message;
    for (const path of [
      `/api_v2/messages/${theirs.id}`,
      `/api_v2/messages/${NOBODY}`,
      "/api_v2/messages/0",
    ]) {
      const got = await call("GET", path, { token: a.t.privateToken });
      expect(got.status, path).toBe(404);
      expect(got.body.error.code).toBe("not_found");
      const patched = await call("PATCH", path, {
        token: a.t.privateToken,
        json: { read_at: "2026-11-20T10:00:00Z" },
      });
      expect(patched.status, path).toBe(404);
    }
    const still = await call("GET", `/api_v2/messages/${theirs.id}`, { token: b.t.privateToken });
    expect(still.body.message.read_at).toBeNull();
    // Another company's messages never show in a list, whatever the filter.
    const list = await call("GET", "/api_v2/messages", {
      token: a.t.privateToken,
      query: { job_id: b.job, per: 50 },
    });
    expect(list.body).toEqual({ messages: [], page: 1, per: 50, total: 0 });
  });

  it("lists newest first (order=asc oldest first), filtered by job, sender, receiver, job request and unread, paged", async () => {
    const c = await messageFixture(api, "List Co");
    const other = await anotherJob(api, c, "Second shift");
    const write = (json: Record<string, unknown>) =>
      call("POST", "/api_v2/messages", { token: c.t.privateToken, json: { body: "m", ...json } });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(
        (await write({ job_id: c.job, sender_id: c.requestor.id, receiver_id: c.worker })).body
          .message.id,
      );
      ids.push(
        (await write({ job_id: c.job, sender_id: c.worker, receiver_id: c.requestor.id })).body
          .message.id,
      );
    }
    const elsewhere = (
      await write({ job_id: other.job, sender_id: other.worker, receiver_id: c.admin.id })
    ).body.message.id;
    const list = (query: Record<string, string | number>) =>
      call("GET", "/api_v2/messages", { token: c.t.privateToken, query });
    const idsOf = (res: { body: { messages: { id: number }[] } }) =>
      res.body.messages.map((m) => m.id);

    const all = await list({});
    expect(all.body.total).toBe(7);
    expect(idsOf(all)).toEqual([elsewhere, ...[...ids].reverse()]);
    expect(idsOf(await list({ order: "asc", job_id: c.job }))).toEqual(ids);
    expect(idsOf(await list({ sender_id: c.worker }))).toEqual([ids[5], ids[3], ids[1]]);
    expect(idsOf(await list({ receiver_id: c.admin.id }))).toEqual([elsewhere]);
    expect(idsOf(await list({ job_request_id: other.jobRequest }))).toEqual([elsewhere]);
    expect((await list({ unread: "true" })).body.total).toBe(7);
    expect((await list({ unread: "false" })).body.total).toBe(0);
    const page = await list({ per: 2, page: 2, order: "asc" });
    expect(page.body).toMatchObject({ page: 2, per: 2, total: 7 });
    expect(idsOf(page)).toEqual([ids[2], ids[3]]);
    expect((await list({ per: 500 })).body.per).toBe(50);
    for (const [k, v] of [
      ["per", "0"],
      ["job_id", "x"],
      ["unread", "maybe"],
      ["order", "sideways"],
    ] as const) {
      const bad = await list({ [k]: v });
      expect(bad.status, k).toBe(400);
      expect(bad.body.error.code).toBe("malformed_request");
    }
  });

  it("marks read and unread (PATCH read_at), for anyone who may read, and only read_at", async () => {
    const m = (
      await send({
        body: "Running late",
        job_id: a.job,
        sender_id: a.worker,
        receiver_id: a.requestor.id,
      })
    ).body.message;
    const read = await call("PATCH", `/api_v2/messages/${m.id}`, {
      token: a.viewer.token,
      json: { read_at: "2026-11-21T09:13:00.123Z" },
    });
    expect(read.status).toBe(200);
    expect(read.body.message).toMatchObject({
      id: m.id,
      read_at: "2026-11-21T09:13:00.123+00:00",
      body: "Running late",
    });
    const form = await call("PATCH", `/api_v2/messages/${m.id}`, {
      body: new URLSearchParams({ token: a.t.privateToken, "message[read_at]": "" }).toString(),
      contentType: "application/x-www-form-urlencoded",
    });
    expect(form.status).toBe(200);
    expect(form.body.message.read_at).toBeNull();
    for (const [json, fields] of [
      [{ body: "edited" }, { read_at: ["can't be blank"], base: ["only read_at can change"] }],
      [{}, { read_at: ["can't be blank"] }],
      [{ read_at: "soon" }, { read_at: ["must be an ISO 8601 timestamp"] }],
    ] as const) {
      const bad = await call("PATCH", `/api_v2/messages/${m.id}`, {
        token: a.t.privateToken,
        json,
      });
      expect(bad.status, JSON.stringify(json)).toBe(422);
      expect(Object.keys(bad.body.error.fields)).toEqual(Object.keys(fields));
    }
    const after = await call("GET", `/api_v2/messages/${m.id}`, { token: a.t.privateToken });
    expect(after.body.message).toMatchObject({ body: "Running late", read_at: null });
  });

  it("counts unread messages from workers by job and job request, and mark_read clears a job's in one go", async () => {
    const c = await messageFixture(api, "Unread Co");
    const second = await anotherJob(api, c, "Evening shift");
    const write = (json: Record<string, unknown>) =>
      call("POST", "/api_v2/messages", { token: c.t.privateToken, json: { body: "m", ...json } });
    await write({ job_id: c.job, sender_id: c.worker, receiver_id: c.requestor.id });
    await write({ job_id: c.job, sender_id: c.worker, receiver_id: c.admin.id });
    await write({ job_id: c.job, sender_id: c.requestor.id, receiver_id: c.worker });
    await write({ job_id: second.job, sender_id: second.worker, receiver_id: c.admin.id });
    const unread = (query: Record<string, string | number> = {}) =>
      call("GET", "/api_v2/messages/unread", { token: c.viewer.token, query });
    expect((await unread()).body).toEqual({
      total: 3,
      jobs: { [c.job]: 2, [second.job]: 1 },
      job_requests: { [c.jobRequest]: 2, [second.jobRequest]: 1 },
    });
    expect((await unread({ job_request_id: second.jobRequest })).body).toEqual({
      total: 1,
      jobs: { [second.job]: 1 },
      job_requests: { [second.jobRequest]: 1 },
    });
    // Another company sees only its own.
    const theirs = await call("GET", "/api_v2/messages/unread", { token: b.t.privateToken });
    expect(theirs.body.jobs[c.job]).toBeUndefined();

    const refusedJob = await call("POST", "/api_v2/messages/mark_read", {
      token: c.t.privateToken,
      json: { job_id: b.job },
    });
    expect({ status: refusedJob.status, fields: refusedJob.body.error.fields }).toEqual({
      status: 422,
      fields: { job_id: ["does not exist"] },
    });
    expect((await unread()).body.total).toBe(3);

    const oneReceiver = await call("POST", "/api_v2/messages/mark_read", {
      token: c.viewer.token,
      json: { job_id: c.job, receiver_id: c.admin.id },
    });
    expect(oneReceiver.body).toEqual({ marked: 1 });
    const mark = await call("POST", "/api_v2/messages/mark_read", {
      token: c.viewer.token,
      json: { message: { job_id: c.job } },
    });
    expect(mark.status).toBe(200);
    expect(mark.body).toEqual({ marked: 1 });
    expect((await unread()).body).toEqual({
      total: 1,
      jobs: { [second.job]: 1 },
      job_requests: { [second.jobRequest]: 1 },
    });
    // The employer's own message to the worker is still unread by the worker.
    const toWorker = await call("GET", "/api_v2/messages", {
      token: c.t.privateToken,
      query: { job_id: c.job, unread: "true" },
    });
    expect(toWorker.body.messages.map((m: { sender_id: number }) => m.sender_id)).toEqual([
      c.requestor.id,
    ]);
    expect(
      (
        await call("POST", "/api_v2/messages/mark_read", {
          token: c.viewer.token,
          json: { job_id: c.job },
        })
      ).body,
    ).toEqual({ marked: 0 });
  });

  it("mark_read with up_to_id marks only what the reader was shown, never a message that came after", async () => {
    const c = await messageFixture(api, "Shown Co");
    const fromWorker = async (body: string) =>
      (
        await call("POST", "/api_v2/messages", {
          token: c.t.privateToken,
          json: { body, job_id: c.job, sender_id: c.worker, receiver_id: c.requestor.id },
        })
      ).body.message.id as number;
    const first = await fromWorker("Running late");
    const second = await fromWorker("Ten minutes");
    // The conversation showed up to `second`; `later` lands before its mark does.
    const later = await fromWorker("Make that twenty");
    const mark = (json: Record<string, unknown>) =>
      call("POST", "/api_v2/messages/mark_read", { token: c.viewer.token, json });
    expect((await mark({ job_id: c.job, up_to_id: second })).body).toEqual({ marked: 2 });
    const unread = await call("GET", "/api_v2/messages", {
      token: c.viewer.token,
      query: { job_id: c.job, unread: "true" },
    });
    expect(unread.body.messages.map((m: { id: number }) => m.id)).toEqual([later]);
    expect(
      (await call("GET", "/api_v2/messages/unread", { token: c.viewer.token })).body.jobs,
    ).toEqual({ [c.job]: 1 });
    // Below every unread one: nothing; bad ids refused in the one error shape, nothing marked.
    expect((await mark({ job_id: c.job, up_to_id: first })).body).toEqual({ marked: 0 });
    for (const [upTo, why] of [
      ["abc", "must be an id"],
      [0, "must be an id"],
    ] as const) {
      const res = await mark({ job_id: c.job, up_to_id: upTo });
      expect({ status: res.status, fields: res.body.error.fields }).toEqual({
        status: 422,
        fields: { up_to_id: [why] },
      });
    }
    expect((await mark({ message: { job_id: c.job, up_to_id: later } })).body).toEqual({
      marked: 1,
    });
  });

  it("decides concurrent mark_read calls in the database: every message is marked exactly once", async () => {
    const c = await messageFixture(api, "Race Co");
    for (let i = 0; i < 12; i++) {
      await call("POST", "/api_v2/messages", {
        token: c.t.privateToken,
        json: { body: `m${i}`, job_id: c.job, sender_id: c.worker, receiver_id: c.requestor.id },
      });
    }
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        call("POST", "/api_v2/messages/mark_read", {
          token: c.t.privateToken,
          json: { job_id: c.job },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(results.reduce((n, r) => n + r.body.marked, 0)).toBe(12);
    const sends = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call("POST", "/api_v2/messages", {
          token: c.t.privateToken,
          json: { body: `p${i}`, job_id: c.job, sender_id: c.requestor.id, receiver_id: c.worker },
        }),
      ),
    );
    expect(new Set(sends.map((r) => r.body.message.id)).size).toBe(8);
  });

  it("a teammate deactivated while messages are written is refused from then on, never half-written", async () => {
    const c = await messageFixture(api, "Deactivation Co");
    const attempts = Array.from({ length: 6 }, (_, i) =>
      call("POST", "/api_v2/messages", {
        token: c.t.privateToken,
        json: { body: `w${i}`, job_id: c.job, sender_id: c.worker, receiver_id: c.requestor.id },
      }),
    );
    const deactivate = call("PATCH", `/api_v2/users/${c.requestor.id}`, {
      token: c.t.privateToken,
      json: { suspended: true },
    });
    const [res, off] = [await Promise.all(attempts), await deactivate];
    expect(off.status).toBe(200);
    const kept = res.filter((r) => r.status === 201).length;
    expect(
      res.every((r) => r.status === 201 || r.body.error.fields.receiver_id[0] === NOT_A_PARTY),
    ).toBe(true);
    const rows = await db().select({ n: count() }).from(messages).where(eq(messages.jobId, c.job));
    expect(Number(rows[0]?.n)).toBe(kept);
    const after = await call("POST", "/api_v2/messages", {
      token: c.t.privateToken,
      json: { body: "late", job_id: c.job, sender_id: c.worker, receiver_id: c.requestor.id },
    });
    expect(after.body.error.fields).toEqual({ receiver_id: [NOT_A_PARTY] });
  });

  describe("what a message causes", () => {
    it("mails the worker when an employer writes (not when the worker does), sealed in the outbox", async () => {
      const c = await messageFixture(api, "Mail Co");
      await call("POST", "/api_v2/messages", {
        token: c.requestor.token,
        json: {
          body: "Gate code is 4412\n\nPark on level 2",
          job_id: c.job,
          sender_id: c.requestor.id,
          receiver_id: c.worker,
        },
      });
      await call("POST", "/api_v2/messages", {
        token: c.t.privateToken,
        json: { body: "Thanks!", job_id: c.job, sender_id: c.worker, receiver_id: c.requestor.id },
      });
      const mails = await messageMails(api, c.t.companyId);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      const [worker] = await db().select().from(users).where(eq(users.id, c.worker));
      expect(mail!.meta).toMatchObject({
        to: worker!.email,
        subject: "New message about Mail Co shift",
      });
      expect(mail!.content!.text).toContain('Marcus Hale (Mail Co) wrote about "Mail Co shift"');
      expect(mail!.content!.text).toContain("Gate code is 4412\n\nPark on level 2");
      expect(mail!.content!.html).toContain("Gate code is 4412");
      // Sealed at rest: the text is not in the row in clear.
      expect(mail!.row.body).not.toContain("4412");
      expect(mail!.row.actorUserId).toBe(c.requestor.id);
      // The outbox list shows it to the company.
      const listed = await call("GET", "/api_v2/mails", { token: c.t.privateToken });
      expect(listed.status).toBe(200);
      expect(JSON.stringify(listed.body)).toContain("New message about Mail Co shift");
    });

    it("queues a message.created webhook for every subscription that wants it", async () => {
      const c = await messageFixture(api, "Hook Co");
      await createWebhook(db(), c.t.companyId, "https://hooks.example.test/messages");
      const m = (
        await call("POST", "/api_v2/messages", {
          token: c.t.privateToken,
          json: { body: "Hello", job_id: c.job, sender_id: c.worker, receiver_id: c.admin.id },
        })
      ).body.message;
      const rows = await db().select().from(outbox).where(eq(outbox.companyId, c.t.companyId));
      const hooks = rows.filter((r) => r.channel === "webhook");
      expect(hooks.map((r) => r.event)).toEqual(["message.created"]);
      const event = JSON.parse(hooks[0]!.body);
      expect(event).toMatchObject({ event: "message.created", data: { message: m } });
      const refusedHooks = await call("POST", "/api_v2/messages", {
        token: c.t.privateToken,
        json: { body: "", job_id: c.job, sender_id: c.worker, receiver_id: c.admin.id },
      });
      expect(refusedHooks.status).toBe(422);
      const after = await db().select().from(outbox).where(eq(outbox.companyId, c.t.companyId));
      expect(after).toHaveLength(rows.length);
    });
  });

  describe("the demo's worker reply (POST /jobs/:id/simulate, action message)", () => {
    const reply = (fx: MessageFixture, job: number, json: unknown, token = fx.t.privateToken) =>
      call("POST", `/api_v2/jobs/${job}/simulate`, { token, json });

    it("answers the employer who wrote last, else the posting's requestor, else the first admin", async () => {
      const c = await messageFixture(api, "Reply Co");
      // Nobody has written and the posting has no requestor: the company's first admin.
      const first = await reply(c, c.job, { action: "message", body: "Hi, I'm here" });
      expect(first.status).toBe(200);
      expect(first.body.message).toMatchObject({
        sender_id: c.worker,
        receiver_id: c.admin.id,
        body: "Hi, I'm here",
        read_at: null,
        sender: { type: "Worker" },
      });
      expect(first.headers.get("location")).toBe(`/api_v2/messages/${first.body.message.id}`);
      await call("POST", "/api_v2/messages", {
        token: c.requestor.token,
        json: {
          body: "Where are you?",
          job_id: c.job,
          sender_id: c.requestor.id,
          receiver_id: c.worker,
        },
      });
      const second = await reply(
        c,
        c.job,
        { job: { action: "message", body: "At the gate" } },
        c.admin.token,
      );
      expect(second.status).toBe(200);
      expect(second.body.message.receiver_id).toBe(c.requestor.id);
      const counts = await call("GET", "/api_v2/messages/unread", { token: c.t.privateToken });
      expect(counts.body.total).toBe(2);
    });

    it("refuses a missing body, another company's job, and people who may not write", async () => {
      const before = await footprint();
      const blank = await reply(a, a.job, { action: "message" });
      expect({ status: blank.status, fields: blank.body.error.fields }).toEqual({
        status: 422,
        fields: { body: ["can't be blank"] },
      });
      const theirs = await reply(a, b.job, { action: "message", body: "hi" });
      expect(theirs.status).toBe(404);
      const viewer = await reply(a, a.job, { action: "message", body: "hi" }, a.viewer.token);
      expect(viewer.status).toBe(403);
      const pub = await reply(a, a.job, { action: "message", body: "hi" }, a.t.publicToken);
      expect(pub.body.error.code).toBe("forbidden_for_public_pool");
      expect(await footprint()).toEqual(before);
    });
  });
});

describeApi("the demo's conversation", (api) => {
  it("seeds a short conversation on a hired job, its worker's newest message unread", async () => {
    const seeded = await seedDemo(api.database.db, {
      now: new Date(),
      workerCount: 60,
      environment: "test",
    });
    const token = await api.authenticate(seeded!.private);
    const unread = await call("GET", "/api_v2/messages/unread", { token });
    expect(unread.body.total).toBe(1);
    const [jobId] = Object.keys(unread.body.jobs);
    const list = await call("GET", "/api_v2/messages", {
      token,
      query: { job_id: jobId!, order: "asc" },
    });
    expect(list.body.total).toBe(3);
    const [first, second, third] = list.body.messages;
    expect(first).toMatchObject({ sender: { type: "Employer" }, receiver: { type: "Worker" } });
    expect(first.read_at).not.toBeNull();
    expect(second).toMatchObject({ sender: { type: "Worker" } });
    expect(third).toMatchObject({ sender: { type: "Worker" }, read_at: null });
    const job = await call("GET", `/api_v2/jobs/${jobId}`, { token });
    expect(job.body.job.state).toBe("filled");
    // Both sides are the job's: the worker, and an employer who may request.
    expect(first.receiver_id).toBe(job.body.job.user_id);
  });
});
