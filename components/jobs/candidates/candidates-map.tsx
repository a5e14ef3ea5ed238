"use client";

import "leaflet/dist/leaflet.css";
import type * as Leaflet from "leaflet";
import { useEffect, useRef } from "react";
import { BASE_DETAIL_ZOOM, MAP_SURFACE } from "@/components/maps/base-layer";
import { MapControls, MapStatus, mapButtonClass, TileNote } from "@/components/maps/map-controls";
import { useLeafletMap } from "@/components/maps/use-leaflet-map";
import {
  type LatLng,
  type MarkerDatum,
  metresOf,
  ringBounds,
  ringLabel,
  ringLabelPoint,
} from "./distance";

type Props = {
  site: LatLng;
  markers: readonly MarkerDatum[];
  /** Distance rings around the site, in miles (chooseRings). */
  rings: readonly number[];
  /** The worker whose row the pointer or focus is on: their marker stands out. */
  highlight: number | null;
  /** {z}/{x}/{y} tile template. Tiles are decoration: the grid, pins and rings carry the map. */
  tileUrl: string;
  /** The text alternative (mapSummary). */
  label: string;
};

const HEIGHT = "h-[300px] sm:h-[360px]";

// Tailwind sees these class names here, in full; Leaflet writes them into its divIcons.
const MARKER_BASE =
  "grid h-6 place-items-center px-1 text-[11px] leading-none font-semibold text-white tabular-nums shadow-md ring-2 transition-transform";
const MARKER_KIND = {
  current: "rounded-full bg-indigo-600",
  home: "rounded-[4px] bg-emerald-700",
  // Approximate (the ZIP's centre): a dashed outline and "≈" before the rank, not colour alone.
  zip: "rounded-[4px] bg-slate-600 outline-2 outline-dashed outline-offset-1 outline-slate-600",
} as const;
const MARKER_RING = { normal: "ring-white", highlighted: "scale-125 ring-amber-400" } as const;

const SITE_PIN = `<svg aria-hidden="true" viewBox="0 0 30 40" width="30" height="40" class="drop-shadow-md"><path d="M15 1.5C7.5 1.5 1.5 7.4 1.5 14.8c0 10 13.5 23.7 13.5 23.7s13.5-13.7 13.5-23.7C28.5 7.4 22.5 1.5 15 1.5Z" fill="#4338ca" stroke="#fff" stroke-width="2"/><circle cx="15" cy="14.5" r="5" fill="#fff"/></svg>`;

/** Marker width grows with the rank's digits, so "125" fits as well as "3". */
const markerWidth = (rank: number, approximate = false) =>
  24 + (String(rank).length - 1) * 7 + (approximate ? 8 : 0);

function markerIcon(L: typeof Leaflet, m: MarkerDatum, highlighted: boolean): Leaflet.DivIcon {
  const w = markerWidth(m.rank, m.kind === "zip");
  const ring = highlighted ? MARKER_RING.highlighted : MARKER_RING.normal;
  return L.divIcon({
    className: "",
    html: `<span class="${MARKER_BASE} ${MARKER_KIND[m.kind]} ${ring}" style="min-width:${w}px">${m.kind === "zip" ? "≈" : ""}${m.rank}</span>`,
    iconSize: [w, 24],
    iconAnchor: [w / 2, 12],
  });
}

/**
 * The site and the ranked candidates on a map: the work site as an indigo pin, each candidate
 * numbered by rank at the location the ranking measured (a circle for the current location, a
 * square for home), and dashed distance rings around the site. Leaflet is loaded on first
 * render only, so it stays out of the page's first-load JavaScript. The list is the primary
 * control: the map is an image to assistive technology, its zoom buttons sit beside it, and
 * nothing inside it takes keyboard focus.
 */
