import type { FeatureCollection, Geometry, MultiLineString } from "geojson";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import usJson from "us-atlas/states-10m.json";
import worldJson from "world-atlas/countries-50m.json";

/**
 * The offline base map's shapes: world land and country borders (Natural Earth 1:50m, from
 * world-atlas) and the US states (Census Bureau 1:10m, from us-atlas), as GeoJSON for Leaflet.
 * This module is imported lazily (base-layer.ts), so the TopoJSON is a chunk of its own that a
 * page downloads when a map mounts, never part of any page's first-load JavaScript.
 */
export type BaseGeography = {
  land: FeatureCollection<Geometry>;
  countryBorders: MultiLineString;
  states: FeatureCollection<Geometry>;
  stateBorders: MultiLineString;
};

type World = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;
type Us = Topology<{ states: GeometryCollection; nation: GeometryCollection }>;

/**
 * Converted one shape at a time, each in a task of its own (`yieldToPage` between them): done in
 * one go, the conversion and the drawing were one task of 100-200 ms on a worker's page, input
 * the page could not answer meanwhile (Lighthouse's total blocking time).
 */
export async function baseGeography(yieldToPage: () => Promise<void>): Promise<BaseGeography> {
  const world = worldJson as unknown as World;
  const us = usJson as unknown as Us;
  const land = feature(world, world.objects.land);
  await yieldToPage();
  // Borders between two countries only: coastlines are where the land's fill ends.
  const countryBorders = mesh(world, world.objects.countries, (a, b) => a !== b);
  await yieldToPage();
  // The states are finer than the world's land at the US coasts, so they are drawn over it.
  const states = feature(us, us.objects.states);
  const stateBorders = mesh(us, us.objects.states, (a, b) => a !== b);
  return { land, countryBorders, states, stateBorders };
}
