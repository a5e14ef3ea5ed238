"use client";

import { type QueryKey, type UseQueryOptions, useQueries } from "@tanstack/react-query";
import { useState } from "react";
import {
  adjacentPagesNeeded,
  type NeighborPage,
  type Neighbors,
  neighborsOf,
} from "./list-neighbors";
import { pageOf, useRememberedQuery, withPage } from "./use-list-memory";

/** A list page's query, as the list itself builds it (key and function). */
type PageQuery<TData, TKey extends QueryKey> = Pick<
  UseQueryOptions<TData, Error, TData, TKey>,
  "queryKey" | "queryFn"
>;

/**
 * Previous and next of record `id` in the list at `path` as last shown in this tab (its
 * filters, order and page; the bare list when none was shown), across page boundaries. Any
 * list can use it: `pageQuery` gives the list's own query for a query string (the same key as
 * the list's, so pages the list has read are not read again), `toPage` reduces its answer.
 *
 * The first answer for a record is kept while it stays open: saving it may move it in the list
 * (a list by "recently updated"), and "Next" should still lead where it led before.
 */
export function useListNeighbors<TData, TKey extends QueryKey>({
  path,
  id,
  pageQuery,
  toPage,
}: {
  path: string;
  id: number;
  pageQuery: (query: string) => PageQuery<TData, TKey>;
  toPage: (data: TData) => NeighborPage;
}): Neighbors {
  const remembered = useRememberedQuery(path);
  const query = remembered ?? "";
  const page = pageOf(query);
  const [current] = useQueries({
    queries: [{ ...pageQuery(withPage(query, page)), enabled: remembered !== null }],
  });
  const currentPage = current?.data === undefined ? undefined : toPage(current.data);
  const need = currentPage
    ? adjacentPagesNeeded(id, page, currentPage)
    : { before: false, after: false };
  const [before, after] = useQueries({
    queries: [
      { ...pageQuery(withPage(query, page - 1)), enabled: need.before },
      { ...pageQuery(withPage(query, page + 1)), enabled: need.after },
    ],
  });
  const adjacent = (wanted: boolean, data: TData | undefined, failed: boolean) =>
    !wanted ? null : data !== undefined ? toPage(data) : failed ? null : undefined;
  const fresh: Neighbors = current?.isError
    ? { state: "unlisted" }
    : neighborsOf(
        id,
        page,
        currentPage,
        adjacent(need.before, before?.data, Boolean(before?.isError)),
        adjacent(need.after, after?.data, Boolean(after?.isError)),
      );

  const [kept, setKept] = useState<{ id: number; value: Neighbors } | null>(null);
  if (fresh.state === "ready" && kept?.id !== id) setKept({ id, value: fresh });
  return kept?.id === id ? kept.value : fresh;
}
