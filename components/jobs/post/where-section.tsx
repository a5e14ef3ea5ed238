"use client";

import { useCallback } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { useLastValidPair } from "@/components/maps/use-last-valid-pair";
import { Button } from "@/components/ui/button";
import { coordinatePair, type PostJobFormValues, roundCoordinate } from "./post-job-model";
import { FormText, PostJobSection } from "./post-job-sections";
import { type LatLng, SitePinMap } from "./site-pin-map";
import { useSiteZipFill } from "./site-zip-fill";

/**
 * The form's third part: the site's address (a ZIP fills the city and state where our API's ZIP
 * table is there) and the pin candidates are ranked from, set on the map or typed.
 */
export function WhereSection({
  mapTileUrl,
  zipLookup = false,
}: {
  mapTileUrl: string;
  /** Our API's ZIP table is there (not the real service): the ZIP fills the site. */
  zipLookup?: boolean;
}) {
  const {
    control,
    setValue,
    setFocus,
    trigger,
    formState: { isSubmitted },
  } = useFormContext<PostJobFormValues>();
  const [lat, lng] = useWatch({ control, name: ["latitude", "longitude"] });
  const pin = useLastValidPair(lat, lng, coordinatePair);

  const movePin = useCallback(
    (p: LatLng | null) => {
      const opts = { shouldDirty: true, shouldTouch: true };
      setValue("latitude", p ? roundCoordinate(p.lat) : "", opts);
      setValue("longitude", p ? roundCoordinate(p.lng) : "", opts);
      // Both halves at once: validating one alone would call the other missing.
      if (isSubmitted) void trigger(["latitude", "longitude"]);
    },
    [setValue, trigger, isSubmitted],
  );

  const zipFill = useSiteZipFill(zipLookup, movePin);

  const removePin = () => {
    movePin(null);
    // The button goes with the pin: the coordinates are where to set a new one by keyboard.
    setFocus("latitude");
  };

  return (
    <PostJobSection
      step={3}
      title="Where"
      description="The address workers travel to, and a pin on the entrance they should use. Candidates are ranked by their distance from the pin."
    >
      <FormText
        name="venue"
        placeholder="Pier 70, Building 12"
        hint="Optional: a site or building name"
      />
      <FormText name="address" placeholder="420 Illinois St" />
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-6">
        <FormText name="city" className="col-span-2 sm:col-span-3" placeholder="San Francisco" />
        <FormText name="address_state" className="sm:col-span-1" placeholder="CA" />
        <FormText
          name="zip"
          className="sm:col-span-2"
          inputMode="numeric"
          placeholder="94158"
          hint={zipFill.hint}
        />
      </div>
      <p aria-live="polite" className="text-sm text-slate-600 empty:hidden">
        {zipFill.note}
      </p>

      <div className="border-t border-slate-100 pt-5">
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Site pin</legend>
          <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
            <p className="mt-0.5 min-w-0 flex-1 basis-64 text-sm text-slate-600">
              Click the map to drop the pin, then drag it onto the entrance. Or type the
              coordinates: the pin follows.
            </p>
            {pin && (
              <Button variant="ghost" className="-mr-2 px-2 py-1" onClick={removePin}>
                Remove pin
              </Button>
            )}
          </div>
          <div className="mt-3 grid grid-cols-2 gap-4">
            <FormText name="latitude" inputMode="decimal" placeholder="37.7609" hint="−90 to 90" />
            <FormText
              name="longitude"
              inputMode="decimal"
              placeholder="-122.3877"
              hint="−180 to 180"
            />
          </div>
          <SitePinMap className="mt-4" pin={pin} onPin={movePin} tileUrl={mapTileUrl} />
        </fieldset>
      </div>
    </PostJobSection>
  );
}
