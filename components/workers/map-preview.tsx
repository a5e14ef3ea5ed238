"use client";

import "leaflet/dist/leaflet.css";
import type * as Leaflet from "leaflet";
import { type RefObject, useEffect, useRef, useState } from "react";
import { BASE_DETAIL_ZOOM, MAP_SURFACE } from "@/components/maps/base-layer";
import { MapControls, MapStatus, TileNote } from "@/components/maps/map-controls";
import { useLeafletMap } from "@/components/maps/use-leaflet-map";

export type LatLng = { lat: number; lng: number };
/** The worker's two locations: where they are now, and home. */
export type PinKind = "current" | "home";

type Props = {
  current: LatLng | null;
  home: LatLng | null;
  /** {z}/{x}/{y} tile template, or "" for none: the offline base map shows either way. */
  tileUrl: string;
  /**
   * A click on the map sets the pin chosen beside it; dragging either pin reports where it ends.
   * Absent: the map only shows the pins (a read-only form).
   */
  onPlace?: (pin: PinKind, position: LatLng) => void;
  className?: string;
};

const HEIGHT = "h-[280px]";
const fmt = (p: LatLng) => `${trim(p.lat)}, ${trim(p.lng)}`;
const trim = (n: number) => String(Number(n.toFixed(7)));

/** The whole of the US, where the map starts when no location is set yet. */
const US_VIEW = { center: [39.5, -98.35] as [number, number], zoom: 3 };
/** Street level with tiles; with only the offline shapes a region says more than a street. */
const detailZoom = (hasTiles: boolean) => (hasTiles ? 13 : BASE_DETAIL_ZOOM);

const PIN_LOOK: Record<PinKind, { html: string; size: number; z: number }> = {
  current: {
    html: '<span class="block size-5 rounded-full bg-indigo-600 shadow-md ring-4 ring-white"></span>',
    size: 20,
    z: 1000,
  },
  home: {
    html: '<span class="block size-4 rounded-[4px] bg-emerald-600 shadow-md ring-[3px] ring-white"></span>',
    size: 16,
    z: 900,
  },
};

/**
 * A small map of the worker's current (indigo circle) and home (emerald square) locations,
 * over the offline base map (and tiles when configured). A click sets the pin chosen above the
 * map; both pins drag. Leaflet is loaded on first render of a map only, so it is not part of
 * any page's first-load JavaScript. The inputs stay the keyboard's control: the map is an image
 * to assistive technology, its zoom buttons sit beside it, and nothing inside it takes focus.
 */
export function MapPreview({ current, home, tileUrl, onPlace, className = "" }: Props) {
  if (!current && !home && !onPlace) {
    return (
      <div
        className={`grid ${HEIGHT} place-items-center rounded-lg border border-dashed border-slate-300 bg-slate-50 px-6 text-center text-sm text-slate-500 ${className}`}
      >
        <p>
          <MapGlyph />
          No location set
        </p>
      </div>
    );
  }
  return (
    <LeafletMap
      current={current}
      home={home}
      tileUrl={tileUrl}
      onPlace={onPlace}
      className={className}
    />
  );
}

