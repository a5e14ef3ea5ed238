import { createHash } from "node:crypto";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { startReceiver } from "@/e2e/support/webhook-receiver";
import { apiKeys, outbox, users } from "@/lib/db/schema";
import { env, resetEnv } from "@/lib/env";
import { createKeys, revokeKey } from "../admin/admin";
import { Dispatcher } from "../events/dispatcher";
import { SIGNATURE_HEADER } from "../events/signature";
import { hashToken, randomToken } from "../hash-token";
import { verifyPassword } from "../invitations/invitations";
import { seal, unseal } from "../secret-box";
import { call, describeApi, invitationTokens, makeDemo, type Tenant, workerBody } from "./harness";

/**
 * Secrets at rest: after every kind of secret has passed through the service (API key pairs,
 * tokens, invitation links, the passwords workers choose, webhooks signed with the secret
 * keys), no column of any table holds one of them in plain text. Tokens, secret keys and
 * invitation tokens are kept as SHA-256 hashes, passwords as salted scrypt hashes; the two
 * things the service must read back (the secret key that signs webhooks, the invitation mail
 * whose link carries the token) are sealed with AES-256-GCM under DATA_ENCRYPTION_KEY, which
 * lives outside the database.
 */

const STRESS = process.env.STRESS === "1";

type Secret = { kind: string; value: string };
type Cell = { table: string; column: string; value: string };

