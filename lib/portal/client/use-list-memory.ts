"use client";

import { useEffect, useLayoutEffect, useRef, useState } from "react";

const PREFIX = "portal:list:";
const useIsoLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

function read(key: string): string {
  try {
    return sessionStorage.getItem(PREFIX + key) ?? "";
  } catch {
    return ""; // Storage refused (privacy mode): the list simply starts fresh.
  }
}

function write(key: string, query: string): void {
  try {
    if (query) sessionStorage.setItem(PREFIX + key, query);
    else sessionStorage.removeItem(PREFIX + key);
  } catch {
    // Nothing to do: memory is a convenience.
  }
}

/**
 * Remembers a list's query string for this tab, so leaving the list (to a record, another
 * page) and coming back by the menu brings back its filters and page. The URL stays the only
 * source of truth: a bare URL is replaced by the remembered one before anything is fetched
 * (`restoring` is true until then), and a link that carries its own query always wins.
 * sessionStorage, not localStorage: another tab, or tomorrow, starts from a clean list.
 */
export function useListMemory(
  key: string,
  query: string,
  replace: (query: string) => void,
): { restoring: boolean } {
  const [restoring, setRestoring] = useState(true);
  const first = useRef(true);
  useIsoLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      const saved = read(key);
      if (!query && saved) {
        replace(saved);
        return; // The replaced URL comes back here as the new query.
      }
    }
    write(key, query);
    setRestoring(false);
  }, [key, query, replace]);
  return { restoring };
}
