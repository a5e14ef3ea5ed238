import { and, desc, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { noteIssuedSecret } from "@/e2e/support/secret-scan";
import { outbox, users } from "@/lib/db/schema";
import { resetEnv } from "@/lib/env";
import { createCompany } from "../admin/admin";
import { createEmployerUser, issuePersonToken } from "../admin/people";
import { setClock } from "../clock";
import { openStoredMail } from "../events/invitation-mail";
import { hashPassword } from "../invitations/password";
import { type CallOptions, call, describeApi, invitationTokens, workerBody } from "./harness";

/** Password reset by a one-use link, and a signed-in person's password change (our additions). */

const PASSWORD = "correct horse battery";
const NEW_PASSWORD = "a brand new passphrase";
const REQUESTED = {
  message:
    "If that address belongs to a teammate who can sign in, a link to choose a new password is on its way. It works once, for an hour.",
};
const tokenError = (message: string) => ({
  error: {
    code: "validation_failed",
    message: `Token ${message}`,
    fields: { token: [message] },
  },
});

const signIn = (email: string, password: string) =>
  call("POST", "/api_v2/authenticate", { json: { email, password } });
const requestReset = (email: string, opts: CallOptions = {}) =>
  call("POST", "/api_v2/password_resets", { json: { email }, ...opts });
const confirm = (token: string, password = NEW_PASSWORD) =>
  call("POST", "/api_v2/password_resets/confirm", {
    json: { token, password, password_confirmation: password },
  });

describeApi("password reset and change", (api) => {
  let companyId: number;
  let passwordHash: string;
  let n = 0;

  const teammate = async (withPassword = true) => {
    const email = `reset${++n}.${process.pid}@example.com`;
    const { id } = await createEmployerUser(api.database.db, {
      companyId,
      firstName: "Dana",
      lastName: `Lee${n}`,
      email,
      role: "requestor",
      passwordHash: withPassword ? passwordHash : null,
    });
    return { id, email };
  };

  /** The reset links mailed to an address, newest first, as its inbox holds them. */
  const resetLinks = async (to: string) => {
    const rows = await api.database.db
      .select({ body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.target, to), eq(outbox.event, "user.password_reset")))
      .orderBy(desc(outbox.id));
    return rows.map((r) => {
      const link = openStoredMail(r.body).content!.link;
      const token = decodeURIComponent(link.split("#token=")[1]!);
      noteIssuedSecret(token);
      return { link, token };
    });
  };

  /** The newest reset link's token mailed to the address. */
  const latestResetToken = async (to: string): Promise<string> => {
    const [newest] = await resetLinks(to);
    if (!newest) throw new Error(`no reset link mailed to ${to}`);
    return newest.token;
  };

  beforeAll(async () => {
    companyId = (await createCompany(api.database.db, "Reset Co")).company_id;
    passwordHash = await hashPassword(PASSWORD);
    // Passwords must never reach a log line: the run's log scan looks for these too.
    noteIssuedSecret(PASSWORD, NEW_PASSWORD);
  });
  afterEach(() =>
    resetEnv({
      PASSWORD_RESET_LIMIT_PER_ACCOUNT: undefined,
      PASSWORD_RESET_LIMIT_PER_ADDRESS: undefined,
    }),
  );

  it("answers every address the same 202, and mails a link only to a teammate who can sign in", async () => {
    const active = await teammate();
    const invited = await teammate(false);
    const deactivated = await teammate();
    await api.database.db
      .update(users)
      .set({ suspended: true })
      .where(eq(users.id, deactivated.id));
    const tenant = await api.tenant();
    const worker = workerBody();
    expect(
      (await call("POST", "/api_v2/users/invite", { token: tenant.privateToken, json: worker }))
        .status,
    ).toBe(201);

    const addresses = [
      active.email.toUpperCase(),
      "nobody@example.com",
      invited.email,
      deactivated.email,
      worker.email as string,
    ];
    const answers = [];
    for (const email of addresses) {
      const res = await requestReset(email);
      answers.push({ status: res.status, body: res.body });
    }
    expect(answers).toEqual(addresses.map(() => ({ status: 202, body: REQUESTED })));
    const mailed = await api.database.db
      .select({ to: outbox.target })
      .from(outbox)
      .where(eq(outbox.event, "user.password_reset"));
    expect(mailed).toEqual([{ to: active.email }]);
    const [link] = await resetLinks(active.email);
    expect(link!.link).toMatch(/^http:\/\/localhost:\d+\/reset-password#token=[A-Za-z0-9_-]{20,}$/);
  });

  it("sets the password once, ends every session, and refuses the link after", async () => {
    const { id, email } = await teammate();
    const before = (await signIn(email, PASSWORD)).body.token;
    await requestReset(email);
    const token = await latestResetToken(email);

    const res = await confirm(token);
    expect(res.status, res.text).toBe(204);
    expect((await call("GET", "/api_v2/me", { bearer: before })).status).toBe(401);
    expect((await signIn(email, PASSWORD)).status).toBe(401);
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);
    expect(id).toBeGreaterThan(0);

    const again = await confirm(token, "yet another password");
    expect({ status: again.status, body: again.body }).toEqual({
      status: 422,
      body: tokenError("has already been used: ask for a new password reset link if you need one"),
    });
  });

  it("refuses the link an hour after it was sent", async () => {
    const { email } = await teammate();
    await requestReset(email);
    const token = await latestResetToken(email);
    setClock(() => new Date(Date.now() + 3_600_000));
    const res = await confirm(token);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 422,
      body: tokenError("has expired: ask for a new password reset link"),
    });
  });

  it("refuses a link once a newer one was asked for, and takes the newer", async () => {
    const { email } = await teammate();
    await requestReset(email);
    const older = await latestResetToken(email);
    await requestReset(email);
    const res = await confirm(older);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 422,
      body: tokenError("has expired: ask for a new password reset link"),
    });
    expect((await confirm(await latestResetToken(email))).status).toBe(204);
  });

  it.each<[string, Record<string, unknown>, unknown]>([
    [
      "an unknown link",
      { token: "x".repeat(43), password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      tokenError("is not valid: ask for a new password reset link"),
    ],
    [
      "a confirmation that differs",
      { token: "x".repeat(43), password: NEW_PASSWORD, password_confirmation: "something else" },
      {
        error: {
          code: "validation_failed",
          message: "Password confirmation doesn't match password",
          fields: { password_confirmation: ["doesn't match password"] },
        },
      },
    ],
    [
      "a short password",
      { token: "x".repeat(43), password: "short", password_confirmation: "short" },
      {
        error: {
          code: "validation_failed",
          message: "Password is too short (minimum is 8 characters)",
          fields: { password: ["is too short (minimum is 8 characters)"] },
        },
      },
    ],
  ])("refuses %s with 422", async (_, json, error) => {
    const res = await call("POST", "/api_v2/password_resets/confirm", { json });
    expect({ status: res.status, body: res.body }).toEqual({ status: 422, body: error });
  });

  it("keeps reset links and invitations apart: neither works as the other", async () => {
    const { email } = await teammate();
    await requestReset(email);
    const resetToken = await latestResetToken(email);
    const asInvite = await call("POST", "/api_v2/invitations/accept", {
      json: { token: resetToken, password: NEW_PASSWORD },
    });
    expect(asInvite.status).toBe(404);
    expect(asInvite.body.error.code).toBe("not_found");
    expect(
      (await call("POST", "/api_v2/invitations/inspect", { json: { token: resetToken } })).status,
    ).toBe(404);

    const tenant = await api.tenant();
    const worker = workerBody();
    await call("POST", "/api_v2/users/invite", { token: tenant.privateToken, json: worker });
    const inviteToken = (await invitationTokens(api, tenant.companyId))[0]!.token;
    const asReset = await confirm(inviteToken);
    expect({ status: asReset.status, body: asReset.body }).toEqual({
      status: 422,
      body: tokenError("is not valid: ask for a new password reset link"),
    });
    // Both links still do what they were sent for.
    expect((await confirm(resetToken)).status).toBe(204);
    const accepted = await call("POST", "/api_v2/invitations/accept", {
      json: { token: inviteToken, password: NEW_PASSWORD },
    });
    expect(accepted.status).toBe(200);
  });

  it("limits requests per account (quietly: still 202, no more mail) and per address (429)", async () => {
    resetEnv({ PASSWORD_RESET_LIMIT_PER_ACCOUNT: "2", PASSWORD_RESET_LIMIT_PER_ADDRESS: "4" });
    setClock(() => new Date("2031-07-01T10:00:00.000Z"));
    const { email } = await teammate();
    const from = { headers: { "x-ep-client-ip": "203.0.113.20" } };
    for (let i = 0; i < 3; i++) expect((await requestReset(email, from)).body).toEqual(REQUESTED);
    expect(await resetLinks(email)).toHaveLength(2);
    const res = await requestReset("someone.else@example.com", from);
    expect(res.status).toBe(202);
    const limited = await requestReset("a.third@example.com", from);
    expect({ status: limited.status, body: limited.body }).toEqual({
      status: 429,
      body: {
        error: { code: "rate_limited", message: "Too many attempts; try again in 3600 seconds" },
      },
    });
    expect(limited.headers.get("retry-after")).toBe("3600");
  });

  describe("PATCH /me/password", () => {
    const change = (token: string, json: Record<string, unknown>) =>
      call("PATCH", "/api_v2/me/password", { bearer: token, json });

    it("needs the current password, then ends the person's other sessions but not this one", async () => {
      const { email } = await teammate();
      const here = (await signIn(email, PASSWORD)).body.token;
      const elsewhere = (await signIn(email, PASSWORD)).body.token;
      const wrong = await change(here, {
        current_password: "not my password",
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect({ status: wrong.status, body: wrong.body }).toEqual({
        status: 422,
        body: {
          error: {
            code: "validation_failed",
            message: "Current password is not correct",
            fields: { current_password: ["is not correct"] },
          },
        },
      });
      const res = await change(here, {
        current_password: PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(res.status, res.text).toBe(204);
      expect((await call("GET", "/api_v2/me", { bearer: here })).status).toBe(200);
      expect((await call("GET", "/api_v2/me", { bearer: elsewhere })).status).toBe(401);
      expect((await signIn(email, PASSWORD)).status).toBe(401);
      expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);
    });

    it("is for persons: a key pair's token has no password (422)", async () => {
      const tenant = await api.tenant();
      const res = await change(tenant.privateToken, {
        current_password: PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect({ status: res.status, body: res.body }).toEqual({
        status: 422,
        body: {
          error: {
            code: "validation_failed",
            message: "Only a person signed in with e-mail and password has a password to change",
            fields: {
              base: ["only a person signed in with e-mail and password has a password to change"],
            },
          },
        },
      });
    });

    it("is open to every role, read-only included", async () => {
      const { id } = await createEmployerUser(api.database.db, {
        companyId,
        firstName: "Tom",
        lastName: "Okafor",
        email: `viewer.${process.pid}@example.com`,
        role: "read_only",
        passwordHash,
      });
      const { token } = await issuePersonToken(api.database.db, id);
      noteIssuedSecret(token);
      const res = await change(token, {
        current_password: PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      });
      expect(res.status, res.text).toBe(204);
    });
  });
});
