import type { Candidate } from "@/lib/portal/job-types";

/**
 * The candidates panel's arithmetic, kept pure so it is tested without a map or a browser:
 * how a distance reads, which rings frame the candidates, where each marker goes and what the
 * map says to a screen reader.
 */

export type LatLng = { lat: number; lng: number };

export type MarkerDatum = {
  workerId: number;
  rank: number;
  name: string;
  kind: "current" | "home" | "zip";
  lat: number;
  lng: number;
  miles: number | null;
};

const M_PER_MILE = 1609.344;
/** The mean earth radius, in km (the one earth_distance and Leaflet's haversine use). */
const EARTH_KM = 6371.0088;

const oneDecimal = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 1 });
const whole = (n: number) => Math.round(n).toLocaleString("en-US");

/** "3.2 mi" (one decimal under 10, whole miles from there; "< 0.1 mi" when closer). */
export function formatMiles(miles: number): string {
  if (miles < 0.05) return "< 0.1 mi";
  return miles < 9.95 ? `${oneDecimal(miles)} mi` : `${whole(miles)} mi`;
}

/** "5.1 km", or metres under one km ("480 m", to the nearest 10 m). */
export function formatKm(km: number): string {
  if (km < 0.995) return `${Math.round((km * 1000) / 10) * 10} m`;
  return km < 9.95 ? `${oneDecimal(km)} km` : `${whole(km)} km`;
}

/** "3.2 mi · 5.1 km"; "At the site" for zero; null when the worker has no location. */
export function formatDistance(
  c: Pick<Candidate, "distance_miles" | "distance_km">,
): string | null {
  if (c.distance_miles === null || c.distance_km === null) return null;
  if (c.distance_km === 0) return "At the site";
  return `${formatMiles(c.distance_miles)} · ${formatKm(c.distance_km)}`;
}

/** Which location the distance was measured from, as the list says it. */
export function measuredFrom(coordinates: Candidate["coordinates"]): string {
  if (coordinates === "current") return "from current location";
  if (coordinates === "home") return "from home";
  if (coordinates === "zip") return "from the ZIP’s centre (approximate)";
  return "No location";
}

