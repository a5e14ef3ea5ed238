"use client";

import { useEffect, useState } from "react";

const PREFIX = "portal:list:";
const CHANGED = "portal:list-memory";

function read(path: string): string {
  try {
    return sessionStorage.getItem(PREFIX + path) ?? "";
  } catch {
    return ""; // Storage refused (privacy mode): the menu simply opens the bare list.
  }
}

/**
 * Remembers, for this tab, the query string a list shows (its filters, sort and page), so the
 * menu can lead back to the same view after leaving the list. The URL stays the only source
 * of truth: a link or a typed address always shows exactly what it says; only the menu's link
 * carries the remembered view. sessionStorage, not localStorage: another tab, or tomorrow,
 * starts from the plain list.
 */
export function useRememberListQuery(path: string, query: string): void {
  useEffect(() => {
    try {
      if (query) sessionStorage.setItem(PREFIX + path, query);
      else sessionStorage.removeItem(PREFIX + path);
    } catch {
      return;
    }
    window.dispatchEvent(new CustomEvent(CHANGED, { detail: path }));
  }, [path, query]);
}

/** The menu's link to a list: the list as it was last shown in this tab. */
export function useRememberedHref(path: string): string {
  // The server (and the hydrating render) link to the bare list; the browser then adds the view.
  const [query, setQuery] = useState("");
  useEffect(() => {
    const update = () => setQuery(read(path));
    update();
    window.addEventListener(CHANGED, update);
    return () => window.removeEventListener(CHANGED, update);
  }, [path]);
  return `${path}${query}`;
}
