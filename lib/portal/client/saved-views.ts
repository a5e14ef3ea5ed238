/**
 * Saved views: named filter sets of a list ("Forklift drivers in CA"), kept in this browser
 * per list and per account. Pure: the hook (use-saved-views.ts) stores them. A view is the
 * list's query string without its page, so any list can keep views.
 */

export type SavedView = { name: string; query: string };

export const MAX_VIEWS = 20;
export const MAX_VIEW_NAME = 60;
/** Query strings longer than this are not kept (a list's filters are far shorter). */
export const MAX_VIEW_QUERY = 1000;

const sameName = (a: string, b: string) =>
  a.localeCompare(b, undefined, { sensitivity: "accent" }) === 0;

/** Lenient: whatever is stored that is not a view is dropped (another version, a hand edit). */
export function parseViews(raw: string | null): SavedView[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const views: SavedView[] = [];
  for (const v of value) {
    if (typeof v !== "object" || v === null) continue;
    const { name, query } = v as Record<string, unknown>;
    if (typeof name !== "string" || typeof query !== "string") continue;
    const clean = name.trim();
    if (!clean || clean.length > MAX_VIEW_NAME || query.length > MAX_VIEW_QUERY) continue;
    if (query && !query.startsWith("?")) continue;
    if (views.some((x) => sameName(x.name, clean))) continue;
    views.push({ name: clean, query });
    if (views.length === MAX_VIEWS) break;
  }
  return views;
}

/** A list's query string as a view keeps it: without the page (a view starts at page 1). */
export function viewQuery(query: string): string {
  const params = new URLSearchParams(query);
  params.delete("page");
  params.sort();
  const str = params.toString();
  return str ? `?${str}` : "";
}

export type SaveResult = { ok: true; views: SavedView[] } | { ok: false; error: string };

/**
 * Saves the list's current query under `name`. The same name (in any case) replaces the view
 * it names; a new one goes last. Bounded in number and length.
 */
export function saveView(views: readonly SavedView[], name: string, query: string): SaveResult {
  const clean = name.trim().replace(/\s+/g, " ");
  if (!clean) return { ok: false, error: "Give the view a name." };
  if (clean.length > MAX_VIEW_NAME)
    return { ok: false, error: `Keep the name to ${MAX_VIEW_NAME} characters or fewer.` };
  const q = viewQuery(query);
  if (q.length > MAX_VIEW_QUERY)
    return { ok: false, error: "These filters are too long to keep as a view." };
  const at = views.findIndex((v) => sameName(v.name, clean));
  if (at >= 0)
    return { ok: true, views: views.map((v, i) => (i === at ? { name: clean, query: q } : v)) };
  if (views.length >= MAX_VIEWS)
    return { ok: false, error: `You can keep up to ${MAX_VIEWS} views: delete one first.` };
  return { ok: true, views: [...views, { name: clean, query: q }] };
}

export function deleteView(views: readonly SavedView[], name: string): SavedView[] {
  return views.filter((v) => !sameName(v.name, name));
}

/** The saved view the list shows now, if any (same filters and sort, any page). */
export function currentView(views: readonly SavedView[], query: string): SavedView | null {
  const q = viewQuery(query);
  return views.find((v) => v.query === q) ?? null;
}
