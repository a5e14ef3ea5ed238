"use client";

import "leaflet/dist/leaflet.css";
import type * as Leaflet from "leaflet";
import { useEffect, useRef } from "react";
import { BASE_DETAIL_ZOOM, MAP_SURFACE } from "@/components/maps/base-layer";
import { MapControls, MapStatus, mapButtonClass, TileNote } from "@/components/maps/map-controls";
import { useLeafletMap } from "@/components/maps/use-leaflet-map";

export type LatLng = { lat: number; lng: number };

type Props = {
  pin: LatLng | null;
  /** A click on the map drops (or moves) the pin there; dragging the pin reports where it ends. */
  onPin: (position: LatLng) => void;
  /** {z}/{x}/{y} tile template. "" for none: the offline base map shows either way. */
  tileUrl: string;
  className?: string;
};

/** Where the demo's workers are: the San Francisco Bay Area. */
const START = { center: [37.66, -122.2] as [number, number], zoom: 9 };
/**
 * A dropped pin is placed at street level, close enough to drag it onto the right building;
 * with only the offline map (no tiles), at the closest zoom where its shapes still say where.
 */
const pinZoom = (tileUrl: string) => (tileUrl ? 14 : BASE_DETAIL_ZOOM);
const HEIGHT = "h-[300px] sm:h-[360px]";

const trim = (n: number) => String(Number(n.toFixed(6)));
const fmt = (p: LatLng) => `latitude ${trim(p.lat)}, longitude ${trim(p.lng)}`;

const PIN_HTML =
  '<svg viewBox="0 0 32 42" width="32" height="42" aria-hidden="true" style="filter:drop-shadow(0 2px 2px rgb(15 23 42 / .35))">' +
  '<path d="M16 1C7.7 1 1 7.6 1 15.8 1 26.6 16 41 16 41s15-14.4 15-25.2C31 7.6 24.3 1 16 1Z" fill="#4f46e5" stroke="#fff" stroke-width="2"/>' +
  '<circle cx="16" cy="15.5" r="5.5" fill="#fff"/></svg>';

/**
 * The job site on a map: a click drops the pin, dragging moves it. Leaflet loads when the map
 * first renders, not with the page. The latitude and longitude inputs stay the primary
 * control: to assistive technology the map is an image that says where the pin is, its zoom
 * buttons sit beside it, and nothing inside it takes keyboard focus.
 */
export function SitePinMap({ pin, onPin, tileUrl, className = "" }: Props) {
  const markerRef = useRef<Leaflet.Marker | null>(null);
  const onPinRef = useRef(onPin);
  const firstPin = useRef(pin);
  const placeZoom = pinZoom(tileUrl);
  const { containerRef, leafletRef, mapRef, ready, loadFailed, tiles, base } = useLeafletMap(
    tileUrl,
    (_L, map) => {
      const start = firstPin.current;
      if (start) map.setView([start.lat, start.lng], placeZoom);
      else map.setView(START.center, START.zoom);
      map.on("click", (e: Leaflet.LeafletMouseEvent) => {
        const p = e.latlng.wrap();
        // The first pin from the region view: come down to street level to place it well.
        if (!markerRef.current && map.getZoom() < placeZoom - 2) map.setView(e.latlng, placeZoom);
        onPinRef.current({ lat: p.lat, lng: p.lng });
      });
      return () => {
        markerRef.current = null;
      };
    },
  );

  useEffect(() => {
    onPinRef.current = onPin;
  }, [onPin]);

  const lat = pin?.lat;
  const lng = pin?.lng;
  useEffect(() => {
    const L = leafletRef.current;
    const map = mapRef.current;
    if (!ready || !L || !map) return;
    if (lat === undefined || lng === undefined) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    const at = L.latLng(lat, lng);
    if (markerRef.current) {
      markerRef.current.setLatLng(at);
    } else {
      const marker = L.marker(at, {
        icon: L.divIcon({
          className: "",
          html: PIN_HTML,
          iconSize: [32, 42],
          iconAnchor: [16, 41],
        }),
        draggable: true,
        keyboard: false,
        autoPan: true,
        zIndexOffset: 1000,
      });
      marker.on("dragend", () => {
        const p = marker.getLatLng().wrap();
        onPinRef.current({ lat: p.lat, lng: p.lng });
      });
      markerRef.current = marker.addTo(map);
    }
    // Typed coordinates elsewhere bring the pin into view; a click or a drag is already in view,
    // so the map does not jump under the pointer.
    let inView = false;
    try {
      inView = map.getBounds().pad(-0.05).contains(at);
    } catch {
      inView = false; // No view yet.
    }
    if (!inView) map.setView(at, Math.max(map.getZoom(), placeZoom - 1));
  }, [ready, leafletRef, mapRef, lat, lng, placeZoom]);

  const label = pin
    ? `Map of the job site. The site pin is at ${fmt(pin)}.`
    : "Map of the job site. No site pin yet.";

  return (
    <figure className={className}>
      <div className="relative">
        <div
          ref={containerRef}
          role="img"
          aria-label={label}
          data-base-map={base}
          className={`${HEIGHT} isolate overflow-hidden rounded-lg ${MAP_SURFACE} ring-1 ring-slate-300 [&.leaflet-grab]:cursor-crosshair [&_.leaflet-tile-pane]:opacity-95`}
        />
        <MapStatus
          ready={ready}
          loadFailed={loadFailed}
          failedText="The map could not be loaded. Type the site’s latitude and longitude instead."
        />
        {ready && !pin && (
          <p
            aria-hidden="true"
            className="pointer-events-none absolute top-2 left-2 z-10 flex max-w-[calc(100%-4rem)] items-center gap-1.5 rounded-full bg-white/95 px-3 py-1.5 text-xs font-medium text-slate-800 shadow ring-1 ring-slate-300"
          >
            <PinGlyph className="size-3.5 text-indigo-600" />
            Click the map to drop the site pin
          </p>
        )}
        {ready && (
          <MapControls mapRef={mapRef}>
            {pin && (
              <button
                type="button"
                aria-label="Centre the map on the pin"
                title="Centre on the pin"
                onClick={() => mapRef.current?.setView([pin.lat, pin.lng], placeZoom)}
                className={mapButtonClass}
              >
                <PinGlyph className="size-4" />
              </button>
            )}
          </MapControls>
        )}
      </div>
      <figcaption className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1.5">
          <PinGlyph className="size-3.5 text-indigo-600" />
          Job site{pin ? " — drag the pin to adjust, or click elsewhere to move it" : ""}
        </span>
        <TileNote
          tiles={tiles}
          tileUrl={tileUrl}
          missing="Map tiles unavailable — showing the offline map"
        />
      </figcaption>
    </figure>
  );
}

function PinGlyph({ className }: { className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={className}>
      <path
        fillRule="evenodd"
        d="m9.69 18.933.003.001C9.89 19.02 10 19 10 19s.11.02.308-.066l.002-.001.006-.003.018-.008a5.741 5.741 0 0 0 .281-.14c.186-.096.446-.24.757-.433.62-.384 1.445-.966 2.274-1.765C15.302 14.988 17 12.493 17 9A7 7 0 1 0 3 9c0 3.492 1.698 5.988 3.355 7.584a13.731 13.731 0 0 0 2.273 1.765 11.842 11.842 0 0 0 .976.544l.062.029.018.008.006.003ZM10 11.25a2.25 2.25 0 1 0 0-4.5 2.25 2.25 0 0 0 0 4.5Z"
        clipRule="evenodd"
      />
    </svg>
  );
}
