import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { checkRows, guessMapping, parseCsv } from "@/lib/bulk/csv-import";
import { type ImportIo, runImport } from "@/lib/bulk/import-runner";
import { users } from "@/lib/db/schema";
import { PHONE_EXTENSION } from "@/lib/schemas/phone";
import { createJob, createJobRequest } from "../admin/admin";
import { HIDDEN_LINK } from "../events/invitation-mail";
import { call, describeApi, invitationTokens, makeDemo, type Tenant, workerBody } from "./harness";

/**
 * Issue 14, "Leaks and overrides" and "Small ones", each as a class: what a caller may see in
 * a worker's history and in the invitation mails, comma-list filters that name nothing, and
 * phone input that must never be shortened. Real handlers, real database.
 */

const statusAndBody = (res: { status: number; body: unknown }) => ({
  status: res.status,
  body: res.body,
});
const malformed = (message: string) => ({
  status: 400,
  body: { error: { code: "malformed_request", message } },
});
const invalid = (fields: Record<string, string[]>, message: string) => ({
  status: 422,
  body: { error: { code: "validation_failed", message, fields } },
});

describeApi("leaks and overrides", (api) => {
  const db = () => api.database.db;
  let a: Tenant;
  let b: Tenant;
  let p: Tenant;
  let demo: Tenant;

  beforeAll(async () => {
    a = await api.tenant("Owner Staffing");
    b = await api.tenant("Rival Staffing");
    p = await api.tenant("Public Pool Partner");
    demo = await api.tenant("Demo Staffing");
    await makeDemo(api, demo);
  });

  const invite = async (t: Tenant, overrides: Record<string, unknown> = {}) => {
    const res = await call("POST", "/api_v2/users/invite", {
      token: t.privateToken,
      json: workerBody(overrides),
    });
    expect(res.status, res.text).toBe(201);
    return res.body;
  };
  const patch = async (t: Tenant, id: number, json: unknown) => {
    const res = await call("PATCH", `/api_v2/users/${id}`, { token: t.privateToken, json });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  /** The invitation token mailed to `email`, as the worker's inbox holds it. */
  const tokenFor = async (t: Tenant, email: string) => {
    const mail = (await invitationTokens(api, t.companyId)).find((m) => m.to === email);
    expect(mail, `invitation mail to ${email}`).toBeDefined();
    return mail!.token;
  };
  /** An active job of `t` for the worker: what lets t's public-pool key read them. */
  const activeJob = async (t: Tenant, userId: number) => {
    const now = new Date();
    const { job_request_id } = await createJobRequest(db(), t.companyId, "Shift", "filled", now);
    await createJob(db(), job_request_id, userId, "filled", now);
  };
  const history = async (token: string, id: number, query: Record<string, number> = {}) => {
    const res = await call("GET", `/api_v2/users/${id}/history`, {
      token,
      query: { per: 50, ...query },
    });
    expect(res.status, res.text).toBe(200);
    return res;
  };

  describe("a worker's history shows a caller only what it may see", () => {
    let worker: any;
    let forklift: { id: number; name: string };
    let nightShift: { id: number; name: string };
    let whole: { history: any[]; total: number };

    beforeAll(async () => {
      const badge = async (name: string) => {
        const res = await call("POST", "/api_v2/badges", {
          token: a.privateToken,
          json: { name, description: `${name} badge` },
        });
        expect(res.status, res.text).toBe(201);
        return res.body as { id: number; name: string };
      };
      forklift = await badge("Owner Forklift Certified");
      nightShift = await badge("Owner Night Shift Trusted");
      worker = await invite(a, { first_name: "Mary", city: "Salem", ssn: "123-45-6789" });
      await patch(a, worker.id, {
        city: "Boston",
        user_badges_attributes: [{ badge_id: String(forklift.id) }],
      });
      // An update of badges alone: nothing in it is anyone else's to see.
      await patch(a, worker.id, { user_badges_attributes: [{ badge_id: String(nightShift.id) }] });
      const token = await tokenFor(a, worker.email);
      const accepted = await call("POST", "/api_v2/invitations/accept", {
        json: { token, password: "correct horse battery" },
      });
      expect(accepted.status, accepted.text).toBe(200);
      await patch(a, worker.id, { first_name: "Maria" });
      await activeJob(p, worker.id);
      await activeJob(a, worker.id);
      whole = (await history(a.privateToken, worker.id)).body;
    });

    const valuesHidden = (e: any) => ({
      ...e,
      changes: Object.fromEntries(Object.keys(e.changes).map((f) => [f, { from: null, to: null }])),
    });

    it("is whole for the private pool that owns the worker", () => {
      expect(whole.history.map((e) => e.kind)).toEqual([
        "updated",
        "invitation_accepted",
        "updated",
        "updated",
        "invited",
      ]);
      expect(whole.history[0].changes).toEqual({ first_name: { from: "Mary", to: "Maria" } });
      expect(whole.history[2].badges_added).toEqual([
        { badge_id: String(nightShift.id), name: nightShift.name },
      ]);
      expect(whole.history[3]).toMatchObject({
        changes: { city: { from: "Salem", to: "Boston" } },
        badges_added: [{ badge_id: String(forklift.id), name: forklift.name }],
      });
    });

    it("hides another company's badges and every value from a public-pool key of another company", async () => {
      const res = await history(p.publicToken, worker.id);
      const anonymous = {
        type: "api_key",
        api_key: null,
        company_id: null,
        company_name: null,
        user: null,
      };
      // The update of A's badges alone is no entry for P, in the list and in the total.
      const [latest, accepted, , withBadge, invited] = whole.history;
      expect(res.body).toEqual({
        history: [
          { ...valuesHidden(latest), actor: anonymous },
          accepted,
          { ...valuesHidden(withBadge), actor: anonymous, badges_added: [] },
          { ...valuesHidden(invited), actor: anonymous },
        ],
        page: 1,
        per: 50,
        total: 4,
      });
      expect(Object.keys(res.body.history[3].changes)).toEqual(Object.keys(invited.changes));
      for (const secret of [
        "Owner Forklift",
        "Owner Night Shift",
        `"badge_id":"${forklift.id}"`,
        `"badge_id":"${nightShift.id}"`,
        "Salem",
        "Boston",
        "Mary",
        "6789",
        worker.email,
      ])
        expect(res.text, secret).not.toContain(secret);
    });

    it("pages what it may see, so pages and total agree", async () => {
      const all = (await history(p.publicToken, worker.id)).body;
      const pages = [];
      for (let page = 1; page <= 5; page++) {
        const res = await history(p.publicToken, worker.id, { per: 1, page });
        expect(res.body.total).toBe(4);
        pages.push(...res.body.history);
      }
      expect(pages).toEqual(all.history);
    });

    it("shows the owner's own public-pool key its company's badges, but no values", async () => {
      const res = await history(a.publicToken, worker.id);
      expect(res.body).toEqual({ ...whole, history: whole.history.map(valuesHidden) });
    });

    it("is still 404 for a key that may not read the worker", async () => {
      const res = await call("GET", `/api_v2/users/${worker.id}/history`, {
        token: b.publicToken,
      });
      expect(statusAndBody(res)).toEqual({
        status: 404,
        body: { error: { code: "not_found", message: "User not found" } },
      });
    });
  });

  describe("/mails shows live invitation links to the demo company only", () => {
    const listMails = async (t: Tenant) => {
      const res = await call("GET", "/api_v2/mails", { token: t.privateToken, query: { per: 50 } });
      expect(res.status, res.text).toBe(200);
      return res;
    };

    it("hides the link and its token from every other company, in every field", async () => {
      const worker = await invite(a, { first_name: "Grace" });
      const token = await tokenFor(a, worker.email);
      const res = await listMails(a);
      const mail = res.body.mails.find((m: any) => m.to === worker.email);
      expect(mail).toMatchObject({
        subject: "Owner Staffing invited you to join their team",
        body_available: true,
        link: null,
      });
      expect(mail.text.split("\n")).toEqual([
        "Hi Grace,",
        "",
        "Owner Staffing has invited you to pick up shifts with them.",
        "Accept the invitation and choose your password here:",
        "",
        HIDDEN_LINK,
        "",
        expect.stringMatching(
          /^The link can be used once, until .+, or until a newer invitation replaces it\.$/,
        ),
        "If you were not expecting this e-mail, you can ignore it.",
      ]);
      expect(mail.html).toContain(HIDDEN_LINK);
      expect(mail.html).toContain("Accept invitation");
      for (const secret of [token, encodeURIComponent(token), "#token=", "accept-invite"])
        expect(res.text, secret).not.toContain(secret);
      // Hidden, not spoiled: the worker's own mail still opens the invitation.
      const inspect = await call("POST", "/api_v2/invitations/inspect", { json: { token } });
      expect(inspect.body.state).toBe("valid");
    });

    it("shows the demo company its links, which open the invitation", async () => {
      const worker = await invite(demo, { first_name: "Dora" });
      const mail = (await listMails(demo)).body.mails.find((m: any) => m.to === worker.email);
      expect(mail.link).toMatch(/\/accept-invite#token=[\w-]{43}$/);
      expect(mail.text).toContain(mail.link);
      expect(mail.html).toContain(`href="${mail.link}"`);
      const token = decodeURIComponent(mail.link.split("#token=")[1]);
      const inspect = await call("POST", "/api_v2/invitations/inspect", { json: { token } });
      expect(inspect.body).toMatchObject({ state: "valid", company_name: "Demo Staffing" });
    });

    it("never lists another company's mails, the demo's included", async () => {
      const toA = await invite(a);
      const toDemo = await invite(demo);
      const recipients = async (t: Tenant) =>
        (await listMails(t)).body.mails.map((m: any) => m.to) as string[];
      expect(await recipients(a)).toContain(toA.email);
      expect(await recipients(a)).not.toContain(toDemo.email);
      expect(await recipients(demo)).toContain(toDemo.email);
      expect(await recipients(demo)).not.toContain(toA.email);
      expect((await listMails(b)).body).toEqual({ mails: [], page: 1, per: 50, total: 0 });
    });
  });

  describe("a comma-list filter that names nothing matches nothing", () => {
    let mine: any;
    beforeAll(async () => {
      mine = await invite(b, { external_id: "only-b-1" });
      await invite(b, { external_id: "only-b-2" });
    });

    it.each([
      ["/api_v2/users", "external_id", ",,"],
      ["/api_v2/users", "external_id", " , "],
      ["/api_v2/users", "w2_onboarding_status", ","],
      ["/api_v2/users", "onboarding_last_state", ",,"],
      ["/api_v2/users", "address_state", ","],
      ["/api_v2/users", "drug_tested", ",,"],
      ["/api_v2/jobs", "state", ",,"],
      ["/api_v2/job_requests", "state", ","],
    ])("%s?%s=%j is 400, never every record", async (path, key, value) => {
      const res = await call("GET", path, { token: b.privateToken, query: { [key]: value } });
      expect(statusAndBody(res)).toEqual(
        malformed(`Query parameter ${key} must name at least one value`),
      );
    });

    it("badge_id=,, is 400 as well (it always was)", async () => {
      const res = await call("GET", "/api_v2/users", {
        token: b.privateToken,
        query: { badge_id: ",," },
      });
      expect(statusAndBody(res)).toEqual(
        malformed("Query parameter badge_id must be a comma-separated list of ids"),
      );
    });

    it("still ignores an empty value, and blanks between values", async () => {
      const ids = async (query: Record<string, string>) => {
        const res = await call("GET", "/api_v2/users", { token: b.privateToken, query });
        expect(res.status, res.text).toBe(200);
        return (res.body.users as { id: number }[]).map((u) => u.id);
      };
      const everyone = await ids({});
      expect(everyone.length).toBeGreaterThanOrEqual(2);
      expect(await ids({ external_id: "" })).toEqual(everyone);
      expect(await ids({ external_id: ",only-b-1,," })).toEqual([mine.id]);
    });
  });

  describe("a phone is never shortened: an extension is refused", () => {
    const refused = invalid({ phone: [PHONE_EXTENSION] }, `Phone ${PHONE_EXTENSION}`);

    it.each([
      "+1 415 555 0123 ext. 12",
      "+14155550123x12",
      "+1 415 555 0123;ext=12",
      "+1 (415) 555-0123 #12",
    ])("POST /users/invite with %j is 422 and creates no one", async (phone) => {
      const body = workerBody({ phone });
      const res = await call("POST", "/api_v2/users/invite", { token: a.privateToken, json: body });
      expect(statusAndBody(res)).toEqual(refused);
      const found = await db()
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, String(body.email)));
      expect(found).toEqual([]);
    });

    it("PATCH /users/:id with an extension is 422 and keeps the number", async () => {
      const worker = await invite(a);
      const res = await call("PATCH", `/api_v2/users/${worker.id}`, {
        token: a.privateToken,
        json: { phone: `${worker.phone} ext. 7` },
      });
      expect(statusAndBody(res)).toEqual(refused);
      const got = await call("GET", `/api_v2/users/${worker.id}`, { token: a.privateToken });
      expect(got.body.phone).toBe(worker.phone);
    });

    it("the CSV import refuses the row with the same message, and sends the others", async () => {
      const ok = workerBody();
      const withExt = workerBody();
      const file = parseCsv(
        [
          "first_name,last_name,email,phone",
          `Ok,Row,${ok.email},${ok.phone}`,
          `Ext,Row,${withExt.email},(415) 555-0188 ext. 12`,
        ].join("\n"),
      );
      const io: ImportIo = {
        async invite(body) {
          const res = await call("POST", "/api_v2/users/invite", {
            token: a.privateToken,
            json: body,
          });
          if (res.status === 201) return { ok: true, id: res.body.id };
          return { ok: false, status: res.status, ...res.body.error };
        },
        findExisting: async () => null,
        addBadges: () => Promise.reject(new Error("the file names no badges")),
      };
      const { outcomes } = await runImport(checkRows(file, guessMapping(file.headers)), io, {
        concurrency: 1,
      }).done;
      expect(outcomes.map((o) => [o.row, o.status, o.reason])).toEqual([
        [2, "created", null],
        [3, "refused", `Phone ${PHONE_EXTENSION}`],
      ]);
      const found = await db()
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, String(withExt.email)));
      expect(found).toEqual([]);
    });
  });
});