export function CandidatesMap({ site, markers, rings, highlight, tileUrl, label }: Props) {
  const layerRef = useRef<Leaflet.LayerGroup | null>(null);
  const markerRefs = useRef(new Map<number, { marker: Leaflet.Marker; datum: MarkerDatum }>());
  const boundsRef = useRef<Leaflet.LatLngBounds | null>(null);
  const highlightRef = useRef(highlight);
  // The site, markers and rings are drawn by the effect below, on a layer of their own.
  const { containerRef, leafletRef, mapRef, ready, loadFailed, tiles, base, hasTiles } =
    useLeafletMap(tileUrl, (L, map) => {
      layerRef.current = L.layerGroup().addTo(map);
      const markersNow = markerRefs.current;
      return () => {
        layerRef.current = null;
        markersNow.clear();
      };
    });

  useEffect(() => {
    highlightRef.current = highlight;
  }, [highlight]);

  // Redraw when what is shown changes (a new page, a hire), and frame it; not on hover.
  const drawKey = JSON.stringify([site, markers, rings]);
  useEffect(() => {
    const L = leafletRef.current;
    const map = mapRef.current;
    const layer = layerRef.current;
    if (!ready || !L || !map || !layer) return;
    const [s, ms, rs] = JSON.parse(drawKey) as [LatLng, MarkerDatum[], number[]];
    layer.clearLayers();
    markerRefs.current.clear();

    for (const miles of rs) {
      L.circle([s.lat, s.lng], {
        radius: metresOf(miles),
        color: "#6366f1",
        weight: 1.5,
        opacity: 0.7,
        dashArray: "6 6",
        fill: false,
        interactive: false,
      }).addTo(layer);
      const at = ringLabelPoint(s, miles);
      L.marker([at.lat, at.lng], {
        icon: L.divIcon({
          className: "",
          html: `<span class="block rounded bg-white/90 px-1 text-center text-[10px] leading-4 font-medium whitespace-nowrap text-indigo-800 shadow-sm">${ringLabel(miles)}</span>`,
          iconSize: [56, 16],
          iconAnchor: [28, 8],
        }),
        interactive: false,
        keyboard: false,
      }).addTo(layer);
    }

    // Furthest first, so nearer (better-ranked) markers sit on top where they overlap.
    for (const m of [...ms].sort((a, b) => b.rank - a.rank)) {
      const marker = L.marker([m.lat, m.lng], {
        icon: markerIcon(L, m, highlightRef.current === m.workerId),
        interactive: false,
        keyboard: false,
        zIndexOffset: highlightRef.current === m.workerId ? 2000 : 0,
      }).addTo(layer);
      markerRefs.current.set(m.workerId, { marker, datum: m });
    }

    L.marker([s.lat, s.lng], {
      icon: L.divIcon({ className: "", html: SITE_PIN, iconSize: [30, 40], iconAnchor: [15, 38] }),
      interactive: false,
      keyboard: false,
      zIndexOffset: 3000,
    }).addTo(layer);

    const points: [number, number][] = [
      [s.lat, s.lng],
      ...ms.map((m) => [m.lat, m.lng] as [number, number]),
    ];
    const outer = rs.at(-1);
    if (outer !== undefined) {
      for (const p of ringBounds(s, outer)) points.push([p.lat, p.lng]);
    }
    const bounds = L.latLngBounds(points);
    boundsRef.current = bounds;
    if (points.length === 1) map.setView([s.lat, s.lng], hasTiles ? 13 : BASE_DETAIL_ZOOM);
    else map.fitBounds(bounds, { padding: [28, 28], maxZoom: 15 });
  }, [ready, leafletRef, mapRef, drawKey, hasTiles]);

  useEffect(() => {
    const L = leafletRef.current;
    if (!ready || !L) return;
    for (const [workerId, { marker, datum }] of markerRefs.current) {
      const on = workerId === highlight;
      marker.setIcon(markerIcon(L, datum, on));
      marker.setZIndexOffset(on ? 2000 : 0);
    }
  }, [ready, leafletRef, highlight]);

  return (
    <figure>
      <div className="relative">
        <div
          ref={containerRef}
          role="img"
          aria-label={label}
          data-base-map={base}
          className={`${HEIGHT} isolate overflow-hidden rounded-lg ${MAP_SURFACE} ring-1 ring-slate-300 [&_.leaflet-tile-pane]:opacity-95`}
        />
        <MapStatus
          ready={ready}
          loadFailed={loadFailed}
          failedText="The map could not be loaded. The list below has every candidate and distance."
        />
        {ready && (
          <MapControls mapRef={mapRef}>
            <button
              type="button"
              aria-label="Show the site and every candidate"
              title="Show all"
              onClick={() => {
                const b = boundsRef.current;
                if (b) mapRef.current?.fitBounds(b, { padding: [28, 28], maxZoom: 15 });
              }}
              className={mapButtonClass}
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
                <path d="M3.28 2.22a.75.75 0 0 0-1.06 1.06L5.44 6.5H2.75a.75.75 0 0 0 0 1.5h4.5A.75.75 0 0 0 8 7.25v-4.5a.75.75 0 0 0-1.5 0v2.69L3.28 2.22ZM13.5 2.75a.75.75 0 0 0-1.5 0v4.5c0 .414.336.75.75.75h4.5a.75.75 0 0 0 0-1.5h-2.69l3.22-3.22a.75.75 0 0 0-1.06-1.06L13.5 5.44V2.75ZM3.28 17.78l3.22-3.22v2.69a.75.75 0 0 0 1.5 0v-4.5a.75.75 0 0 0-.75-.75h-4.5a.75.75 0 0 0 0 1.5h2.69l-3.22 3.22a.75.75 0 1 0 1.06 1.06ZM13.5 14.56l3.22 3.22a.75.75 0 1 0 1.06-1.06l-3.22-3.22h2.69a.75.75 0 0 0 0-1.5h-4.5a.75.75 0 0 0-.75.75v4.5a.75.75 0 0 0 1.5 0v-2.69Z" />
              </svg>
            </button>
          </MapControls>
        )}
      </div>
      <figcaption className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1.5 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1.5">
          <svg aria-hidden="true" viewBox="0 0 30 40" className="h-3.5 w-auto">
            <path
              d="M15 1.5C7.5 1.5 1.5 7.4 1.5 14.8c0 10 13.5 23.7 13.5 23.7s13.5-13.7 13.5-23.7C28.5 7.4 22.5 1.5 15 1.5Z"
              fill="#4338ca"
            />
            <circle cx="15" cy="14.5" r="5" fill="#fff" />
          </svg>
          Work site
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-3 rounded-full bg-indigo-600" />
          Current location
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-3 rounded-[3px] bg-emerald-700" />
          Home location
        </span>
        {markers.some((m) => m.kind === "zip") && (
          <span className="inline-flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="grid h-3 place-items-center rounded-[3px] bg-slate-600 px-0.5 text-[9px] leading-none font-semibold text-white"
            >
              ≈
            </span>
            ZIP code’s centre (approximate)
          </span>
        )}
        {rings.length > 0 && (
          <span className="inline-flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="size-3 rounded-full border-[1.5px] border-dashed border-indigo-500"
            />
            Distance from the site
          </span>
        )}
        <span>Numbers are ranks</span>
        <TileNote
          tiles={tiles}
          tileUrl={tileUrl}
          missing="Map tiles unavailable — showing the offline map"
        />
      </figcaption>
    </figure>
  );
}