const toNumber = (v: string | number | null | undefined): number | null => {
  if (v === null || v === undefined || v === "") return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

/** A latitude/longitude pair, when both are present and on the globe. */
export function latLngOf(
  lat: string | number | null | undefined,
  lng: string | number | null | undefined,
): LatLng | null {
  const a = toNumber(lat);
  const b = toNumber(lng);
  if (a === null || b === null || Math.abs(a) > 90 || Math.abs(b) > 180) return null;
  return { lat: a, lng: b };
}

const nameOf = (w: Candidate["worker"]) =>
  `${w.first_name ?? ""} ${w.last_name ?? ""}`.trim() || "Unnamed worker";

/**
 * One marker per located candidate, at the location the ranking measured (current, else
 * home, else the ZIP's centre, approximate), numbered by rank. Candidates without one are left off (the list still shows them).
 */
export function markerData(candidates: readonly Candidate[]): MarkerDatum[] {
  const out: MarkerDatum[] = [];
  for (const c of candidates) {
    const w = c.worker;
    const at =
      c.coordinates === "current"
        ? latLngOf(w.latitude, w.longitude)
        : c.coordinates === "home"
          ? latLngOf(w.home_latitude, w.home_longitude)
          : c.coordinates === "zip"
            ? latLngOf(c.zip_centre?.latitude, c.zip_centre?.longitude)
            : null;
    if (!at || c.coordinates === null) continue;
    out.push({
      workerId: w.id,
      rank: c.rank,
      name: nameOf(w),
      kind: c.coordinates,
      lat: at.lat,
      lng: at.lng,
      miles: c.distance_miles,
    });
  }
  return out;
}

/** Round distances a person reads a map by, in miles. */
export const RING_LADDER_MILES = [0.25, 0.5, 1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500];

/**
 * Up to three distance rings (miles, ascending) that frame the candidates: the largest round
 * distances no further out than a quarter beyond the furthest candidate (so every ring sits in
 * the framed view), and none smaller than a twelfth of it (a ring around nobody, a dot at this
 * zoom, says nothing). When everyone is closer than the smallest round distance, that one ring.
 * No located candidate: no rings.
 */
export function chooseRings(distancesMiles: readonly (number | null)[]): number[] {
  const known = distancesMiles.filter((d): d is number => d !== null && Number.isFinite(d));
  if (known.length === 0) return [];
  const furthest = Math.max(...known);
  const fitting = RING_LADDER_MILES.filter((r) => r <= furthest * 1.25 && r >= furthest / 12);
  if (fitting.length === 0) {
    const first = RING_LADDER_MILES.find((r) => r >= furthest);
    return first === undefined ? [] : [first];
  }
  return fitting.slice(-3);
}

/** "5 mi", "0.5 mi", "1,000 mi". */
export function ringLabel(miles: number): string {
  return `${miles.toLocaleString("en-US")} mi`;
}

const kmOf = (miles: number) => (miles * M_PER_MILE) / 1000;
const degLatOf = (miles: number) => (kmOf(miles) / EARTH_KM) * (180 / Math.PI);

/** Where a ring's label sits: due north of the site, on the ring. */
export function ringLabelPoint(site: LatLng, miles: number): LatLng {
  return { lat: Math.min(90, site.lat + degLatOf(miles)), lng: site.lng };
}

/** The box around a ring (south-west, north-east), to frame the map with it. */
export function ringBounds(site: LatLng, miles: number): [LatLng, LatLng] {
  const dLat = degLatOf(miles);
  const cos = Math.cos((site.lat * Math.PI) / 180);
  // Near a pole a degree of longitude shrinks to nothing: cap the box at the whole globe.
  const dLng = cos < 1e-6 ? 180 : Math.min(180, dLat / cos);
  return [
    { lat: Math.max(-90, site.lat - dLat), lng: site.lng - dLng },
    { lat: Math.min(90, site.lat + dLat), lng: site.lng + dLng },
  ];
}

export const metresOf = (miles: number) => miles * M_PER_MILE;

/**
 * The map's text alternative: what is on it, and the nearest distance. Candidates the map
 * cannot place are counted so the reader knows the list holds more.
 */
export function mapSummary(markers: readonly MarkerDatum[], candidateCount: number): string {
  const n = markers.length;
  const who = n === 1 ? "1 candidate" : `${n} candidates`;
  const near = markers
    .map((m) => m.miles)
    .filter((d): d is number => d !== null)
    .reduce<number | null>((min, d) => (min === null || d < min ? d : min), null);
  const home = markers.filter((m) => m.kind === "home").length;
  const parts = [`Map: work site and ${who}`];
  if (near !== null) parts.push(`nearest ${formatMiles(near)}`);
  let text = parts.join(", ");
  if (home > 0) text += `; ${home} placed at their home location`;
  const zip = markers.filter((m) => m.kind === "zip").length;
  if (zip > 0) text += `; ${zip} placed approximately, at their ZIP code’s centre`;
  const unplaced = candidateCount - n;
  if (unplaced > 0) text += `; ${unplaced} without a location not shown`;
  return text;
}

/**
 * The order in one line, as the service ranks (lib/api-v2/jobs/candidates.ts): nearest first
 * from the current location, else home, else the ZIP's centre (approximate, after real
 * coordinates at the same distance); equal distances by preferred, then rating; workers
 * with no location last. Without a site pin there is no distance, only the tie-break.
 */
export function rankingRule(hasSite: boolean, requiredBadges: number): string {
  const who =
    requiredBadges === 0
      ? "active workers in your pool"
      : requiredBadges === 1
        ? "active workers holding the required badge"
        : `active workers holding all ${requiredBadges} required badges`;
  return hasSite
    ? `Nearest first (current location, else home, else the ZIP code’s centre — approximate), among ${who}. At equal distance real locations come first, then preferred workers, then the higher rating; workers with no location come last.`
    : `Preferred workers first, then the higher rating, among ${who}.`;
}
