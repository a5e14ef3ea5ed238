import { onlineManager } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ApiClientError,
  apiFetch,
  isConnectionError,
  OFFLINE_CODE,
} from "@/lib/portal/client/fetcher";
import { makeQueryClient } from "./providers";

let online = true;
let sent: { url: string; method: string }[];

beforeEach(() => {
  online = true;
  sent = [];
  Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => online });
  // Only the network is stubbed: it answers like the portal's proxy, or fails like a dead link.
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, method: init?.method ?? "GET" });
      if (!online) throw new TypeError("Failed to fetch");
      return new Response(JSON.stringify({ id: 1 }), { status: 200 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

const goOffline = () => {
  online = false;
  onlineManager.setOnline(false);
};
const goOnline = () => {
  online = true;
  onlineManager.setOnline(true);
};

describe("a write while offline", () => {
  it("is not sent, and fails at once with the offline code", async () => {
    goOffline();
    const err = await apiFetch("users/1", { method: "PATCH", json: { user: {} } }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiClientError);
    expect(isConnectionError(err)).toBe(true);
    expect((err as ApiClientError).code).toBe(OFFLINE_CODE);
    expect(sent).toEqual([]);
  });

  it("a read is still tried (the browser may be wrong about the connection)", async () => {
    goOffline();
    const err = await apiFetch("users/1").catch((e: unknown) => e);
    expect((err as ApiClientError).code).toBe("network_error");
    expect(sent).toEqual([{ url: "/api/proxy/users/1", method: "GET" }]);
  });

  it("fails the portal's mutation at once instead of pausing it, and never sends it later", async () => {
    const client = makeQueryClient();
    const observer = client.getMutationCache().build(client, {
      mutationFn: () => apiFetch("users/1", { method: "PATCH", json: { user: {} } }),
    });
    goOffline();
    const outcome = await Promise.race([
      observer.execute(undefined).then(
        () => "saved",
        (e: unknown) => (isConnectionError(e) ? "offline" : "other error"),
      ),
      new Promise((resolve) => setTimeout(() => resolve("still waiting"), 500)),
    ]);
    expect(outcome).toBe("offline");
    expect(observer.state.isPaused).toBe(false);

    goOnline();
    await client.resumePausedMutations();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);
  });

  it("that reached no server is not retried by itself either (retry: 0)", async () => {
    const client = makeQueryClient();
    const observer = client.getMutationCache().build(client, {
      mutationFn: () => apiFetch("users/1", { method: "PATCH", json: { user: {} } }),
    });
    // The browser thinks it is online, but the connection fails on the way.
    online = true;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        sent.push({ url, method: init?.method ?? "GET" });
        throw new TypeError("Failed to fetch");
      }),
    );
    await expect(observer.execute(undefined)).rejects.toSatisfy(isConnectionError);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toHaveLength(1);
  });
});
