import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import type { NeighborPage } from "@/lib/portal/client/list-neighbors";
import {
  readRememberedQuery,
  rememberListPage,
  rememberListQuery,
} from "@/lib/portal/client/use-list-memory";
import { useListNeighbors } from "@/lib/portal/client/use-list-neighbors";

/** A list of ids 1–7, three a page, filtered by `?odd=1`; the "API" is this function. */
const ALL = [1, 2, 3, 4, 5, 6, 7];
const reads: string[] = [];
function pageQuery(query: string) {
  return {
    queryKey: ["test-list", query] as const,
    queryFn: async (): Promise<NeighborPage> => {
      reads.push(query);
      const params = new URLSearchParams(query);
      const page = Number(params.get("page") ?? 1);
      const ids = params.get("odd") ? ALL.filter((i) => i % 2) : ALL;
      const items = ids.slice((page - 1) * 3, page * 3).map((id) => ({ id, label: `W${id}` }));
      return { items, hasMore: page * 3 < ids.length, per: 3, total: ids.length };
    },
  };
}
const toPage = (p: NeighborPage) => p;

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const neighbors = (id: number) =>
  renderHook(({ id }) => useListNeighbors({ path: "/things", id, pageQuery, toPage }), {
    wrapper,
    initialProps: { id },
  });

beforeEach(() => {
  sessionStorage.clear();
  reads.length = 0;
});

describe("useListNeighbors", () => {
  it("follows the remembered filters and order, across a page boundary", async () => {
    rememberListQuery("/things", "?odd=1&page=2"); // odd ids: page 2 holds 7 only
    const { result } = neighbors(7);
    await waitFor(() => expect(result.current.state).toBe("ready"));
    expect(result.current).toEqual({
      state: "ready",
      prev: { id: 5, label: "W5", page: 1 },
      next: null,
      position: 4,
      total: 4,
    });
    expect(reads).toEqual(["?odd=1&page=2", "?odd=1"]);
  });

  it("walking Next onto the next page moves the list's memory to that page", async () => {
    rememberListQuery("/things", "?odd=1");
    const { result, rerender } = neighbors(5);
    await waitFor(() => expect(result.current.state).toBe("ready"));
    const next = result.current.state === "ready" ? result.current.next : null;
    expect(next).toEqual({ id: 7, label: "W7", page: 2 });
    act(() => rememberListPage("/things", 2));
    expect(readRememberedQuery("/things")).toBe("?odd=1&page=2");
    rerender({ id: 7 });
    await waitFor(() => expect(result.current).toMatchObject({ state: "ready", position: 4 }));
    // And back: page 1 is the default, left out of the remembered query.
    act(() => rememberListPage("/things", 1));
    expect(readRememberedQuery("/things")).toBe("?odd=1");
  });

  it("without a remembered view: the bare list; a record not on its page is unlisted", async () => {
    const { result } = neighbors(6);
    await waitFor(() => expect(result.current.state).toBe("unlisted"));
    const first = neighbors(1);
    await waitFor(() => expect(first.result.current).toMatchObject({ state: "ready", prev: null }));
  });
});
