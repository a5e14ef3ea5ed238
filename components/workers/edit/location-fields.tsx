"use client";

import { type ClipboardEvent, type FocusEvent, useCallback, useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { parseCoordinatePair, roundDecimalText } from "@/components/maps/coordinates";
import { useLastValidPair } from "@/components/maps/use-last-valid-pair";
import { Button } from "@/components/ui/button";
import { type LatLng, MapPreview, type PinKind } from "@/components/workers/map-preview";
import { FormText } from "./form-fields";
import { coordinatePair, roundCoordinate, type WorkerFormValues } from "./worker-form-model";

const LAT_HINT = "Decimal degrees, −90 to 90. Pasting “40.7484, -73.9857” fills both.";
const LNG_HINT = "Decimal degrees, −180 to 180";

const FIELDS = {
  current: { lat: "latitude", lng: "longitude", name: "Current location" },
  home: { lat: "home_latitude", lng: "home_longitude", name: "Home location" },
} as const;

const SET = { shouldDirty: true, shouldValidate: true, shouldTouch: true } as const;

/**
 * Current and home coordinates, "Use my current location", and the map. The fields are the
 * control (and the keyboard's way); a "lat, long" pair pasted into either half fills both,
 * more than 7 decimals are rounded to the API's 7, and on the map a click sets a pin and both
 * pins drag.
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
  const current = useLastValidPair(lat, lng, coordinatePair);
  const home = useLastValidPair(homeLat, homeLng, coordinatePair);
  const [notice, setNotice] = useState<{ pin: PinKind; text: string } | null>(null);

  const place = useCallback(
    (pin: PinKind, p: LatLng) => {
      setValue(FIELDS[pin].lat, roundCoordinate(p.lat), SET);
      setValue(FIELDS[pin].lng, roundCoordinate(p.lng), SET);
    },
    [setValue],
  );
  const setCurrent = useCallback((p: LatLng) => place("current", p), [place]);

  /** "40.7484, -73.9857" pasted into either half of a pair: both halves filled. */
  const pastePair = (pin: PinKind) => (e: ClipboardEvent<HTMLInputElement>) => {
    const pair = parseCoordinatePair(e.clipboardData.getData("text"));
    if (!pair) return; // One number (or anything else) pastes as usual.
    e.preventDefault();
    const latText = roundDecimalText(pair.lat);
    const lngText = roundDecimalText(pair.lng);
    setValue(FIELDS[pin].lat, latText, SET);
    setValue(FIELDS[pin].lng, lngText, SET);
    const rounded = latText !== pair.lat || lngText !== pair.lng;
    setNotice({
      pin,
      text: `Latitude and longitude filled from the pasted pair${rounded ? ", rounded to 7 decimal places" : ""}.`,
    });
  };

  /** Leaving a half with more than 7 decimals: rounded in place, as the form will save it. */
  const roundOnBlur = (pin: PinKind, half: "lat" | "lng") => (e: FocusEvent<HTMLInputElement>) => {
    const rounded = roundDecimalText(e.target.value);
    if (rounded === e.target.value) return;
    setValue(FIELDS[pin][half], rounded, SET);
    setNotice({ pin, text: `${FIELDS[pin].name}: rounded to 7 decimal places.` });
  };

  const pairFields = (pin: PinKind, placeholders?: [string, string]) => (
    <div className="mt-3 grid gap-x-4 gap-y-4 sm:grid-cols-2">
      <FormText
        name={FIELDS[pin].lat}
        inputMode="decimal"
        placeholder={placeholders?.[0]}
        hint={LAT_HINT}
        onPaste={pastePair(pin)}
        rules={{ deps: [FIELDS[pin].lng], onBlur: roundOnBlur(pin, "lat") }}
      />
      <FormText
        name={FIELDS[pin].lng}
        inputMode="decimal"
        placeholder={placeholders?.[1]}
        hint={LNG_HINT}
        onPaste={pastePair(pin)}
        rules={{ deps: [FIELDS[pin].lat], onBlur: roundOnBlur(pin, "lng") }}
      />
    </div>
  );

  const noticeFor = (pin: PinKind) => (
    <p role="status" className="mt-2 text-sm text-slate-600 empty:mt-0">
      {notice?.pin === pin ? notice.text : null}
    </p>
  );

  return (
    <div className="space-y-6">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Current location</legend>
        <p className="text-sm text-slate-600">
          Where the worker is now; used to match nearby jobs.
        </p>
        {pairFields("current", ["37.7952", "-122.4028"])}
        {noticeFor("current")}
        {!readOnly && <UseMyLocation onLocate={setCurrent} />}
      </fieldset>

      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Home location</legend>
        {pairFields("home")}
        {noticeFor("home")}
      </fieldset>

      <MapPreview
        current={current}
        home={home}
        tileUrl={mapTileUrl}
        onPlace={readOnly ? undefined : place}
      />
    </div>
  );
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
