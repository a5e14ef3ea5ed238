import type * as Leaflet from "leaflet";
import type { ReactNode, RefObject } from "react";

/** A button in a map's control stack (beside the map, so the keyboard reaches it). */
export const mapButtonClass =
  "grid size-8 place-items-center text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600";

/** Zoom in and out, then any buttons of the map's own (framing, centring). */
export function MapControls({
  mapRef,
  children,
}: {
  mapRef: RefObject<Leaflet.Map | null>;
  children?: ReactNode;
}) {
  return (
    <div className="absolute top-2 right-2 z-10 flex flex-col divide-y divide-slate-200 overflow-hidden rounded-md bg-white shadow ring-1 ring-slate-300">
      <button
        type="button"
        aria-label="Zoom in"
        onClick={() => mapRef.current?.zoomIn()}
        className={`${mapButtonClass} text-lg leading-none`}
      >
        <span aria-hidden="true">+</span>
      </button>
      <button
        type="button"
        aria-label="Zoom out"
        onClick={() => mapRef.current?.zoomOut()}
        className={`${mapButtonClass} text-lg leading-none`}
      >
        <span aria-hidden="true">−</span>
      </button>
      {children}
    </div>
  );
}

/** "Loading map…", or why there is no map (what to use instead). */
export function MapStatus({
  ready,
  loadFailed,
  failedText,
}: {
  ready: boolean;
  loadFailed: boolean;
  failedText: string;
}) {
  // Both notes are on the map box's sea colour, light in both schemes until the map has started:
  // the light palette's slate-700 is 7.7:1 there (slate-500 was 3.5:1, found by axe 4.14).
  if (loadFailed) {
    return (
      <p className="palette-light absolute inset-0 grid place-items-center px-6 text-center text-sm text-slate-700">
        {failedText}
      </p>
    );
  }
  if (ready) return null;
  return (
    <p className="palette-light pointer-events-none absolute inset-0 grid place-items-center text-sm text-slate-700">
      Loading map…
    </p>
  );
}

/** The caption's note on tiles: missing ones, or the attribution OpenStreetMap asks for. */
export function TileNote({
  tiles,
  tileUrl,
  missing,
}: {
  tiles: { loaded: boolean; failed: boolean };
  tileUrl: string;
  missing: string;
}) {
  if (tiles.failed && !tiles.loaded) return <span className="text-amber-800">{missing}</span>;
  if (tiles.loaded && /openstreetmap/i.test(tileUrl)) {
    return <span className="ml-auto">© OpenStreetMap contributors</span>;
  }
  return null;
}
