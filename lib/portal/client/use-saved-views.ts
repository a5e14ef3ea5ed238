"use client";

import { useCallback } from "react";
import { deleteView, parseViews, type SavedView, saveView } from "./saved-views";
import { useStoredValue } from "./use-stored-value";

const serialize = (views: SavedView[]) => JSON.stringify(views);

/**
 * The saved views of the list at `path` for `account` (the signed-in company and environment:
 * views of one account never show in another's list), in this browser's localStorage.
 */
export function useSavedViews(path: string, account: string) {
  const [views, setViews] = useStoredValue(
    `portal:views:${path}:${account}`,
    parseViews,
    serialize,
  );
  const save = useCallback(
    (name: string, query: string): string | null => {
      const result = saveView(views, name, query);
      if (!result.ok) return result.error;
      setViews(result.views);
      return null;
    },
    [views, setViews],
  );
  const remove = useCallback(
    (name: string) => setViews(deleteView(views, name)),
    [views, setViews],
  );
  return { views, save, remove };
}