describeApi("secrets at rest", (api) => {
  const db = () => api.database.db;
  const secrets: Secret[] = [];
  const keep = (kind: string, value: string) => {
    secrets.push({ kind, value });
    return value;
  };
  const tenants: Tenant[] = [];
  const passwords = new Map<number, string>();
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const dataKey = env().DATA_ENCRYPTION_KEY;
  const workersPerTenant = STRESS ? 40 : 4;

  afterEach(() => resetEnv({ DATA_ENCRYPTION_KEY: dataKey }));
  afterAll(async () => {
    await receiver?.close();
  });

  beforeAll(async () => {
    receiver = await startReceiver();
    for (const name of ["Vault One", "Vault Two"]) {
      const t = await api.tenant(name);
      tenants.push(t);
      for (const k of [t.privateKeys, t.publicKeys]) keep("secret key", k.secret_key);
      keep("token", t.privateToken);
      keep("token", t.publicToken);
      // Another token of each key: several live tokens per key.
      keep("token", await api.authenticate(t.privateKeys));
      const hook = await call("POST", "/api_v2/webhooks", {
        token: t.privateToken,
        json: { url: receiver.url },
      });
      expect(hook.status, hook.text).toBe(201);
    }
    // A revoked key, and its token, are secrets too.
    const revoked = await createKeys(db(), tenants[0]!.companyId, "private", "test");
    keep("secret key", revoked.secret_key);
    keep("token", await api.authenticate(revoked));
    await revokeKey(db(), revoked.api_key, new Date());

    for (const t of tenants) {
      for (let i = 0; i < workersPerTenant; i++) {
        const invited = await call("POST", "/api_v2/users/invite", {
          token: t.privateToken,
          json: workerBody(),
        });
        expect(invited.status, invited.text).toBe(201);
        await call("PATCH", `/api_v2/users/${invited.body.id}`, {
          token: t.privateToken,
          json: { ssn: "123-45-6789", city: "Oakland" },
        });
      }
      // The links, as the workers' inboxes hold them (GET /mails shows them to the demo only).
      for (const [i, mail] of (await invitationTokens(api, t.companyId)).entries()) {
        const token = keep("invitation token", mail.token);
        // All but the newest accept and choose a password; two of them choose the same one.
        if (i === 0) continue;
        const password = keep("password", i <= 2 ? "same password twice" : `pw ${randomToken(12)}`);
        const accepted = await call("POST", "/api_v2/invitations/accept", {
          json: { token, password },
        });
        expect(accepted.status, accepted.text).toBe(200);
        const [row] = await db()
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, mail.to));
        passwords.set(row!.id, password);
      }
    }
    // Deliver everything for real: the webhooks go to the receiver signed with the secret keys
    // (the secret is unsealed for it), the mails to the demo outbox.
    const report = await new Dispatcher({ db: db(), random: () => 0 }).drain();
    expect(report.dead).toBe(0);
    expect(receiver.received.length).toBeGreaterThan(0);
  }, 300_000);

  /** Every value of every column of every table, as text. */
  const everyCell = async (): Promise<{ cells: Cell[]; tables: number; columns: number }> => {
    const rowsOf = (r: unknown) => ((r as { rows?: unknown[] }).rows ?? r) as any[];
    const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
    const cols = rowsOf(
      await db().execute(sql`
        select c.table_schema, c.table_name, c.column_name, c.data_type
        from information_schema.columns c
        join information_schema.tables t
          on t.table_schema = c.table_schema and t.table_name = c.table_name
        where t.table_type = 'BASE TABLE'
          and c.table_schema not in ('pg_catalog', 'information_schema')
          and c.table_schema not like 'pg\\_%'
        order by c.table_schema, c.table_name, c.ordinal_position`),
    ) as { table_schema: string; table_name: string; column_name: string; data_type: string }[];
    const cells: Cell[] = [];
    for (const c of cols) {
      const table = `${q(c.table_schema)}.${q(c.table_name)}`;
      const values = rowsOf(
        await db().execute(
          sql.raw(
            `select ${q(c.column_name)}::text as v from ${table} where ${q(c.column_name)} is not null`,
          ),
        ),
      );
      for (const { v } of values)
        cells.push({ table: c.table_name, column: c.column_name, value: v });
    }
    return {
      cells,
      tables: new Set(cols.map((c) => `${c.table_schema}.${c.table_name}`)).size,
      columns: cols.length,
    };
  };

  it("no column of any table holds a token, secret key, invitation token or password", async () => {
    const { cells, tables, columns } = await everyCell();
    const found: string[] = [];
    for (const s of secrets) {
      for (const c of cells) {
        if (c.value.includes(s.value)) found.push(`${s.kind} in ${c.table}.${c.column}`);
      }
    }
    expect(found).toEqual([]);

    // The scan does see the data: each token, secret key and invitation token is there as its
    // SHA-256 hash, in the column that looks it up.
    const where = (value: string) => [
      ...new Set(cells.filter((c) => c.value === value).map((c) => `${c.table}.${c.column}`)),
    ];
    const lookups: Record<string, string> = {
      token: "tokens.token_hash",
      "secret key": "api_keys.secret_hash",
      "invitation token": "invitations.token_hash",
    };
    for (const s of secrets.filter((x) => x.kind in lookups)) {
      expect(where(hashToken(s.value)), s.kind).toEqual([lookups[s.kind]]);
    }
    const counts = Object.entries(
      secrets.reduce<Record<string, number>>((m, s) => {
        m[s.kind] = (m[s.kind] ?? 0) + 1;
        return m;
      }, {}),
    )
      .map(([k, n]) => `${n} ${k}s`)
      .join(", ");
    process.stdout.write(
      `[secrets at rest ${api.database.kind}] ${tables} tables, ${columns} columns, ${cells.length} values scanned for ${secrets.length} secrets (${counts}): ${found.length} found\n`,
    );
  });

  it("keeps the secret key that signs webhooks sealed with AES-256-GCM, not readable without the data key", async () => {
    const keys = await db()
      .select({ sealed: apiKeys.secretSealed, hash: apiKeys.secretHash })
      .from(apiKeys)
      .where(isNotNull(apiKeys.secretSealed));
    const mine = secrets.filter((s) => s.kind === "secret key").map((s) => s.value);
    expect(keys.length).toBe(mine.length);
    for (const k of keys) {
      // v1.<12-byte IV>.<16-byte GCM tag>.<ciphertext>, base64url.
      expect(k.sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
      const plain = unseal(k.sealed!);
      expect(mine).toContain(plain);
      expect(k.hash).toBe(hashToken(plain!));
      expect(k.sealed).not.toContain(plain!);
    }
    // The same secret sealed twice differs (a fresh IV each time): equal secrets do not show.
    expect(seal(mine[0]!)).not.toBe(seal(mine[0]!));
    // A copy of the database without the data key opens nothing.
    resetEnv({ DATA_ENCRYPTION_KEY: "another-data-encryption-key-0123456789abcdef" });
    for (const k of keys) expect(unseal(k.sealed!)).toBeNull();
  });

  it("signed the webhooks with the secret key it keeps sealed", async () => {
    const secretOf = new Map(
      tenants.flatMap((t) => [[t.companyId, t.privateKeys.secret_key] as const]),
    );
    const rows = await db()
      .select({ companyId: outbox.companyId, eventId: outbox.eventId })
      .from(outbox)
      .where(and(eq(outbox.channel, "webhook"), eq(outbox.state, "delivered")));
    const companyOfEvent = new Map(rows.map((r) => [r.eventId, r.companyId]));
    for (const r of receiver.received) {
      const secret = secretOf.get(companyOfEvent.get(r.json.id)!)!;
      const expected = createHash("sha256").update(r.body).update(secret).digest("hex");
      expect(r.headers[SIGNATURE_HEADER.toLowerCase()]).toBe(expected);
    }
  });

  it("stores passwords as salted scrypt hashes that verify", async () => {
    const rows = await db()
      .select({ id: users.id, hash: users.passwordHash })
      .from(users)
      .where(isNotNull(users.passwordHash));
    expect(rows.length).toBe(passwords.size);
    const same: string[] = [];
    for (const [i, r] of rows.entries()) {
      const password = passwords.get(r.id)!;
      expect(r.hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
      expect(await verifyPassword(password, r.hash!)).toBe(true);
      if (i < 4) expect(await verifyPassword(`${password}x`, r.hash!)).toBe(false);
      if (password === "same password twice") same.push(r.hash!);
    }
    expect(same).toHaveLength(4);
    expect(new Set(same).size).toBe(4);
  }, 180_000); // scrypt is slow on purpose: the long form verifies 80 passwords

  it("keeps the invitation mail sealed in the outbox, and the demo outbox still shows its link", async () => {
    const t = tenants[0]!;
    const mails = await db()
      .select({ body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.channel, "email"), eq(outbox.companyId, t.companyId)));
    expect(mails.length).toBe(workersPerTenant);
    for (const m of mails) {
      const stored = JSON.parse(m.body);
      expect(Object.keys(stored).sort()).toEqual(
        ["expires_at", "sealed", "subject", "to", "to_name"].sort(),
      );
      expect(unseal(stored.sealed)).toContain("/accept-invite#token=");
    }
    await makeDemo(api, t);
    const listed = await call("GET", "/api_v2/mails", {
      token: t.privateToken,
      query: { per: 1 },
    });
    const link = String(listed.body.mails[0].link);
    const inspect = await call("POST", "/api_v2/invitations/inspect", {
      json: { token: decodeURIComponent(link.split("#token=")[1]!) },
    });
    expect(inspect.status, inspect.text).toBe(200);
    // The newest mail's worker did not accept: the link is still good.
    expect(inspect.body.state).toBe("valid");
    // Under another data key the mail is listed, without its body.
    resetEnv({ DATA_ENCRYPTION_KEY: "another-data-encryption-key-0123456789abcdef" });
    const blind = await call("GET", "/api_v2/mails", { token: t.privateToken, query: { per: 1 } });
    expect(blind.body.mails[0]).toMatchObject({
      to: listed.body.mails[0].to,
      body_available: false,
      link: null,
      text: null,
    });
  });
});