function LeafletMap({ current, home, tileUrl, onPlace, className }: Props) {
  const markers = useRef<Record<PinKind, Leaflet.Marker | null>>({ current: null, home: null });
  const onPlaceRef = useRef(onPlace);
  const [clickSets, setClickSets] = useState<PinKind>("current");
  const clickSetsRef = useRef(clickSets);
  const framedOnce = useRef(false);
  const hasTilesRef = useRef(tileUrl !== "");
  const { containerRef, leafletRef, mapRef, ready, loadFailed, tiles, base, hasTiles } =
    useLeafletMap(tileUrl, (_L, map) => {
      map.setView(US_VIEW.center, US_VIEW.zoom);
      map.on("click", (e: Leaflet.LeafletMouseEvent) => {
        const place = onPlaceRef.current;
        if (!place) return;
        const which = clickSetsRef.current;
        // The first pin from the country view: come down to where it can be placed well.
        const zoom = detailZoom(hasTilesRef.current);
        if (!markers.current[which] && map.getZoom() < zoom - 2) map.setView(e.latlng, zoom);
        const p = e.latlng.wrap();
        place(which, { lat: p.lat, lng: p.lng });
      });
      return () => {
        markers.current = { current: null, home: null };
        framedOnce.current = false;
      };
    });

  useEffect(() => {
    onPlaceRef.current = onPlace;
    clickSetsRef.current = clickSets;
    hasTilesRef.current = hasTiles;
  }, [onPlace, clickSets, hasTiles]);

  const editable = Boolean(onPlace);
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
    for (const [kind, at] of [
      ["current", cur],
      ["home", hom],
    ] as const) {
      const existing = markers.current[kind];
      if (at && existing) existing.setLatLng(at);
      else if (at) markers.current[kind] = pinMarker(L, kind, at, onPlaceRef).addTo(map);
      else if (existing) {
        existing.remove();
        markers.current[kind] = null;
      }
    }

    // Frame the pins when the map first shows them, and later only when one is out of view
    // (typed coordinates), not after a click or a drag, so the map does not jump under the hand.
    const points = [cur, hom].filter((p): p is Leaflet.LatLng => p !== null);
    if (points.length === 0) return;
    const inView =
      framedOnce.current && points.every((p) => map.getBounds().pad(-0.05).contains(p));
    if (inView) return;
    framedOnce.current = true;
    const zoom = detailZoom(hasTilesRef.current);
    if (points.length === 2) {
      map.fitBounds(L.latLngBounds(points), { padding: [40, 40], maxZoom: zoom });
    } else if (points[0]) {
      map.setView(points[0], Math.max(zoom, map.getZoom()));
    }
  }, [ready, leafletRef, mapRef, curLat, curLng, homeLat, homeLng]);

  useEffect(() => {
    for (const marker of Object.values(markers.current)) {
      if (!marker?.dragging) continue;
      if (editable) marker.dragging.enable();
      else marker.dragging.disable();
    }
  }, [editable]);

  const label = `Map preview: ${current ? `current location ${fmt(current)}` : "no current location set"}${home ? `; home location ${fmt(home)}` : ""}`;

  return (
    <figure className={className}>
      {editable && <ClickSetsToggle value={clickSets} onChange={setClickSets} />}
      <div className="relative">
        <div
          ref={containerRef}
          role="img"
          aria-label={label}
          data-base-map={base}
          className={`${HEIGHT} isolate overflow-hidden rounded-lg ${MAP_SURFACE} ring-1 ring-slate-300 [&_.leaflet-tile-pane]:opacity-95 ${editable ? "[&.leaflet-grab]:cursor-crosshair" : ""}`}
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
          Current location
        </span>
        {(home || editable) && (
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="size-2.5 rounded-[2px] bg-emerald-600" />
            Home
          </span>
        )}
        {editable && <span>Drag a pin to move it</span>}
        <TileNote
          tiles={tiles}
          tileUrl={tileUrl}
          missing="Map tiles unavailable — showing the offline map"
        />
      </figcaption>
    </figure>
  );
}

/** A pin of one kind; dragging it (when the map is editable) reports where it ends. */
function pinMarker(
  L: typeof Leaflet,
  kind: PinKind,
  at: Leaflet.LatLng,
  onPlace: RefObject<Props["onPlace"]>,
): Leaflet.Marker {
  const look = PIN_LOOK[kind];
  const marker = L.marker(at, {
    icon: L.divIcon({
      // A class per kind: what the browser tests find and drag.
      className: `map-pin map-pin-${kind}`,
      html: look.html,
      iconSize: [look.size, look.size],
      iconAnchor: [look.size / 2, look.size / 2],
    }),
    draggable: Boolean(onPlace.current),
    keyboard: false,
    autoPan: true,
    zIndexOffset: look.z,
  });
  marker.on("dragend", () => {
    const p = marker.getLatLng().wrap();
    onPlace.current?.(kind, { lat: p.lat, lng: p.lng });
  });
  return marker;
}

/**
 * Which pin a click on the map sets: two toggle buttons above the map (buttons, not radios, so
 * the form holds no input of its own here).
 */
function ClickSetsToggle({
  value,
  onChange,
}: {
  value: PinKind;
  onChange: (pin: PinKind) => void;
}) {
  const options = [
    { pin: "current", text: "Current location", on: "aria-pressed:bg-indigo-600" },
    { pin: "home", text: "Home", on: "aria-pressed:bg-emerald-700" },
  ] as const;
  return (
    <fieldset className="mb-2 text-sm text-slate-700">
      <legend className="float-left mr-3 py-1">A click on the map sets</legend>
      <div className="inline-flex divide-x divide-slate-300 overflow-hidden rounded-md bg-white ring-1 ring-slate-300">
        {options.map((o) => (
          <button
            key={o.pin}
            type="button"
            aria-pressed={value === o.pin}
            onClick={() => onChange(o.pin)}
            className={`px-3 py-1 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 aria-pressed:text-white ${o.on}`}
          >
            {o.text}
          </button>
        ))}
      </div>
    </fieldset>
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
