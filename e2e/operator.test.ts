import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "@/lib/db/client";
import { inheritedEnv, resetEnv } from "@/lib/env";
import { type Outcome, parseCommand, runCommand } from "@/lib/operator/commands";

/** The operator command as an operator runs it: one JSON object out, JSON errors, exit codes. */

const root = process.cwd();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ep-operator-"));
/** The folder of the tests that start the command as a process (the other one is open here). */
const processDir = fs.mkdtempSync(path.join(os.tmpdir(), "ep-operator-process-"));

type Answer = { code: number | null; out: any; err: any };
const answer = (code: number | null, stdout: string, stderr: string): Answer => {
  const parse = (s: string) => (s.trim() ? JSON.parse(s) : null);
  return { code, out: parse(stdout), err: parse(stderr) };
};

/** The command as a process of its own, what `npm run operator -- …` runs: the bundle on node. */
function operatorProcess(dir: string, ...args: string[]): Answer {
  const r = spawnSync(process.execPath, ["lib/server/launch.mjs", "operator", ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...inheritedEnv(), DATA_DIR: dir, DATABASE_URL: "", LOG_LEVEL: "" },
    timeout: 60_000,
  });
  return answer(r.status, r.stdout, r.stderr);
}

/**
 * The same command in this process: lib/operator/cli.ts's two steps (parseCommand, then
 * runCommand on the folder's database), the database opened once per folder. What a process
 * adds (arguments, the streams, the exit code, opening the folder) is what the tests through
 * `operatorProcess` prove; a fresh process costs ~1.5 s (Node, the bundle, PGlite's start), and
 * ~100 of them were this file's three minutes. `extraEnv` applies for that one command.
 */
const databases = new Map<string, Promise<Database>>();
async function operatorIn(
  dir: string,
  extraEnv: Record<string, string>,
  ...args: string[]
): Promise<Answer> {
  const parsed = parseCommand(args);
  let outcome: Outcome;
  if ("code" in parsed) outcome = parsed;
  else {
    if (!databases.has(dir)) databases.set(dir, openDatabase({ kind: "embedded", dataDir: dir }));
    const database = await databases.get(dir)!;
    resetEnv(extraEnv);
    try {
      outcome = await runCommand(database, parsed.command, parsed.flags);
    } finally {
      resetEnv(Object.fromEntries(Object.keys(extraEnv).map((k) => [k, undefined])));
    }
  }
  return answer(outcome.code, outcome.stdout, outcome.stderr);
}

const operator = (...args: string[]) => operatorIn(dataDir, {}, ...args);

async function closeFolder(dir: string) {
  await (await databases.get(dir))?.close();
  databases.delete(dir);
  fs.rmSync(dir, { recursive: true, force: true });
}

