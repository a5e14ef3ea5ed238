"use client";

import { useQuery } from "@tanstack/react-query";
import { ApiClientError, apiFetch } from "@/lib/portal/client/fetcher";

/** GET /zip_codes/:zip (our API's addition): a US ZIP code's place, time zone and centre. */
export type ZipCode = {
  zip: string;
  city: string;
  state: string;
  time_zone: string | null;
  latitude: number;
  longitude: number;
};

/** The five digits a typed ZIP (or ZIP+4) starts with, or null while it is not one yet. */
export function zipOf(typed: string): string | null {
  const m = /^\s*(\d{5})(?:-\d{4})?\s*$/.exec(typed);
  return m ? m[1]! : null;
}

/**
 * The ZIP's record, once five digits are typed; `null` data for a ZIP the table does not hold.
 * Off (`enabled` false) against an upstream without the lookup (the real service).
 */
export function useZipCode(typed: string, enabled: boolean) {
  const zip = zipOf(typed);
  return useQuery({
    queryKey: ["zip_codes", zip] as const,
    enabled: enabled && zip !== null,
    queryFn: async (): Promise<ZipCode | null> => {
      try {
        return (await apiFetch<ZipCode>(`zip_codes/${zip}`)).data;
      } catch (err) {
        if (err instanceof ApiClientError && err.status === 404) return null;
        throw err;
      }
    },
    // A ZIP's place does not change while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
