"use client";

import { useCallback, useRef, useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { type LatLng, MapPreview } from "@/components/workers/map-preview";
import { FormText } from "./form-fields";
import { coordinatePair, roundCoordinate, type WorkerFormValues } from "./worker-form-model";

const LAT_HINT = "Decimal degrees, −90 to 90";
const LNG_HINT = "Decimal degrees, −180 to 180";

/**
 * Current and home coordinates, "Use my current location", and the map preview. The fields
 * are the control; the map only shows them (and its current-location marker can be dragged).
 */
export function LocationFields({
  mapTileUrl,
  readOnly,
}: {
  mapTileUrl: string;
  readOnly: boolean;
}) {
  const { control, setValue } = useFormContext<WorkerFormValues>();
  const [lat, lng, homeLat, homeLng] = useWatch({
    control,
    name: ["latitude", "longitude", "home_latitude", "home_longitude"],
  });
  const current = useLastValid(lat, lng);
  const home = useLastValid(homeLat, homeLng);

  const setCurrent = useCallback(
    (p: LatLng) => {
      const opts = { shouldDirty: true, shouldValidate: true, shouldTouch: true };
      setValue("latitude", roundCoordinate(p.lat), opts);
      setValue("longitude", roundCoordinate(p.lng), opts);
    },
    [setValue],
  );

  return (
    <div className="space-y-6">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Current location</legend>
        <p className="text-sm text-slate-600">
          Where the worker is now; used to match nearby jobs.
        </p>
        <div className="mt-3 grid gap-x-4 gap-y-4 sm:grid-cols-2">
          <FormText
            name="latitude"
            inputMode="decimal"
            placeholder="37.7952"
            hint={LAT_HINT}
            rules={{ deps: ["longitude"] }}
          />
          <FormText
            name="longitude"
            inputMode="decimal"
            placeholder="-122.4028"
            hint={LNG_HINT}
            rules={{ deps: ["latitude"] }}
          />
        </div>
        {!readOnly && <UseMyLocation onLocate={setCurrent} />}
      </fieldset>

      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Home location</legend>
        <div className="mt-3 grid gap-x-4 gap-y-4 sm:grid-cols-2">
          <FormText
            name="home_latitude"
            inputMode="decimal"
            hint={LAT_HINT}
            rules={{ deps: ["home_longitude"] }}
          />
          <FormText
            name="home_longitude"
            inputMode="decimal"
            hint={LNG_HINT}
            rules={{ deps: ["home_latitude"] }}
          />
        </div>
      </fieldset>

      <MapPreview
        current={current}
        home={home}
        tileUrl={mapTileUrl}
        onCurrentMove={readOnly ? undefined : setCurrent}
      />
    </div>
  );
}

/**
 * The pair as a point, keeping the last valid one while a half is being typed ("37." is not a
 * number yet), so the map does not blink away on every keystroke. Cleared inputs clear it.
 */
function useLastValid(lat: string, lng: string): LatLng | null {
  const last = useRef<LatLng | null>(null);
  const pair = coordinatePair(lat, lng);
  if (pair) {
    if (last.current?.lat !== pair.lat || last.current?.lng !== pair.lng) last.current = pair;
    return last.current;
  }
  if (lat.trim() === "" || lng.trim() === "") last.current = null;
  return last.current;
}

type GeoState =
  | { kind: "idle" }
  | { kind: "busy" }
  | { kind: "done"; message: string }
  | { kind: "error"; message: string };

function UseMyLocation({ onLocate }: { onLocate: (p: LatLng) => void }) {
  const [state, setState] = useState<GeoState>({ kind: "idle" });
  const locate = () => {
    if (typeof navigator === "undefined" || !("geolocation" in navigator)) {
      setState({
        kind: "error",
        message: "This browser cannot share its location. Type the coordinates instead.",
      });
      return;
    }
    setState({ kind: "busy" });
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        onLocate({ lat: pos.coords.latitude, lng: pos.coords.longitude });
        const accuracy = Math.round(pos.coords.accuracy);
        setState({
          kind: "done",
          message: `Current location filled in from this device${
            Number.isFinite(accuracy) && accuracy > 0 ? ` (accurate to about ${accuracy} m)` : ""
          }. Save to keep it.`,
        });
      },
      (err) => {
        const message =
          err.code === err.PERMISSION_DENIED
            ? "Location access is blocked for this site. Allow it in your browser’s site settings, or type the coordinates."
            : err.code === err.TIMEOUT
              ? "Finding your location took too long. Try again, or type the coordinates."
              : "Your location is not available right now. Try again, or type the coordinates.";
        setState({ kind: "error", message });
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };
  return (
    <div className="mt-3 flex flex-col items-start gap-2">
      <Button variant="secondary" busy={state.kind === "busy"} onClick={locate}>
        {state.kind !== "busy" && (
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
            <path
              fillRule="evenodd"
              d="m9.69 18.933.003.001C9.89 19.02 10 19 10 19s.11.02.308-.066l.002-.001.006-.003.018-.008a5.741 5.741 0 0 0 .281-.14c.186-.096.446-.24.757-.433.62-.384 1.445-.966 2.274-1.765C15.302 14.988 17 12.493 17 9A7 7 0 1 0 3 9c0 3.492 1.698 5.988 3.355 7.584a13.731 13.731 0 0 0 2.273 1.765 11.842 11.842 0 0 0 .976.544l.062.029.018.008.006.003ZM10 11.25a2.25 2.25 0 1 0 0-4.5 2.25 2.25 0 0 0 0 4.5Z"
              clipRule="evenodd"
            />
          </svg>
        )}
        Use my current location
      </Button>
      {state.kind === "error" && (
        <p role="alert" className="text-sm text-red-700">
          {state.message}
        </p>
      )}
      {state.kind === "done" && (
        <p role="status" className="text-sm text-emerald-800">
          {state.message}
        </p>
      )}
      {state.kind === "busy" && (
        <p role="status" className="text-sm text-slate-600">
          Finding your location…
        </p>
      )}
    </div>
  );
}
