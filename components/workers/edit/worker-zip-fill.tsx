"use client";

import { useEffect, useRef, useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { useZipCode, zipOf } from "@/lib/portal/client/hooks/use-zip-codes";
import { roundCoordinate, type WorkerFormValues } from "./worker-form-model";

const SET = { shouldDirty: true, shouldValidate: true, shouldTouch: true } as const;

/**
 * The worker's ZIP, looked up in our API's offline ZIP table: fills city and state when they
 * are empty (or hold the previous fill), and offers "Use ZIP centre" for the home location: a
 * worker's home pin never moves by itself. Without coordinates, the ranking already measures
 * from the ZIP's centre (approximate); the button makes that the home location on purpose.
 * Against the real service (no table) it says so in one quiet line.
 */
export function WorkerZipFill({ enabled }: { enabled: boolean }) {
  const { control, getValues, setValue } = useFormContext<WorkerFormValues>();
  const typed = useWatch({ control, name: "zip" }) ?? "";
  const zip = zipOf(typed);
  const query = useZipCode(typed, enabled);
  const last = useRef<{ city: string; state: string } | null>(null);
  const applied = useRef<string | null>(null);
  // The ZIP the record was loaded with: typing into a filled form must not fill it again.
  const initial = useRef(zip);
  const [note, setNote] = useState("");

  useEffect(() => {
    if (!enabled || zip === null || query.isFetching || applied.current === zip) return;
    const z = query.data;
    if (z === undefined) return;
    applied.current = zip;
    if (z === null) {
      setNote(`ZIP ${zip} is not in the ZIP table.`);
      return;
    }
    if (zip === initial.current) {
      // The ZIP the worker was saved with: said, nothing filled (opening the page changes nothing).
      setNote(`ZIP ${zip} is ${z.city}, ${z.state}.`);
      return;
    }
    const v = getValues();
    const prev = last.current;
    const free = (value: string, before: string | undefined) =>
      value.trim() === "" || (before !== undefined && value === before);
    const done: string[] = [];
    if (free(v.city, prev?.city)) {
      setValue("city", z.city, SET);
      done.push("city");
    }
    if (free(v.address_state, prev?.state)) {
      setValue("address_state", z.state, SET);
      done.push("state");
    }
    last.current = { city: z.city, state: z.state };
    setNote(
      done.length > 0
        ? `ZIP ${zip} is ${z.city}, ${z.state}. Filled: ${done.join(" and ")}.`
        : `ZIP ${zip} is ${z.city}, ${z.state}. Your entries are kept.`,
    );
  }, [enabled, zip, query.data, query.isFetching, getValues, setValue]);

  if (!enabled) {
    return (
      <p className="text-sm text-slate-500 sm:col-span-2">
        The ZIP is not looked up: the live service has no ZIP table.
      </p>
    );
  }
  const found = zip !== null && query.data ? query.data : null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 sm:col-span-2">
      <p aria-live="polite" className="min-w-0 flex-1 basis-64 text-sm text-slate-600">
        {zip === null
          ? "A five-digit ZIP fills city and state."
          : note || (query.isFetching ? `Looking up ZIP ${zip}…` : "")}
      </p>
      {found && (
        <Button
          variant="secondary"
          onClick={() => {
            setValue("home_latitude", roundCoordinate(found.latitude), SET);
            setValue("home_longitude", roundCoordinate(found.longitude), SET);
            setNote(
              `Home location set to the centre of ZIP ${found.zip} (approximate): drag the home pin onto the address.`,
            );
          }}
        >
          Use ZIP centre as home
        </Button>
      )}
    </div>
  );
}
