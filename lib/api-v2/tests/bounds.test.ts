import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { badges, invitations } from "@/lib/db/schema";
import { resetEnv } from "@/lib/env";
import { CLIENT_IP_HEADER } from "@/lib/net/trusted-headers";
import { MAX_QUERY_LIST } from "@/lib/schemas/common";
import { JOB_LIMITS } from "@/lib/schemas/job";
import { MAX_BADGE_ENTRIES } from "@/lib/schemas/user";
import { ERROR_BOUNDS } from "../errors";
import { hashToken } from "../hash-token";
import { hashPassword } from "../invitations/password";
import { MAX_PUBLIC_BODY_BYTES } from "../read-body";
import { call, describeApi, dispatch, type Tenant, workerBody } from "./harness";

/**
 * Work in proportion to what a request holds is bounded, and the cheap refusals come first: an
 * invitation's password is hashed only for a live invitation within its rate limits; lists are
 * refused by their length before any entry is checked; error bodies stay small whatever the
 * request held; a call without a token reads little, and a call with one checks it before
 * reading the body.
 */

// The password hash, counted (and held back when a test needs to), around the real one.
vi.mock("../invitations/password", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../invitations/password")>();
  return { ...actual, hashPassword: vi.fn(actual.hashPassword) };
});
const hashes = vi.mocked(hashPassword);

const LIMITS = [
  "INVITATION_ACCEPT_LIMIT_PER_ADDRESS",
  "INVITATION_ACCEPT_LIMIT_PER_INVITATION",
  "INVITATION_ACCEPT_WINDOW_SECONDS",
];

const PASSWORD = "correct horse battery";
const UNKNOWN_LINK = {
  error: {
    code: "not_found",
    message: "This invitation link is not valid. Ask the employer to invite you again.",
  },
};

/** Bytes of a response as sent. */
const sizeOf = (res: { text: string }) => Buffer.byteLength(res.text);

