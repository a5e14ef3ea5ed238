"use client";

import { useMemo } from "react";
import { useWatch } from "react-hook-form";
import {
  type QualifiedWorkersParams,
  useQualifiedWorkers,
} from "@/lib/portal/client/hooks/use-qualified-workers";
import { useDebounced } from "@/lib/portal/client/use-debounced";
import { coordinatePair, type PostJobFormValues } from "./post-job-model";

/** The count's distance when the posting names none (the API's default too). */
const DEFAULT_MILES = 25;

/**
 * "14 qualified workers within 10 mi": who the ranking would offer this posting, as the site,
 * the required badges and the notification distance change (asked once they stand still).
 * Ours: shown only against our API.
 */
export function QualifiedLine() {
  const [lat, lng, badges, distance] = useWatch<
    PostJobFormValues,
    ["latitude", "longitude", "badges", "notification_distance"]
  >({ name: ["latitude", "longitude", "badges", "notification_distance"] });
  const point = coordinatePair(lat ?? "", lng ?? "");
  const miles = Number(distance);
  const within = Number.isInteger(miles) && miles >= 1 && miles <= 500 ? miles : DEFAULT_MILES;
  // Debounced as text: a new object each render would never stand still.
  const asked = useDebounced(
    point
      ? JSON.stringify({
          lat: point.lat,
          lng: point.lng,
          distance: within,
          badgeIds: (badges ?? []).map((b) => b.id).join(","),
        })
      : "",
    400,
  );
  const params = useMemo(
    () => (asked ? (JSON.parse(asked) as QualifiedWorkersParams) : null),
    [asked],
  );
  const q = useQualifiedWorkers(params);
  const n = q.data?.count;
  const message = !point
    ? "Pin the site to see how many qualified workers are near it."
    : q.isError
      ? "The number of qualified workers could not be counted right now."
      : n === undefined
        ? "Counting qualified workers…"
        : `${n.toLocaleString("en-US")} qualified ${n === 1 ? "worker" : "workers"} within ${q.data!.distance} mi`;
  return (
    <div className="rounded-xl bg-indigo-50 px-4 py-3 ring-1 ring-indigo-200 sm:px-5">
      <p
        role="status"
        aria-live="polite"
        data-testid="qualified-line"
        className={`text-sm font-medium text-indigo-900 ${q.isFetching ? "opacity-70" : ""}`}
      >
        {message}
      </p>
      <p className="mt-0.5 text-xs text-indigo-800">
        Workers in your pool who hold every required badge and are not suspended, measured from
        where they are (else home). Posting offers the job to the nearest first.
      </p>
    </div>
  );
}
