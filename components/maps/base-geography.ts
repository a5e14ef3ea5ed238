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

export function baseGeography(): BaseGeography {
  const world = worldJson as unknown as World;
  const us = usJson as unknown as Us;
  return {
    land: feature(world, world.objects.land),
    // Borders between two countries only: coastlines are where the land's fill ends.
    countryBorders: mesh(world, world.objects.countries, (a, b) => a !== b),
    // The states are finer than the world's land at the US coasts, so they are drawn over it.
    states: feature(us, us.objects.states),
    stateBorders: mesh(us, us.objects.states, (a, b) => a !== b),
  };
}
