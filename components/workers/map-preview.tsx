"use client";

import "leaflet/dist/leaflet.css";
import type * as Leaflet from "leaflet";
import { useEffect, useRef } from "react";
import { MapControls, MapStatus, TileNote } from "@/components/maps/map-controls";
import { useLeafletMap } from "@/components/maps/use-leaflet-map";

export type LatLng = { lat: number; lng: number };

type Props = {
  current: LatLng | null;
  home: LatLng | null;
  /** {z}/{x}/{y} tile template. Tiles are decoration: the points show without them. */
  tileUrl: string;
  /** Dragging the current-location marker reports its new position here. */
  onCurrentMove?: (position: LatLng) => void;
  className?: string;
};

const HEIGHT = "h-[280px]";
const fmt = (p: LatLng) => `${trim(p.lat)}, ${trim(p.lng)}`;
const trim = (n: number) => String(Number(n.toFixed(7)));

/**
 * A small map of the worker's current (indigo circle, draggable) and home (emerald square)
 * locations. Leaflet is loaded on first render of a map only, so it is not part of any page's
 * first-load JavaScript. The inputs stay the primary control: the map is an image to assistive
 * technology, its zoom buttons sit beside it, and nothing inside it takes keyboard focus.
 */
export function MapPreview({ current, home, tileUrl, onCurrentMove, className = "" }: Props) {
  if (!current && !home) {
    return (
      <div
        className={`grid ${HEIGHT} place-items-center rounded-lg border border-dashed border-slate-300 bg-slate-50 px-6 text-center text-sm text-slate-500 ${className}`}
      >
        <p>
          <MapGlyph />
          Set a latitude and longitude to see the map
        </p>
      </div>
    );
  }
  return (
    <LeafletMap
      current={current}
      home={home}
      tileUrl={tileUrl}
      onCurrentMove={onCurrentMove}
      className={className}
    />
  );
}

function LeafletMap({ current, home, tileUrl, onCurrentMove, className }: Props) {
  const currentMarker = useRef<Leaflet.Marker | null>(null);
  const homeMarker = useRef<Leaflet.Marker | null>(null);
  const onMoveRef = useRef(onCurrentMove);
  // Points are placed by the effect below.
  const { containerRef, leafletRef, mapRef, ready, loadFailed, tiles } = useLeafletMap(
    tileUrl,
    () => () => {
      currentMarker.current = null;
      homeMarker.current = null;
    },
  );

  useEffect(() => {
    onMoveRef.current = onCurrentMove;
  }, [onCurrentMove]);

  const curLat = current?.lat;
  const curLng = current?.lng;
  const homeLat = home?.lat;
  const homeLng = home?.lng;
  useEffect(() => {
    const L = leafletRef.current;
    const map = mapRef.current;
    if (!ready || !L || !map) return;
    const cur = curLat !== undefined && curLng !== undefined ? L.latLng(curLat, curLng) : null;
    const hom = homeLat !== undefined && homeLng !== undefined ? L.latLng(homeLat, homeLng) : null;

    if (cur) {
      if (!currentMarker.current) {
        const marker = L.marker(cur, {
          icon: L.divIcon({
            className: "",
            html: '<span class="block size-5 rounded-full bg-indigo-600 shadow-md ring-4 ring-white"></span>',
            iconSize: [20, 20],
            iconAnchor: [10, 10],
          }),
          draggable: Boolean(onMoveRef.current),
          keyboard: false,
          autoPan: true,
          zIndexOffset: 1000,
        });
        marker.on("dragend", () => {
          const p = marker.getLatLng().wrap();
          onMoveRef.current?.({ lat: p.lat, lng: p.lng });
        });
        currentMarker.current = marker.addTo(map);
      } else {
        currentMarker.current.setLatLng(cur);
      }
    } else if (currentMarker.current) {
      currentMarker.current.remove();
      currentMarker.current = null;
    }

    if (hom) {
      if (!homeMarker.current) {
        homeMarker.current = L.marker(hom, {
          icon: L.divIcon({
            className: "",
            html: '<span class="block size-4 rounded-[4px] bg-emerald-600 shadow-md ring-[3px] ring-white"></span>',
            iconSize: [16, 16],
            iconAnchor: [8, 8],
          }),
          interactive: false,
          keyboard: false,
        }).addTo(map);
      } else {
        homeMarker.current.setLatLng(hom);
      }
    } else if (homeMarker.current) {
      homeMarker.current.remove();
      homeMarker.current = null;
    }

    // Re-frame only when a point is out of view (typing or a new location), not after every
    // small move, so dragging the marker does not make the map jump.
    const points = [cur, hom].filter((p): p is Leaflet.LatLng => p !== null);
    const framed = (() => {
      try {
        const bounds = map.getBounds();
        return points.every((p) => bounds.pad(-0.05).contains(p));
      } catch {
        return false; // No view yet.
      }
    })();
    if (!framed) {
      if (points.length === 2) {
        map.fitBounds(L.latLngBounds(points), { padding: [40, 40], maxZoom: 14 });
      } else if (points[0]) {
        map.setView(points[0], 13);
      }
    }
  }, [ready, leafletRef, mapRef, curLat, curLng, homeLat, homeLng]);

  useEffect(() => {
    const marker = currentMarker.current;
    if (!marker?.dragging) return;
    if (onCurrentMove) marker.dragging.enable();
    else marker.dragging.disable();
  }, [onCurrentMove]);

  const label = `Map preview: ${current ? `current location ${fmt(current)}` : "no current location set"}${home ? `; home location ${fmt(home)}` : ""}`;

  return (
    <figure className={className}>
      <div className="relative">
        <div
          ref={containerRef}
          role="img"
          aria-label={label}
          className={`${HEIGHT} isolate overflow-hidden rounded-lg bg-slate-100! ring-1 ring-slate-200 [&_.leaflet-tile-pane]:opacity-95`}
        />
        <MapStatus
          ready={ready}
          loadFailed={loadFailed}
          failedText="The map could not be loaded. The coordinates above are still saved as you enter them."
        />
        {ready && <MapControls mapRef={mapRef} />}
      </div>
      <figcaption className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-full bg-indigo-600" />
          Current location{onCurrentMove ? " (drag to adjust)" : ""}
        </span>
        {home && (
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="size-2.5 rounded-[2px] bg-emerald-600" />
            Home
          </span>
        )}
        <TileNote
          tiles={tiles}
          tileUrl={tileUrl}
          missing="Map tiles unavailable — showing position only"
        />
      </figcaption>
    </figure>
  );
}

function MapGlyph() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      className="mx-auto mb-2 size-8 text-slate-400"
    >
      <path
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M9 6.75V15m6-6v8.25m.503 3.498 4.875-2.437c.381-.19.622-.58.622-1.006V4.82c0-.836-.88-1.38-1.628-1.006l-3.869 1.934c-.317.159-.69.159-1.006 0L9.503 3.252a1.125 1.125 0 0 0-1.006 0L3.622 5.689C3.24 5.88 3 6.27 3 6.695V19.18c0 .836.88 1.38 1.628 1.006l3.869-1.934c.317-.159.69-.159 1.006 0l4.994 2.497c.317.158.69.158 1.006 0Z"
      />
    </svg>
  );
}
