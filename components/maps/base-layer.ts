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
  (await import("./base-geography")).baseGeography(),
);

/**
 * The offline base map under every map of the portal: land, country borders and US state
 * borders, drawn by Leaflet as SVG in a pane below the tiles (configured tiles cover it; tiles
 * that fail leave it showing). Nothing on it is interactive, so clicks reach the map.
 */
export function drawBaseLayer(L: typeof Leaflet, map: Leaflet.Map, geo: BaseGeography): void {
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
  L.geoJSON(geo.land, fill("map-base-land")).addTo(map);
  L.geoJSON(geo.states, fill("map-base-states")).addTo(map);
  L.geoJSON(geo.countryBorders, line("map-base-countries", COUNTRY_BORDER, 1)).addTo(map);
  L.geoJSON(geo.stateBorders, line("map-base-state-borders", STATE_BORDER, 0.8)).addTo(map);
}

/**
 * Past this zoom the offline shapes show nothing more than land: without tiles, maps frame
 * their points no closer than this (a region with its coast and borders, not a blank street).
 */
export const BASE_DETAIL_ZOOM = 10;
