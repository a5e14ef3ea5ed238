import { useRef } from "react";

export type LatLng = { lat: number; lng: number };

/**
 * A coordinate pair typed in two inputs, as a point for a map: the last valid one is kept while
 * a half is being typed ("37." is not a number yet), so the pin does not vanish on every
 * keystroke; clearing either input clears it. `parse` is the form's own reading of the pair.
 */
export function useLastValidPair(
  lat: string,
  lng: string,
  parse: (lat: string, lng: string) => LatLng | null,
): LatLng | null {
  const last = useRef<LatLng | null>(null);
  const pair = parse(lat, lng);
  if (pair) {
    if (last.current?.lat !== pair.lat || last.current?.lng !== pair.lng) last.current = pair;
    return last.current;
  }
  if (lat.trim() === "" || lng.trim() === "") last.current = null;
  return last.current;
}
