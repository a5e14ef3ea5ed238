import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import Papa from "papaparse";
import { afterEach, beforeAll, expect, it } from "vitest";
import { outbox, userChanges, users, webhooks } from "@/lib/db/schema";
import { env, resetEnv } from "@/lib/env";
import { exportWorkers } from "@/lib/operator/export-workers";
import { createJob, createJobRequest, setJobState } from "../admin/admin";
import {
  DOB_CHANGED,
  sealClearPersonalData,
  sealPersonal,
  unsealPersonal,
} from "../users/personal-data";
import { call, describeApi, type Tenant, workerBody } from "./harness";

/**
 * A worker's SSN and date of birth (issue 14): sealed at rest (AES-256-GCM under the data
 * key), read back exactly by the private pool that owns the worker and by no one else (the
 * public pool gets the same user object with both null), never kept as values in the history,
 * never in webhook payloads, exported only when asked for. Legacy rows stored in clear are
 * sealed by an idempotent backfill at start.
 */

const SSN_1 = "123-45-6789";
const DOB_1 = "1990-05-17";
const SSN_2 = "987-65-4321";
const DOB_2 = "1985-11-30";
const LEGACY_SSN = "555-12-3434";
const LEGACY_DOB = "1970-01-02";
/** Every clear value, and the SSNs' digits alone: none may show where they must not. */
const CLEAR = [SSN_1, DOB_1, SSN_2, DOB_2, "123456789", "987654321"];

const rowsOf = <T>(r: unknown) => ((r as { rows?: T[] }).rows ?? r) as T[];
const leaked = (text: string, values = CLEAR) => values.filter((v) => text.includes(v));

