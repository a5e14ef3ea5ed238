"use client";

import type * as Leaflet from "leaflet";
import { useEffect, useRef, useState } from "react";
import { drawBaseLayer, loadBaseGeography } from "./base-layer";
import { gridLayer } from "./grid-layer";

export type TileState = { loaded: boolean; failed: boolean };
/** The offline base map: loading, drawn, or not available (the grid still shows). */
export type BaseState = "loading" | "ready" | "failed";

/**
 * One Leaflet map in a container, the way every map of the portal wants it: Leaflet is
 * imported when the map first renders (never part of a page's first-load JavaScript), the
 * keyboard and the scroll wheel are left to the page (the inputs or lists beside a map are the
 * keyboard's way; nothing inside takes focus), an offline base map (land, countries, US states:
 * base-layer.ts) and a coordinate grid lie under the tiles, so the points keep their meaning
 * with no tile server, tiles are used only when one is configured (`tileUrl` not empty), failed
 * tiles are hidden, and the map follows its box's size. `setup` runs once the map exists (its
 * own layers and handlers) and may return a cleanup; it is read when the map is made, not
 * tracked.
 */
export function useLeafletMap(
  tileUrl: string,
  setup?: (L: typeof Leaflet, map: Leaflet.Map) => (() => void) | undefined,
) {
  const containerRef = useRef<HTMLDivElement>(null);
  const leafletRef = useRef<typeof Leaflet | null>(null);
  const mapRef = useRef<Leaflet.Map | null>(null);
  const setupRef = useRef(setup);
  const [ready, setReady] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [tiles, setTiles] = useState<TileState>({ loaded: false, failed: false });
  const [base, setBase] = useState<BaseState>("loading");

  useEffect(() => {
    setupRef.current = setup;
  }, [setup]);

  useEffect(() => {
    let cancelled = false;
    let map: Leaflet.Map | null = null;
    let observer: ResizeObserver | null = null;
    let undo: (() => void) | undefined;
    import("leaflet")
      .then((mod) => {
        const el = containerRef.current;
        if (cancelled || !el) return;
        const L = (mod as typeof Leaflet & { default?: typeof Leaflet }).default ?? mod;
        leafletRef.current = L;
        map = L.map(el, {
          zoomControl: false,
          attributionControl: false,
          keyboard: false,
          scrollWheelZoom: false,
          worldCopyJump: true,
          minZoom: 2,
          maxZoom: 19,
        });
        const created = map;
        loadBaseGeography()
          .then(async (geo) => {
            if (cancelled) return;
            if (await drawBaseLayer(L, created, geo, () => !cancelled)) setBase("ready");
          })
          .catch(() => {
            if (!cancelled) setBase("failed");
          });
        gridLayer(L).addTo(map);
        if (tileUrl) {
          L.tileLayer(tileUrl, { maxZoom: 19 })
            .on("tileerror", (e: Leaflet.TileErrorEvent) => {
              e.tile.style.visibility = "hidden";
              setTiles((t) => (t.failed ? t : { ...t, failed: true }));
            })
            .on("tileload", () => setTiles((t) => (t.loaded ? t : { ...t, loaded: true })))
            .addTo(map);
        }
        undo = setupRef.current?.(L, map);
        mapRef.current = map;
        observer = new ResizeObserver(() => map?.invalidateSize());
        observer.observe(el);
        setReady(true);
      })
      .catch(() => {
        if (!cancelled) setLoadFailed(true);
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      undo?.();
      map?.remove();
      mapRef.current = null;
      setReady(false);
    };
  }, [tileUrl]);

  return {
    containerRef,
    leafletRef,
    mapRef,
    ready,
    loadFailed,
    tiles,
    base,
    hasTiles: tileUrl !== "",
  };
}
