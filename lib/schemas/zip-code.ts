import { z } from "zod";

/** A US ZIP code as the lookup takes it: five digits (a ZIP+4's first five are the ZIP). */
export const zipParamSchema = z.object({
  zip: z.string().regex(/^\d{5}$/, "must be 5 digits"),
});

/** GET /api_v2/zip_codes/:zip (ours): the place and centre of one US ZIP code. */
export const zipCodeSchema = z.object({
  zip: z.string(),
  city: z.string(),
  state: z.string(),
  /** IANA time zone of the centre (e.g. America/Chicago); null where none was found. */
  time_zone: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
});

export type ZipCode = z.infer<typeof zipCodeSchema>;
