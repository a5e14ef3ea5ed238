import type * as Leaflet from "leaflet";
import { loadOnce } from "@/lib/portal/client/load-once";
import type { BaseGeography } from "./base-geography";

/** Colours of the offline map (the sea is the map box's own background: MAP_SURFACE). */
const LAND = "#f7f6f2";
const COUNTRY_BORDER = "#a8a29e";
const STATE_BORDER = "#c4bfb8";

/** The map box's background: the sea, wherever no land is drawn. */
export const MAP_SURFACE = "bg-[#cfe0ee]!";

/**
 * The shapes, converted from TopoJSON once per page and shared by every map on it. The
 * module holding the TopoJSON is imported here, lazily: a chunk of its own, fetched when the
 * first map mounts, never part of a page's first-load JavaScript.
 */
export const loadBaseGeography = loadOnce(async () =>
  (await import("./base-geography")).baseGeography(yieldToPage),
);

/**
 * The end of this task: what waits (a click, a key, the next frame) goes first. Chrome's
 * `scheduler.yield()` where there is one (the rest of the work keeps its place in the queue),
 * else a timer.
 */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The offline base map under every map of the portal: land, country borders and US state
 * borders, drawn by Leaflet as SVG in a pane below the tiles (configured tiles cover it; tiles
 * that fail leave it showing). Nothing on it is interactive, so clicks reach the map. Each shape
 * is drawn in a task of its own (Leaflet projects every point of it), and nothing more once
 * `wanted` says the map is gone; resolves with whether all of it was drawn.
 */
export async function drawBaseLayer(
  L: typeof Leaflet,
  map: Leaflet.Map,
  geo: BaseGeography,
  wanted: () => boolean,
): Promise<boolean> {
  const pane = map.getPane("base") ?? map.createPane("base");
  pane.style.zIndex = "150"; // Under the tile pane (200).
  const renderer = L.svg({ pane: "base", padding: 0.5 });
  const fill = (className: string): Leaflet.GeoJSONOptions & Leaflet.PathOptions => ({
    renderer,
    interactive: false,
    className,
    stroke: false,
    fillColor: LAND,
    fillOpacity: 1,
  });
  const line = (
    className: string,
    color: string,
    weight: number,
  ): Leaflet.GeoJSONOptions & Leaflet.PathOptions => ({
    renderer,
    interactive: false,
    className,
    color,
    weight,
    opacity: 1,
    fill: false,
  });
  // Bottom to top: land, the states over it, then the borders.
  const layers = [
    () => L.geoJSON(geo.land, fill("map-base-land")),
    () => L.geoJSON(geo.states, fill("map-base-states")),
    () => L.geoJSON(geo.countryBorders, line("map-base-countries", COUNTRY_BORDER, 1)),
    () => L.geoJSON(geo.stateBorders, line("map-base-state-borders", STATE_BORDER, 0.8)),
  ];
  for (const layer of layers) {
    if (!wanted()) return false;
    layer().addTo(map);
    await yieldToPage();
  }
  return wanted();
}

/**
 * Past this zoom the offline shapes show nothing more than land: without tiles, maps frame
 * their points no closer than this (a region with its coast and borders, not a blank street).
 */
export const BASE_DETAIL_ZOOM = 10;
