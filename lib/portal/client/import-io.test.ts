import { afterEach, describe, expect, it, vi } from "vitest";
import { proxyImportIo } from "@/lib/portal/client/import-io";
import type { InviteUserBody } from "@/lib/schemas/user";

/**
 * The bulk invite's calls through the portal proxy, against a scripted proxy: the answers the
 * portal's own routes give (the house error shape, 401 session_expired, 429).
 */

type Call = { method: string; url: string; body: unknown };
type Answer = { status: number; body?: unknown } | "network";

function proxy(answer: (call: Call, n: number) => Answer) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? "GET",
        url,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const a = answer(call, calls.length);
      if (a === "network") throw new TypeError("fetch failed");
      return new Response(a.body === undefined ? null : JSON.stringify(a.body), {
        status: a.status,
      });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const body = (over: Partial<InviteUserBody> = {}): InviteUserBody => ({
  type: "Worker",
  first_name: "Ava",
  last_name: "Thompson",
  email: "ava@example.com",
  phone: "+14155550142",
  external_id: null,
  ...over,
});

const taken = {
  status: 422,
  body: {
    error: {
      code: "validation_failed",
      message: "Email has already been taken",
      fields: { email: ["has already been taken"] },
    },
  },
};
const expired = {
  status: 401,
  body: { error: { code: "session_expired", message: "Your session has ended." } },
};

describe("proxyImportIo", () => {
  it("posts the row to users/invite without its unset fields, and reads the new id", async () => {
    const calls = proxy(() => ({ status: 201, body: { id: 42 } }));
    const io = proxyImportIo({ waitForSession: () => Promise.reject(new Error("no")) });
    await expect(io.invite(body())).resolves.toEqual({ ok: true, id: 42 });
    expect(calls).toEqual([
      {
        method: "POST",
        url: "/api/proxy/users/invite",
        body: {
          type: "Worker",
          first_name: "Ava",
          last_name: "Thompson",
          email: "ava@example.com",
          phone: "+14155550142",
        },
      },
    ]);
  });

  it("gives the house error back as the answer (status, code, message, fields)", async () => {
    proxy(() => taken);
    const io = proxyImportIo({ waitForSession: () => Promise.reject(new Error("no")) });
    await expect(io.invite(body())).resolves.toEqual({
      ok: false,
      status: 422,
      code: "validation_failed",
      message: "Email has already been taken",
      fields: { email: ["has already been taken"] },
    });
  });

  it("throws when nothing answered, so the row is failed (to retry), not refused", async () => {
    proxy(() => "network");
    const io = proxyImportIo({ waitForSession: () => Promise.reject(new Error("no")) });
    await expect(io.invite(body())).rejects.toThrow(/cannot be reached/);
  });

  it("on a 401 waits for a new sign-in, then makes the same call again", async () => {
    const calls = proxy((_, n) => (n === 1 ? expired : { status: 201, body: { id: 7 } }));
    const waitForSession = vi.fn(async () => {});
    const io = proxyImportIo({ waitForSession });
    const row = body();
    await expect(io.invite(row)).resolves.toEqual({ ok: true, id: 7 });
    expect(waitForSession).toHaveBeenCalledExactlyOnceWith(row, 0);
    expect(calls).toHaveLength(2);
  });

  it("gives up on a 401 only when the wait is abandoned (the import was cancelled)", async () => {
    proxy(() => expired);
    const io = proxyImportIo({ waitForSession: () => Promise.reject(new Error("cancelled")) });
    await expect(io.invite(body())).rejects.toThrow("cancelled");
  });

  it("waits out a 429 a few times, then reports it", async () => {
    const limited = { status: 429, body: { error: { code: "rate_limited", message: "Slow" } } };
    const calls = proxy((_, n) => (n < 3 ? limited : { status: 201, body: { id: 9 } }));
    const backoffMs = vi.fn(() => 0);
    const io = proxyImportIo({ waitForSession: () => Promise.reject(new Error("no")), backoffMs });
    await expect(io.invite(body())).resolves.toEqual({ ok: true, id: 9 });
    expect(backoffMs.mock.calls).toEqual([[0], [1]]);
    expect(calls).toHaveLength(3);

    proxy(() => limited);
    const again = await proxyImportIo({
      waitForSession: () => Promise.reject(new Error("no")),
      backoffMs: () => 0,
    }).invite(body());
    expect(again).toMatchObject({ ok: false, status: 429, code: "rate_limited" });
  });

  it("finds the existing worker by the exact e-mail, even when the filter is ignored", async () => {
    // An upstream that ignores `email` answers with everybody: only the exact match counts.
    const calls = proxy(() => ({
      status: 200,
      body: {
        users: [
          { id: 1, email: "joava@example.com" },
          {
            id: 2,
            email: "AVA@example.com ",
            first_name: "Ava",
            last_name: "Thompson",
            user_badges: [{ badge_id: 4 }],
          },
        ],
      },
    }));
    const io = proxyImportIo({ waitForSession: () => Promise.reject(new Error("no")) });
    await expect(io.findExisting(body())).resolves.toEqual({
      id: 2,
      first_name: "Ava",
      last_name: "Thompson",
      email: "AVA@example.com ",
      badgeIds: ["4"],
    });
    expect(calls[0]?.url).toBe("/api/proxy/users?email=ava%40example.com&page=1&per=50");
  });

  it("then by external ID; null when neither finds the worker", async () => {
    const calls = proxy((call) => ({
      status: 200,
      body: {
        users: call.url.includes("external_id=EMP-7") ? [{ id: 5, external_id: "EMP-7" }] : [],
      },
    }));
    const io = proxyImportIo({ waitForSession: () => Promise.reject(new Error("no")) });
    await expect(io.findExisting(body({ external_id: "EMP-7" }))).resolves.toMatchObject({ id: 5 });
    expect(calls.map((c) => c.url)).toEqual([
      "/api/proxy/users?email=ava%40example.com&page=1&per=50",
      "/api/proxy/users?external_id=EMP-7&page=1&per=50",
    ]);
    await expect(io.findExisting(body())).resolves.toBeNull();
  });

  it("gives badges with the badge picker's PATCH, and its refusal back as the answer", async () => {
    const calls = proxy((_, n) =>
      n === 1
        ? { status: 200, body: { id: 42, user_badges: [{ badge_id: 4 }, { badge_id: 9 }] } }
        : {
            status: 422,
            body: { error: { code: "validation_failed", message: "Badge 9 not found" } },
          },
    );
    const io = proxyImportIo({ waitForSession: () => Promise.reject(new Error("no")) });
    await expect(io.addBadges(42, ["4", "9"], body())).resolves.toEqual({ ok: true, id: 42 });
    expect(calls[0]).toEqual({
      method: "PATCH",
      url: "/api/proxy/users/42",
      body: { user_badges_attributes: [{ badge_id: "4" }, { badge_id: "9" }] },
    });
    await expect(io.addBadges(42, ["9"], body())).resolves.toMatchObject({
      ok: false,
      status: 422,
      message: "Badge 9 not found",
    });
  });
});
