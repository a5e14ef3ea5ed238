import { sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { rateLimits, revokedSessions, tokens } from "@/lib/db/schema";
import {
  EXPIRED_TOKEN_GRACE_MS,
  PURGE_BATCH,
  PURGE_BATCHES_PER_RUN,
  purgeExpired,
} from "@/lib/server/purge";
import { createCompany, createKeys } from "../admin/admin";
import { call, describeApi } from "./harness";

const HOUR = 60 * 60 * 1000;
// The real time: the token and rate-limit rows the API writes in the test are current.
const now = new Date();
const ago = (ms: number) => new Date(now.getTime() - ms);

describeApi("the periodic purge (lib/server/purge.ts)", (api) => {
  const db = () => api.database.db;
  const keysOf = async () => db().select({ key: rateLimits.key }).from(rateLimits);

  beforeEach(async () => {
    await db().execute(sql`truncate ${rateLimits}, ${revokedSessions}`);
  });

  it("deletes only what can never count again", async () => {
    // The longest window in use is the webhook resend limit's hour.
    await db()
      .insert(rateLimits)
      .values([
        { key: "ended-long-ago", windowStart: ago(48 * HOUR), count: 5 },
        { key: "ended-just-now", windowStart: ago(HOUR + 1_000), count: 5 },
        { key: "resend-window-open", windowStart: ago(HOUR - 60_000), count: 5 },
        { key: "current", windowStart: ago(10_000), count: 1 },
      ]);
    await db()
      .insert(revokedSessions)
      .values([
        { sid: "cookie-expired", expiresAt: ago(1) },
        { sid: "cookie-still-valid", expiresAt: new Date(now.getTime() + HOUR) },
      ]);
    const { company_id } = await createCompany(db(), "Purge Co");
    const keys = await createKeys(db(), company_id, "private", "test");
    const live = await api.authenticate(keys);
    const ids = (await db().select({ id: tokens.id }).from(tokens)).map((t) => t.id);
    const [old, recent] = await db()
      .insert(tokens)
      .values([
        {
          tokenHash: "a".repeat(64),
          apiKeyId: 1,
          createdAt: ago(9 * 24 * HOUR),
          expiresAt: ago(EXPIRED_TOKEN_GRACE_MS + 1),
        },
        {
          tokenHash: "b".repeat(64),
          apiKeyId: 1,
          createdAt: ago(2 * 24 * HOUR),
          expiresAt: ago(HOUR),
        },
      ])
      .returning({ id: tokens.id });

    const purged = await purgeExpired(db(), now);

    expect(purged).toEqual({
      rateLimits: 2,
      tokens: 1,
      revokedSessions: 1,
      twoFactorChallenges: 0,
    });
    // (authenticate's own counters are current too)
    const counters = (await keysOf()).map((r) => r.key);
    expect(counters).toEqual(expect.arrayContaining(["current", "resend-window-open"]));
    expect(counters).not.toContain("ended-long-ago");
    expect(counters).not.toContain("ended-just-now");
    expect((await db().select().from(revokedSessions)).map((r) => r.sid)).toEqual([
      "cookie-still-valid",
    ]);
    const left = (await db().select({ id: tokens.id }).from(tokens)).map((t) => t.id);
    expect(left).toContain(recent!.id);
    expect(left).not.toContain(old!.id);
    for (const id of ids) expect(left).toContain(id);
    // A token expired within the grace is still told apart from a made-up one.
    expect((await call("GET", "/api_v2/me", { token: live })).status).toBe(200);
  });

  it("does bounded work per run, and the next run takes the rest", async () => {
    const most = PURGE_BATCH * PURGE_BATCHES_PER_RUN;
    await db().execute(
      sql`insert into ${rateLimits} (key, window_start, count)
          select 'old-' || g, ${ago(48 * HOUR).toISOString()}::timestamptz, 1
          from generate_series(1, ${most + 500}) g`,
    );
    expect(await purgeExpired(db(), now)).toMatchObject({ rateLimits: most });
    expect(await purgeExpired(db(), now)).toMatchObject({ rateLimits: 500 });
    expect(await purgeExpired(db(), now)).toMatchObject({ rateLimits: 0 });
    expect(await keysOf()).toEqual([]);
  });
});
