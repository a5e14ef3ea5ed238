"use client";

import { useEffect, useState } from "react";

const PREFIX = "portal:list:";
const CHANGED = "portal:list-memory";

/**
 * The query string (with its "?", or "") a list at `path` last showed in this tab. Any list
 * can use this module: it knows paths and query strings, never a list's own parameters
 * (except `page`, which every list pages by).
 */
export function readRememberedQuery(path: string): string {
  try {
    return sessionStorage.getItem(PREFIX + path) ?? "";
  } catch {
    return ""; // Storage refused (privacy mode): the way back simply opens the bare list.
  }
}

const OWNER = "portal:list-owner";

/**
 * A sign-in claims the tab's remembered lists for whoever signed in (lib/portal/account-key.ts):
 * another person's filters and pages are forgotten, the same person's kept.
 */
export function claimListMemory(owner: string): void {
  try {
    if (sessionStorage.getItem(OWNER) === owner) return;
    for (const key of Object.keys(sessionStorage)) {
      if (key.startsWith(PREFIX)) sessionStorage.removeItem(key);
    }
    sessionStorage.setItem(OWNER, owner);
  } catch {
    return; // Storage refused: nothing was remembered.
  }
}

/** Records the view a list shows; `""` forgets it (the bare list). */
export function rememberListQuery(path: string, query: string): void {
  try {
    if (query) sessionStorage.setItem(PREFIX + path, query);
    else sessionStorage.removeItem(PREFIX + path);
  } catch {
    return;
  }
  window.dispatchEvent(new CustomEvent(CHANGED, { detail: path }));
}

/** The page a list query shows (1 when it names none, or nonsense). */
export function pageOf(query: string): number {
  const page = Number(new URLSearchParams(query).get("page"));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The same list query on another page (page 1 is the default, so it is left out). */
export function withPage(query: string, page: number): string {
  const params = new URLSearchParams(query);
  if (page > 1) params.set("page", String(page));
  else params.delete("page");
  const str = params.toString();
  return str ? `?${str}` : "";
}

/**
 * Remembers, for this tab, the query string a list shows (its filters, sort and page), so every
 * way back to the list (the menu, a breadcrumb, a "back" link) leads to the same view after
 * leaving it. The URL stays the only source of truth: a link or a typed address always shows
 * exactly what it says; only the ways back carry the remembered view. sessionStorage, not
 * localStorage: another tab, or tomorrow, starts from the plain list.
 */
export function useRememberListQuery(path: string, query: string): void {
  useEffect(() => rememberListQuery(path, query), [path, query]);
}

/**
 * The remembered query of the list at `path`, kept up to date. `null` until the browser has
 * read it: the server (and the hydrating render) cannot know it.
 */
export function useRememberedQuery(path: string): string | null {
  const [query, setQuery] = useState<string | null>(null);
  useEffect(() => {
    const update = () => setQuery(readRememberedQuery(path));
    update();
    window.addEventListener(CHANGED, update);
    return () => window.removeEventListener(CHANGED, update);
  }, [path]);
  return query;
}

/** A link back to a list: the list as it was last shown in this tab. */
export function useRememberedHref(path: string): string {
  // The server (and the hydrating render) link to the bare list; the browser then adds the view.
  return `${path}${useRememberedQuery(path) ?? ""}`;
}

/**
 * Moves the remembered view of the list at `path` to another page, keeping its filters and
 * sort: walking record by record past the end of a page ("Next") moves the list along, so the
 * way back shows the page of the record last opened.
 */
export function rememberListPage(path: string, page: number): void {
  const query = readRememberedQuery(path);
  if (pageOf(query) !== page) rememberListQuery(path, withPage(query, page));
}
