"use client";

import { useEffect, useRef, useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { useZipCode, zipOf } from "@/lib/portal/client/hooks/use-zip-codes";
import { coordinatePair, type PostJobFormValues, roundCoordinate } from "./post-job-model";
import type { LatLng } from "./site-pin-map";

type Filled = { city: string; state: string; tz: string; lat: string; lng: string };

/**
 * The site's ZIP fills city, state, the time zone and the pin (at the ZIP's centre, to be
 * dragged onto the entrance), from our API's offline ZIP table. A field is filled when it is
 * empty, or still holds what the previous ZIP fill put there: what the user typed (or dragged,
 * or picked) stays, and so do the coordinates while the user is typing in them. The time zone
 * is filled unless the user picked one. Says what it did in a polite live region. Against an
 * upstream without the lookup it does nothing, and says so in the ZIP's hint.
 */
export function useSiteZipFill(enabled: boolean, movePin: (p: LatLng) => void) {
  const { control, getValues, getFieldState, setValue } = useFormContext<PostJobFormValues>();
  const typed = useWatch({ control, name: "zip" }) ?? "";
  const zip = zipOf(typed);
  const query = useZipCode(typed, enabled);
  const last = useRef<Filled | null>(null);
  const applied = useRef<string | null>(null);
  const [note, setNote] = useState("");

  useEffect(() => {
    if (zip === null) applied.current = null;
  }, [zip]);

  useEffect(() => {
    if (!enabled || zip === null || query.isFetching) return;
    const z = query.data;
    if (z === undefined || applied.current === zip) return;
    applied.current = zip;
    if (z === null) {
      setNote(`ZIP ${zip} is not in the ZIP table: type the city and state.`);
      return;
    }
    const prev = last.current;
    const v = getValues();
    const free = (value: string, before: string | undefined) =>
      value.trim() === "" || (before !== undefined && value === before);
    const opts = { shouldDirty: true };
    const done: string[] = [];
    if (free(v.city, prev?.city)) {
      setValue("city", z.city, opts);
      done.push("city");
    }
    if (free(v.address_state, prev?.state)) {
      setValue("address_state", z.state, opts);
      done.push("state");
    }
    if (z.time_zone && (!getFieldState("timezone").isDirty || v.timezone === prev?.tz)) {
      setValue("timezone", z.time_zone, opts);
      done.push(`time zone (${z.time_zone.replaceAll("_", " ")})`);
    }
    const lat = roundCoordinate(z.latitude);
    const lng = roundCoordinate(z.longitude);
    const pinned = coordinatePair(v.latitude, v.longitude);
    // Someone typing the coordinates when the answer lands keeps them: setting the field under
    // their cursor would mix the ZIP's figures into what they type ("37.758937.7358").
    const typing = ["latitude", "longitude"].includes(
      document.activeElement?.getAttribute("name") ?? "",
    );
    if (!typing && (!pinned || (prev && v.latitude === prev.lat && v.longitude === prev.lng))) {
      movePin({ lat: z.latitude, lng: z.longitude });
      done.push("the pin at the ZIP’s centre — drag it onto the entrance");
    }
    last.current = { city: z.city, state: z.state, tz: z.time_zone ?? "", lat, lng };
    setNote(
      done.length > 0
        ? `ZIP ${zip} is ${z.city}, ${z.state}. Filled: ${done.join(", ")}.`
        : `ZIP ${zip} is ${z.city}, ${z.state}. Your entries are kept.`,
    );
  }, [enabled, zip, query.data, query.isFetching, getValues, getFieldState, setValue, movePin]);

  const hint = enabled
    ? "Fills city, state, time zone and the pin"
    : "Not looked up: the live service has no ZIP table";
  return { note: enabled && zip !== null ? note : "", hint };
}