describeApi("bounded work before authorisation, and bounded answers", (api) => {
  const db = () => api.database.db;
  let t: Tenant;
  let seq = 0;

  beforeAll(async () => {
    t = await api.tenant("Bounds Co");
  });
  // Back to the real hash, with no calls counted.
  afterEach(() => hashes.mockReset());
  afterAll(() => resetEnv(Object.fromEntries(LIMITS.map((k) => [k, undefined]))));

  /** A live invitation with a token the test knows (the link's own token is only in its mail). */
  const liveInvitation = async () => {
    const res = await call("POST", "/api_v2/users/invite", {
      token: t.privateToken,
      json: workerBody(),
    });
    expect(res.status, res.text).toBe(201);
    const token = `bounds-invitation-${++seq}-${"x".repeat(30)}`;
    await db()
      .update(invitations)
      .set({ tokenHash: hashToken(token) })
      .where(eq(invitations.userId, res.body.id));
    return token;
  };

  const accept = (json: unknown, address?: string) =>
    call("POST", "/api_v2/invitations/accept", {
      json,
      headers: address ? { [CLIENT_IP_HEADER]: address } : {},
    });

  describe("invitation accept", () => {
    it("hashes a password only for a live invitation: unknown, used and expired links are answered without", async () => {
      const unknown = Array.from({ length: 20 }, (_, i) => `unknown-link-${i}-${"y".repeat(30)}`);
      const started = performance.now();
      for (const token of unknown) {
        const res = await accept({ token, password: PASSWORD });
        expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: UNKNOWN_LINK });
      }
      const unknownMs = performance.now() - started;
      expect(hashes).not.toHaveBeenCalled();

      const token = await liveInvitation();
      expect((await accept({ token, password: PASSWORD })).status).toBe(200);
      expect(hashes).toHaveBeenCalledTimes(1);
      const again = await accept({ token, password: PASSWORD });
      expect(again.status).toBe(422);
      expect(again.body.error.fields.token[0]).toMatch(/^has already been used/);
      expect(hashes).toHaveBeenCalledTimes(1);

      // Twenty refusals cost less than five hashes (generous: a hash is ~100 ms of CPU).
      const hashStarted = performance.now();
      for (let i = 0; i < 5; i++) await hashPassword(PASSWORD);
      const fiveHashesMs = performance.now() - hashStarted;
      expect(unknownMs).toBeLessThan(fiveHashesMs);
    });

    it("an expired link is refused without hashing", async () => {
      const token = await liveInvitation();
      await db()
        .update(invitations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(invitations.tokenHash, hashToken(token)));
      const res = await accept({ token, password: PASSWORD });
      expect(res.status).toBe(422);
      expect(res.body.error.fields.token[0]).toMatch(/^has expired/);
      expect(hashes).not.toHaveBeenCalled();
    });

    it("is rate-limited per client address, counted before the lookup: 429 with Retry-After", async () => {
      resetEnv({
        INVITATION_ACCEPT_LIMIT_PER_ADDRESS: "4",
        INVITATION_ACCEPT_WINDOW_SECONDS: "600",
      });
      const address = "203.0.113.7";
      const statuses: number[] = [];
      let last: Awaited<ReturnType<typeof accept>> | undefined;
      for (let i = 0; i < 6; i++) {
        last = await accept({ token: `flood-${i}-${"z".repeat(30)}`, password: PASSWORD }, address);
        statuses.push(last.status);
      }
      expect(statuses).toEqual([404, 404, 404, 404, 429, 429]);
      const retryAfter = Number(last!.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect(last!.body).toEqual({
        error: {
          code: "rate_limited",
          message: `Too many attempts; try again in ${retryAfter} seconds`,
        },
      });
      // Even a live link is refused from that address until the window ends, without a hash.
      const token = await liveInvitation();
      expect((await accept({ token, password: PASSWORD }, address)).status).toBe(429);
      expect(hashes).not.toHaveBeenCalled();
      // Another address is not affected.
      expect((await accept({ token, password: PASSWORD }, "203.0.113.8")).status).toBe(200);
    });

    it("is rate-limited per invitation: a flood on one live link hashes at most the limit", async () => {
      resetEnv({
        INVITATION_ACCEPT_LIMIT_PER_ADDRESS: "1000",
        INVITATION_ACCEPT_LIMIT_PER_INVITATION: "3",
        INVITATION_ACCEPT_WINDOW_SECONDS: "600",
      });
      const token = await liveInvitation();
      // Hashes wait until every request has been looked at, so all six see a live link.
      let open!: () => void;
      const gate = new Promise<void>((r) => {
        open = r;
      });
      const { hashPassword: real } =
        await vi.importActual<typeof import("../invitations/password")>("../invitations/password");
      hashes.mockImplementation(async (p) => {
        await gate;
        return real(p);
      });
      const answered: number[] = [];
      const flood = Array.from({ length: 6 }, (_, i) =>
        accept({ token, password: PASSWORD }, `198.51.100.${i + 1}`).then((res) => {
          answered.push(res.status);
          return res;
        }),
      );
      // The three over the limit are answered while the other three wait for their hash.
      await vi.waitFor(() => expect(answered).toHaveLength(3), { timeout: 10_000 });
      expect(answered).toEqual([429, 429, 429]);
      expect(hashes).toHaveBeenCalledTimes(3);
      open();
      const all = await Promise.all(flood);
      expect(all.map((r) => r.status).sort()).toEqual([200, 422, 422, 429, 429, 429]);
      for (const r of all.filter((x) => x.status === 429))
        expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(hashes).toHaveBeenCalledTimes(3);
    });
  });

  describe("badge lists", () => {
    let worker: { id: number };
    let badgeIds: number[];

    beforeAll(async () => {
      const res = await call("POST", "/api_v2/users/invite", {
        token: t.privateToken,
        json: workerBody(),
      });
      worker = res.body;
      const now = new Date();
      const rows = await db()
        .insert(badges)
        .values(
          Array.from({ length: MAX_BADGE_ENTRIES }, (_, i) => ({
            companyId: t.companyId,
            name: `Bound badge ${i}`,
            description: "",
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning({ id: badges.id });
      badgeIds = rows.map((r) => r.id);
    });

    const patch = (user: unknown) =>
      call("PATCH", `/api_v2/users/${worker.id}`, { token: t.privateToken, json: { user } });
    const timed = async <T>(fn: () => Promise<T>) => {
      const started = performance.now();
      const value = await fn();
      return { value, ms: performance.now() - started };
    };

    it(`refuses ${50_000} user_badges_attributes at once, quickly, with a small body`, async () => {
      const tooMany = `may hold at most ${MAX_BADGE_ENTRIES} entries`;
      const small = await timed(() => patch({ user_badges_attributes: [{ badge_id: "x" }] }));
      expect(small.value.status).toBe(422);
      for (const entry of [{ badge_id: String(badgeIds[0]) }, { foo: 1 }, "x"]) {
        const big = await timed(() =>
          patch({ user_badges_attributes: Array.from({ length: 50_000 }, () => entry) }),
        );
        expect(big.value.status, JSON.stringify(entry)).toBe(422);
        expect(big.value.body).toEqual({
          error: {
            code: "validation_failed",
            message: `User badges attributes ${tooMany}`,
            fields: { user_badges_attributes: [tooMany] },
          },
        });
        expect(sizeOf(big.value)).toBeLessThan(4096);
        // Parsing 50,000 entries of JSON is the only work in proportion (generous bound).
        expect(big.ms).toBeLessThan(small.ms * 20 + 500);
      }
      // The Rails form, an object keyed by index, and the replacing list too.
      const keyed = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [String(i), 1]));
      const byIndex = await patch({ user_badges_attributes: keyed });
      expect(byIndex.status).toBe(422);
      expect(byIndex.body.error.fields).toEqual({ user_badges_attributes: [tooMany] });
      const replace = await patch({ user_badges: Array.from({ length: 50_000 }, () => 1) });
      expect(replace.status).toBe(422);
      expect(replace.body.error.fields).toEqual({ user_badges: [tooMany] });
      expect(sizeOf(replace)).toBeLessThan(4096);
    });

    it(`takes ${MAX_BADGE_ENTRIES} entries, and refuses one more`, async () => {
      const over = await patch({
        user_badges_attributes: [...badgeIds, badgeIds[0]].map((id) => ({ badge_id: id })),
      });
      expect(over.status).toBe(422);
      const res = await patch({ user_badges_attributes: badgeIds.map((id) => ({ badge_id: id })) });
      expect(res.status, res.text.slice(0, 500)).toBe(200);
      expect(res.body.user_badges).toHaveLength(MAX_BADGE_ENTRIES);
      // Every one of them again: all duplicates, one bounded refusal.
      const dup = await patch({ user_badges_attributes: badgeIds.map((id) => ({ badge_id: id })) });
      expect(dup.status).toBe(422);
      expect(dup.body.error.code).toBe("duplicate_badge");
      expect(dup.body.error.fields.user_badges).toHaveLength(ERROR_BOUNDS.messagesPerField);
      expect(dup.body.error.fields.user_badges.at(-1)).toBe(
        `…and ${MAX_BADGE_ENTRIES - ERROR_BOUNDS.messagesPerField + 1} more`,
      );
      expect(dup.body.error.message).toMatch(/, …and \d+ more\)$/);
      expect(sizeOf(dup)).toBeLessThan(4096);
    });

    it("bounds an error body whatever the request held: the first fields, then how many more", async () => {
      const res = await patch({
        user_badges_attributes: Array.from({ length: MAX_BADGE_ENTRIES }, () => ({ foo: 1 })),
      });
      expect(res.status).toBe(422);
      const fields = res.body.error.fields as Record<string, string[]>;
      expect(Object.keys(fields)).toHaveLength(ERROR_BOUNDS.fields);
      expect(fields.base).toEqual([
        `…and ${MAX_BADGE_ENTRIES - ERROR_BOUNDS.fields + 1} more fields with errors`,
      ]);
      expect(fields["user_badges_attributes[0]"]).toEqual(["needs badge_id (or id to remove)"]);
      expect(sizeOf(res)).toBeLessThan(8192);

      // A request's own keys become field names: they are clipped.
      const longKey = await patch({ user_badges_attributes: { ["k".repeat(100_000)]: "x" } });
      expect(longKey.status).toBe(422);
      expect(sizeOf(longKey)).toBeLessThan(4096);
    });
  });

  describe("job request lists", () => {
    it("refuses an over-long id list before checking its entries", async () => {
      for (const field of [
        "preferred_candidate_ids",
        "ban_list",
        "badge_requirements_attributes",
      ]) {
        const res = await call("POST", "/api_v2/job_requests", {
          token: t.privateToken,
          json: {
            request_name: "x",
            state: "draft",
            [field]: Array.from({ length: 50_000 }, () => "bad"),
          },
        });
        expect(res.status, field).toBe(422);
        expect(Object.keys(res.body.error.fields), field).toEqual([field]);
        expect(res.body.error.fields[field][0], field).toMatch(
          new RegExp(`^may hold at most ${JOB_LIMITS.listItems} `),
        );
        expect(sizeOf(res)).toBeLessThan(4096);
      }
    });
  });

  describe("query lists", () => {
    it(`take at most ${MAX_QUERY_LIST} values`, async () => {
      const list = (n: number) => Array.from({ length: n }, (_, i) => `ext-${i}`).join(",");
      const ok = await call("GET", "/api_v2/users", {
        token: t.privateToken,
        query: { external_id: list(MAX_QUERY_LIST) },
      });
      expect(ok.status).toBe(200);
      for (const [key, value] of [
        ["external_id", list(MAX_QUERY_LIST + 1)],
        ["badge_id", Array.from({ length: 2_000 }, (_, i) => i + 1).join(",")],
      ] as const) {
        const res = await call("GET", "/api_v2/users", {
          token: t.privateToken,
          query: { [key]: value },
        });
        expect({ status: res.status, body: res.body }).toEqual({
          status: 400,
          body: {
            error: {
              code: "malformed_request",
              message: `Query parameter ${key} may hold at most ${MAX_QUERY_LIST} values`,
            },
          },
        });
      }
    });
  });

  describe("bodies", () => {
    const TOO_LARGE_PUBLIC = {
      error: {
        code: "payload_too_large",
        message: `Request body is larger than ${MAX_PUBLIC_BODY_BYTES} bytes`,
      },
    };

    it(`calls without a token read at most ${MAX_PUBLIC_BODY_BYTES} bytes`, async () => {
      const pad = "p".repeat(MAX_PUBLIC_BODY_BYTES);
      for (const path of [
        "/api_v2/authenticate",
        "/api_v2/invitations/accept",
        "/api_v2/invitations/inspect",
      ]) {
        const res = await call("POST", path, { json: { token: "t".repeat(40), pad } });
        expect({ status: res.status, body: res.body }, path).toEqual({
          status: 413,
          body: TOO_LARGE_PUBLIC,
        });
      }
      // Within the limit, they work as before.
      const res = await call("POST", "/api_v2/authenticate", { json: t.privateKeys });
      expect(res.status).toBe(200);
    });

    /** A request whose body is a stream that counts how much of it was asked for. */
    const streamed = (path: string, token: string | null, chunks: number) => {
      let pulled = 0;
      const chunk = new TextEncoder().encode(" ".repeat(64 * 1024));
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled++;
          if (pulled > chunks) controller.close();
          else controller.enqueue(chunk);
        },
      });
      const url = new URL(path, "https://api.test");
      if (token) url.searchParams.set("token", token);
      const req = new Request(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
        duplex: "half",
      } as RequestInit);
      return { req, pulled: () => pulled };
    };

    it("a call with a token checks the token before it reads the body", async () => {
      for (const token of [null, "not-a-real-token-at-all-000000000000000"]) {
        const s = streamed("/api_v2/users/invite", token, 15);
        const res = await dispatch(s.req);
        expect(res.status).toBe(401);
        // The stream may be asked for its first chunk when the request is made, never more.
        expect(s.pulled()).toBeLessThanOrEqual(1);
      }
      // With a good token, the body is read (blank, so {}: refused as an incomplete invite).
      const s = streamed("/api_v2/users/invite", t.privateToken, 15);
      const res = await dispatch(s.req);
      expect(res.status).toBe(422);
      expect(s.pulled()).toBeGreaterThan(15);
    });

    it("a declared Content-Length over the limit is 413 before the token is looked at", async () => {
      const res = await call("POST", "/api_v2/users/invite", {
        body: "{}",
        contentType: "application/json",
        headers: { "content-length": String(2 * 1024 * 1024) },
      });
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe("payload_too_large");
    });
  });
});
