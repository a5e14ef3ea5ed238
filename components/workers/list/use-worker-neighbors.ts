"use client";

import { workerListQuery } from "@/lib/portal/client/hooks/use-workers";
import type { NeighborPage } from "@/lib/portal/client/list-neighbors";
import { useListNeighbors } from "@/lib/portal/client/use-list-neighbors";
import type { ListPage, Worker } from "@/lib/portal/types";
import { readListState, toApiParams } from "./list-params";
import { fullName } from "./worker-parts";

export const WORKERS_PATH = "/workers";

const pageQuery = (query: string) =>
  workerListQuery(toApiParams(readListState(new URLSearchParams(query))));

const toPage = (data: ListPage<Worker>): NeighborPage => ({
  items: data.items.map((w) => ({ id: w.id, label: fullName(w) })),
  hasMore: data.hasMore,
  per: data.per,
  total: data.total,
});

/** The worker before and after this one in the workers list as last shown in this tab. */
export function useWorkerNeighbors(id: number) {
  return useListNeighbors({ path: WORKERS_PATH, id, pageQuery, toPage });
}