describeApi("personal data (SSN, date of birth)", (api) => {
  const db = () => api.database.db;
  let owner: Tenant;
  let other: Tenant;
  let worker: any;
  let invited: any;
  let patched: any;
  const dataKey = env().DATA_ENCRYPTION_KEY;
  const logFile = env().LOG_FILE;
  afterEach(() => resetEnv({ DATA_ENCRYPTION_KEY: dataKey, LOG_FILE: logFile }));

  const rawRow = async (id: number) =>
    rowsOf<{ ssn: string | null; dob: string | null; whole: string }>(
      await db().execute(sql`select ssn, dob, u::text as whole from users u where id = ${id}`),
    )[0]!;
  const getUser = (id: number, token: string) => call("GET", `/api_v2/users/${id}`, { token });

  beforeAll(async () => {
    owner = await api.tenant("Owner Co");
    other = await api.tenant("Public Pool Co");
    // Every event of both companies is queued for a subscriber (never delivered here).
    for (const t of [owner, other]) {
      await db().insert(webhooks).values({
        companyId: t.companyId,
        url: "https://hooks.example.com/x",
        createdAt: new Date(),
      });
    }
    const res = await call("POST", "/api_v2/users/invite", {
      token: owner.privateToken,
      json: workerBody({ ssn: SSN_1, dob: DOB_1 }),
    });
    expect(res.status, res.text).toBe(201);
    invited = res.body;
    const upd = await call("PATCH", `/api_v2/users/${invited.id}`, {
      token: owner.privateToken,
      json: { ssn: SSN_2, dob: DOB_2, city: "Oakland" },
    });
    expect(upd.status, upd.text).toBe(200);
    patched = upd.body;
    // The other company's public key sees the worker while it holds a job for that company.
    const { job_request_id } = await createJobRequest(
      db(),
      other.companyId,
      "Shift",
      "filled",
      new Date(),
    );
    const { job_id } = await createJob(db(), job_request_id, invited.id, "filled", new Date());
    await setJobState(db(), job_id, "in_progress", new Date());
    worker = (await getUser(invited.id, owner.privateToken)).body;
  });

  it("stores them sealed: the raw row holds neither value in clear", async () => {
    const row = await rawRow(invited.id);
    for (const v of [row.ssn, row.dob]) expect(v).toMatch(/^pd1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(leaked(row.whole)).toEqual([]);
    expect(unsealPersonal("ssn", row.ssn)).toBe(SSN_2);
    expect(unsealPersonal("dob", row.dob)).toBe(DOB_2);
    // A fresh IV each time.
    expect(sealPersonal("ssn", SSN_2)).not.toBe(row.ssn);
    // Nothing to hide in an empty value or none.
    expect([sealPersonal("ssn", ""), sealPersonal("ssn", null)]).toEqual(["", null]);
  });

  it("answers them exactly to the private pool that owns the worker", async () => {
    expect([invited.ssn, invited.dob]).toEqual([SSN_1, DOB_1]);
    expect([patched.ssn, patched.dob, patched.city]).toEqual([SSN_2, DOB_2, "Oakland"]);
    expect([worker.ssn, worker.dob]).toEqual([SSN_2, DOB_2]);
    const list = await call("GET", "/api_v2/users", {
      token: owner.privateToken,
      query: { external_id: invited.external_id },
    });
    expect(list.body.users).toEqual([worker]);
    // Compared in clear: sending the same values again changes nothing (no new version).
    const same = await call("PATCH", `/api_v2/users/${invited.id}`, {
      token: owner.privateToken,
      json: { ssn: SSN_2, dob: DOB_2 },
    });
    expect(same.status, same.text).toBe(200);
    expect(same.headers.get("etag")).toBe(
      (await getUser(invited.id, owner.privateToken)).headers.get("etag"),
    );
    const history = await call("GET", `/api_v2/users/${invited.id}/history`, {
      token: owner.privateToken,
    });
    expect(history.body.history.map((h: any) => h.kind)).toEqual(["updated", "invited"]);
  });

  it("gives the public pool the same user object with both null", async () => {
    const res = await getUser(invited.id, other.publicToken);
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body)).toEqual(Object.keys(worker));
    expect(res.body).toEqual({ ...worker, ssn: null, dob: null });
    const list = await call("GET", "/api_v2/users", { token: other.publicToken });
    expect(list.body.users).toEqual([{ ...worker, ssn: null, dob: null }]);
    const jobs = await call("GET", "/api_v2/jobs", { token: other.publicToken });
    expect(jobs.status, jobs.text).toBe(200);
    const held = (jobs.body.jobs as any[]).map((j) => j.worker).filter(Boolean);
    expect(held.length).toBeGreaterThan(0);
    for (const w of held) expect([w.id, w.ssn, w.dob]).toEqual([invited.id, null, null]);
    expect(leaked(list.text + res.text + jobs.text)).toEqual([]);
  });

  it("keeps no value of either in the history rows, only that they changed", async () => {
    const rows = await db()
      .select({ kind: userChanges.kind, changes: userChanges.changes })
      .from(userChanges)
      .where(eq(userChanges.userId, invited.id));
    expect(rows).toHaveLength(2);
    const raw = rowsOf<{ t: string }>(
      await db().execute(
        // Every column but the row's own time: on a day that shares a date of birth's month and
        // day (DOB_2 is 11-30), occurred_at would match the check below without any leak.
        sql`select (to_jsonb(c) - 'occurred_at')::text as t from user_changes c where user_id = ${invited.id}`,
      ),
    );
    expect(leaked(raw.map((r) => r.t).join("\n"))).toEqual([]);
    // Not even the month and day of a date of birth.
    expect(raw.map((r) => r.t).join("\n")).not.toMatch(/0517|1130|05-17|11-30/);
    const byKind = Object.fromEntries(rows.map((r) => [r.kind, r.changes as any]));
    expect(byKind.invited.ssn).toEqual({ from: null, to: "•••-••-6789" });
    expect(byKind.invited.dob).toEqual({ from: null, to: DOB_CHANGED });
    expect(byKind.updated.ssn).toEqual({ from: "•••-••-6789", to: "•••-••-4321" });
    expect(byKind.updated.dob).toEqual({ from: DOB_CHANGED, to: DOB_CHANGED });
    expect(byKind.updated.city).toEqual({ from: null, to: "Oakland" });
  });

  it("puts neither into a webhook payload", async () => {
    const rows = await db()
      .select({ event: outbox.event, body: outbox.body, companyId: outbox.companyId })
      .from(outbox)
      .where(eq(outbox.channel, "webhook"));
    const events = rows.map((r) => r.event).sort();
    expect(events).toEqual(
      expect.arrayContaining(["job.state_changed", "user.invited", "user.updated"]),
    );
    expect(leaked(rows.map((r) => r.body).join("\n"))).toEqual([]);
    for (const r of rows) {
      const data = JSON.parse(r.body).data;
      const user = data.user ?? data.job?.worker;
      expect(user, r.event).toBeTruthy();
      expect(Object.keys(user)).toEqual(Object.keys(worker));
      expect([user.ssn, user.dob], r.event).toEqual([null, null]);
    }
  });

  it("exports them only when asked for, in the same columns", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pd-export-"));
    const exportCsv = async (includeSensitive?: boolean) => {
      const file = path.join(dir, `w-${includeSensitive}.csv`);
      const out = await exportWorkers(db(), {
        companyId: owner.companyId,
        file,
        filter: `external_id=${invited.external_id}`,
        includeSensitive,
        now: new Date(),
      });
      expect(out.rows).toBe(1);
      const text = fs.readFileSync(file, "utf8");
      const [header, row] = Papa.parse<string[]>(text.replace(/^\uFEFF/, "").trim(), {
        newline: "\r\n",
      }).data;
      return { text, header, cells: Object.fromEntries(header!.map((h, i) => [h, row![i]])) };
    };
    try {
      const plain = await exportCsv();
      expect(leaked(plain.text)).toEqual([]);
      expect(plain.cells).toMatchObject({
        id: String(invited.id),
        ssn: "",
        dob: "",
        city: "Oakland",
      });
      const asked = await exportCsv(true);
      expect(asked.header).toEqual(plain.header);
      expect(asked.cells).toMatchObject({ ssn: SSN_2, dob: DOB_2 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("seals rows stored in clear before, once, without changing what they say", async () => {
    const a = await call("POST", "/api_v2/users/invite", {
      token: owner.privateToken,
      json: workerBody(),
    });
    const b = await call("POST", "/api_v2/users/invite", {
      token: owner.privateToken,
      json: workerBody({ ssn: "" }),
    });
    // As a database written before sealing holds them.
    await db().execute(
      sql`update users set ssn = ${LEGACY_SSN}, dob = ${LEGACY_DOB} where id = ${a.body.id}`,
    );
    await db().execute(sql`update users set dob = ${LEGACY_DOB} where id = ${b.body.id}`);
    const etagBefore = (await getUser(a.body.id, owner.privateToken)).headers.get("etag");
    // Until the backfill runs, a clear value still reads as itself.
    const before = await getUser(a.body.id, owner.privateToken);
    expect([before.body.ssn, before.body.dob]).toEqual([LEGACY_SSN, LEGACY_DOB]);

    // Batches of one: every batch boundary is crossed.
    expect(await sealClearPersonalData(db(), 1)).toBe(2);
    const ra = await rawRow(a.body.id);
    const rb = await rawRow(b.body.id);
    expect(ra.ssn).toMatch(/^pd1\./);
    expect(ra.dob).toMatch(/^pd1\./);
    expect(rb.ssn).toBe("");
    expect(rb.dob).toMatch(/^pd1\./);
    expect(leaked(ra.whole + rb.whole, [LEGACY_SSN, LEGACY_DOB])).toEqual([]);
    const after = await getUser(a.body.id, owner.privateToken);
    expect([after.body.ssn, after.body.dob]).toEqual([LEGACY_SSN, LEGACY_DOB]);
    expect(after.headers.get("etag")).toBe(etagBefore);
    expect((await getUser(b.body.id, owner.privateToken)).body).toMatchObject({
      ssn: "",
      dob: LEGACY_DOB,
    });

    // Idempotent: nothing is left to seal, and sealed values are not sealed again.
    expect(await sealClearPersonalData(db())).toBe(0);
    expect(await rawRow(a.body.id)).toEqual(ra);
    const legacy = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(sql`${users.ssn} not like 'pd1.%'`, sql`${users.ssn} <> ''`));
    expect(legacy[0]!.n).toBe(0);
  });

  it("reads null under another data key, and logs that without the value", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pd-log-"));
    const file = path.join(dir, "test.log");
    const sealedRow = await rawRow(invited.id);
    try {
      resetEnv({
        DATA_ENCRYPTION_KEY: "another-data-encryption-key-0123456789abcdef",
        LOG_FILE: file,
      });
      const res = await getUser(invited.id, owner.privateToken);
      expect(res.status, res.text).toBe(200);
      expect({ ...res.body, ssn: "x", dob: "x" }).toEqual({ ...worker, ssn: "x", dob: "x" });
      expect([res.body.ssn, res.body.dob]).toEqual([null, null]);
      const log = fs.readFileSync(file, "utf8");
      expect(log).toContain("personal data could not be unsealed");
      expect(leaked(log)).toEqual([]);
      expect(log).not.toContain(sealedRow.ssn!);
      expect(log).not.toContain(sealedRow.dob!);
      // Each field is sealed with its own associated data: a sealed SSN moved into the dob
      // column does not open either, under the right key.
      resetEnv({ DATA_ENCRYPTION_KEY: dataKey });
      expect(unsealPersonal("ssn", sealedRow.ssn)).toBe(SSN_2);
      expect(unsealPersonal("dob", sealedRow.ssn)).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // With the right key back, nothing was lost.
    resetEnv({ DATA_ENCRYPTION_KEY: dataKey, LOG_FILE: logFile });
    expect((await getUser(invited.id, owner.privateToken)).body).toEqual(worker);
  });
});