describe("operator command", { timeout: 120_000 }, () => {
  afterAll(async () => {
    await closeFolder(dataDir);
    fs.rmSync(processDir, { recursive: true, force: true });
  });

  it("issues companies, keys, badges, job requests and jobs, each as one JSON object, as a process of its own", () => {
    const company = operatorProcess(processDir, "company", "create", "--name", "Acme Logistics");
    expect(company).toMatchObject({ code: 0, out: { company_id: expect.any(Number) } });
    const id = String(company.out.company_id);

    const keys = operatorProcess(
      processDir,
      "keys",
      "create",
      "--company",
      id,
      "--pool",
      "private",
    );
    expect(keys.code).toBe(0);
    expect(keys.out.api_key).toMatch(/^pk_test_[A-Za-z0-9]{24}$/);
    expect(keys.out.secret_key).toMatch(/^sk_test_[A-Za-z0-9]{32}$/);

    const badge = operatorProcess(
      processDir,
      "badge",
      "create",
      "--company",
      id,
      "--name",
      "Forklift",
      "--description",
      "Certified",
    );
    expect(badge).toMatchObject({ code: 0, out: { badge_id: expect.any(Number) } });

    const request = operatorProcess(
      processDir,
      "job-request",
      "create",
      "--company",
      id,
      "--name",
      "Warehouse Associate",
    );
    expect(request).toMatchObject({ code: 0, out: { job_request_id: expect.any(Number) } });

    const revoked = operatorProcess(processDir, "keys", "revoke", "--api-key", keys.out.api_key);
    expect(revoked).toEqual({ code: 0, out: { revoked: true }, err: null });
  });

  it("seeds the demo once and says so the second time", async () => {
    const first = await operator("demo", "seed", "--workers", "25");
    expect(first.code).toBe(0);
    expect(first.out).toMatchObject({
      seeded: true,
      private: { api_key: expect.stringMatching(/^pk_test_/) },
    });
    const second = await operator("demo", "seed");
    expect(second.out).toMatchObject({
      seeded: false,
      private: { api_key: first.out.private.api_key },
    });
  });

  it("moves a demo job through its whole life: hire, the worker's start and completion, approval", async () => {
    const demo = (await operator("demo", "seed", "--workers", "25")).out.company_id;
    const company = await operator(
      "job-request",
      "list",
      "--company",
      String(demo),
      "--state",
      "posted",
    );
    expect(company.code).toBe(0);
    const oakland = company.out.job_requests.find(
      (r: { request_name: string }) => r.request_name === "Warehouse Associate – Oakland DC",
    );
    const id = String(oakland.job_request_id);
    const ranked = await operator("job-request", "candidates", "--job-request", id, "--per", "3");
    expect(ranked.code).toBe(0);
    const km = ranked.out.candidates.map((c: { distance_km: number }) => c.distance_km);
    expect(km.length).toBeGreaterThan(0);
    expect(km).toEqual([...km].sort((a, b) => a - b));
    const worker = String(ranked.out.candidates[0].worker.match(/\((\d+)\)$/)[1]);

    const hired = await operator(
      "job",
      "assign",
      "--job-request",
      id,
      "--worker",
      worker,
      "--notes",
      "Bring boots",
    );
    expect(hired).toMatchObject({ code: 0, out: { state: "filled" } });
    const job = String(hired.out.job_id);
    // The worker's app is not ours: the operator acts for the worker.
    expect((await operator("job", "start", "--job", job)).out.state).toBe("in_progress");
    expect((await operator("job", "complete", "--job", job)).out.state).toBe("completed");
    const approved = await operator("job", "approve", "--job", job, "--rating", "5");
    expect(approved.out.state).toBe("approved");
    expect(approved.out.transitions.map((t: string) => t.replace(/^\S+ /, ""))).toEqual([
      "· → filled (requestor)",
      "filled → in_progress (worker)",
      "in_progress → completed (worker)",
      "completed → approved (requestor)",
    ]);
    // Past the end of the machine: a clear 422, nothing changed.
    const again = await operator("job", "start", "--job", job);
    expect(again.code).toBe(1);
    expect(again.err.error).toMatchObject({
      code: "validation_failed",
      fields: { state: [expect.any(String)] },
    });
    expect((await operator("job", "list", "--job-request", id)).out.jobs).toEqual([
      expect.objectContaining({ job_id: Number(job), state: "approved" }),
    ]);
  });

  it("manages webhooks, moves a job request, and runs the outbox until it is idle", async () => {
    const company = String(
      (await operator("company", "create", "--name", "Hooked Inc")).out.company_id,
    );
    const keys = (await operator("keys", "create", "--company", company, "--pool", "private")).out;
    const added = await operator(
      "webhook",
      "add",
      "--company",
      company,
      "--url",
      "https://127.0.0.1:9/staffing",
      "--events",
      "job_request.state_changed,job.state_changed",
      "--api-key",
      keys.api_key,
    );
    expect(added).toMatchObject({
      code: 0,
      out: {
        id: expect.any(Number),
        url: "https://127.0.0.1:9/staffing",
        events: ["job_request.state_changed", "job.state_changed"],
        signing_key: keys.api_key,
      },
    });
    const plainHttp = await operator(
      "webhook",
      "add",
      "--company",
      company,
      "--url",
      "http://hooks.example.com/x",
    );
    expect(plainHttp.code).toBe(1);
    expect(plainHttp.err.error).toMatchObject({
      code: "validation_failed",
      fields: { url: [expect.stringMatching(/https/)] },
    });
    const badEvent = await operator(
      "webhook",
      "add",
      "--company",
      company,
      "--url",
      "https://a.example.com",
      "--events",
      "user.deleted",
    );
    expect(badEvent.code).toBe(2);

    const listed = await operator("webhook", "list", "--company", company);
    expect(listed.out.webhooks.map((w: { id: number }) => w.id)).toEqual([added.out.id]);

    const request = await operator(
      "job-request",
      "create",
      "--company",
      company,
      "--name",
      "Pickers",
    );
    const moved = await operator(
      "job-request",
      "set-state",
      "--job-request",
      String(request.out.job_request_id),
      "--state",
      "filled",
    );
    expect(moved).toMatchObject({ code: 0, out: { state: "filled" } });

    // The delivery to a closed port fails and waits for its retry; nothing else is due.
    const run = await operator("outbox", "run", "--once");
    expect(run).toMatchObject({ code: 0, out: { claimed: 1, delivered: 0, retried: 1 } });
    expect((await operator("outbox", "run", "--once")).out).toMatchObject({ claimed: 0 });

    const removed = await operator("webhook", "remove", "--id", String(added.out.id));
    expect(removed.out).toEqual({
      removed: true,
      id: added.out.id,
      pending_deliveries_cancelled: 1,
    });
    expect((await operator("webhook", "list", "--company", company)).out.webhooks).toEqual([]);
  });

  // The commands docs/operator.md lists that the tests above do not run (lib/docs-links.test.ts
  // holds the page to commands some test runs). Each on a folder of its own, with seven runs:
  // more time than the rest.
  it("resends a dead delivery: one more attempt", { timeout: 240_000 }, async () => {
    // A folder of its own, where a delivery dies at its first failure and nothing else is queued.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ep-operator-resend-"));
    const op = (...args: string[]) => operatorIn(dir, { WEBHOOK_RETRIES: "0" }, ...args);
    try {
      const company = String((await op("company", "create", "--name", "Resend Co")).out.company_id);
      const hook = (
        await op("webhook", "add", "--company", company, "--url", "https://127.0.0.1:9/x")
      ).out;
      const request = String(
        (await op("job-request", "create", "--company", company, "--name", "Count")).out
          .job_request_id,
      );
      expect(
        (await op("job-request", "set-state", "--job-request", request, "--state", "filled")).code,
      ).toBe(0);
      expect((await op("outbox", "run", "--once")).out).toMatchObject({ claimed: 1, dead: 1 });
      // The folder's first outbox row is that delivery: checked by what the resend answers.
      const resent = await op("outbox", "resend", "--id", "1");
      expect(resent).toMatchObject({
        code: 0,
        out: { id: 1, webhook_id: hook.id, event: "job_request.state_changed", state: "pending" },
      });
      // Sent again, and dead again.
      expect((await op("outbox", "run", "--once")).out).toMatchObject({ claimed: 1, dead: 1 });
    } finally {
      await closeFolder(dir);
    }
  });

  it("accepts as the worker, and forces a job's creation and state", {
    timeout: 240_000,
  }, async () => {
    // A folder of its own: the postings above have moved on. Its Oakland posting's first two
    // candidates.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ep-operator-accept-"));
    const op = (...args: string[]) => operatorIn(dir, {}, ...args);
    try {
      const demo = String((await op("demo", "seed", "--workers", "25")).out.company_id);
      const posted = (await op("job-request", "list", "--company", demo, "--state", "posted")).out;
      const oakland = String(
        posted.job_requests.find(
          (r: { request_name: string }) => r.request_name === "Warehouse Associate – Oakland DC",
        ).job_request_id,
      );
      const ranked = await op("job-request", "candidates", "--job-request", oakland, "--per", "2");
      const [first, second] = ranked.out.candidates.map(
        (c: { worker: string }) => c.worker.match(/\((\d+)\)$/)![1] as string,
      );
      const accepted = await op("job", "accept", "--job-request", oakland, "--worker", first);
      expect(accepted.code, JSON.stringify(accepted.err)).toBe(0);
      expect(accepted.out.transitions.at(-1)).toMatch(/\(worker\)$/);

      const forced = await op(
        "job",
        "create",
        "--job-request",
        oakland,
        "--worker",
        second,
        "--state",
        "filled",
      );
      expect(forced).toMatchObject({ code: 0, out: { job_id: expect.any(Number) } });
      const set = await op(
        "job",
        "set-state",
        "--job",
        String(forced.out.job_id),
        "--state",
        "approved",
      );
      expect(set).toMatchObject({
        code: 0,
        out: { job_id: forced.out.job_id, state: "approved", approved_at: expect.any(String) },
      });
    } finally {
      await closeFolder(dir);
    }
  });

  it("imports a spreadsheet with the portal's rules, and a second run finds them existing", async () => {
    const company = String(
      (await operator("company", "create", "--name", "Import Co")).out.company_id,
    );
    const file = path.join(dataDir, "workers.csv");
    const report = path.join(dataDir, "report.csv");
    fs.writeFileSync(
      file,
      "\uFEFFFirst Name,Last Name,E-mail,Mobile,Employee ID\r\n" +
        "Zoë,Núñez,zoe.import@example.com,(415) 555-0161,IMP-1\r\n" +
        "Raj,,raj.import@example.com,415.555.0162,IMP-2\r\n" +
        "Kim,Lee,kim.import@example.com,+1 415-555-0163,IMP-3\r\n\r\n",
    );
    const first = await operator(
      "import",
      "--company",
      company,
      "--file",
      file,
      "--report",
      report,
    );
    expect(first.code).toBe(0);
    expect(first.out).toMatchObject({ rows: 3, created: 2, existing: 0, refused: 1, failed: 0 });
    expect(first.out.outcomes[1]).toEqual({
      row: 3,
      status: "refused",
      id: null,
      reason: "Last name can't be blank",
    });
    expect(fs.readFileSync(report, "utf8")).toContain("2,created,");
    const second = await operator("import", "--company", company, "--file", file);
    expect(second.out).toMatchObject({ created: 0, existing: 2, refused: 1 });
    const out = path.join(dataDir, "export.csv");
    const exported = await operator(
      "export",
      "--company",
      company,
      "--file",
      out,
      "--filter",
      "q=zoe.import",
    );
    expect(exported.out).toMatchObject({ rows: 1, file: out });
    const csv = fs.readFileSync(out, "utf8");
    expect(csv.startsWith("\uFEFFid,external_id,type,first_name,last_name,email,phone")).toBe(true);
    expect(csv).toContain(",IMP-1,Worker,Zoë,Núñez,zoe.import@example.com,+14155550161,");
    expect((await operator("export", "--company", company, "--file", out)).out.rows).toBe(2);
    const missing = await operator(
      "import",
      "--company",
      company,
      "--file",
      path.join(dataDir, "nope.csv"),
    );
    expect(missing.code).toBe(2);
  });

  it.each([
    [
      ["keys", "create", "--company", "999", "--pool", "private"],
      1,
      { code: "not_found", message: "Company not found" },
    ],
    [["keys", "create", "--company", "1"], 2, { code: "usage", message: "--pool is required" }],
    [
      ["job", "create", "--job-request", "1", "--worker", "1", "--state", "sleeping"],
      1,
      { code: "validation_failed" },
    ],
    [["frobnicate"], 2, { code: "usage", message: 'unknown command "frobnicate"' }],
  ])("%j exits %i with a JSON error (a process of its own)", (args, code, error) => {
    const r = operatorProcess(processDir, ...args);
    expect(r.code).toBe(code);
    expect(r.out).toBeNull();
    expect(r.err.error).toMatchObject(error);
  });
});
