import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { zipCodes } from "@/lib/db/schema";
import type { ZipCode } from "@/lib/schemas/zip-code";
import { notFound } from "../errors";

/**
 * One US ZIP code from the offline table (`zip_codes`, loaded from the `zipcodes` package by the
 * migrate step, lib/db/zip-codes.ts): one primary-key read. Not company data: the same for
 * every caller.
 */
export async function lookupZip(db: DbOrTx, zip: string): Promise<ZipCode> {
  const [row] = await db.select().from(zipCodes).where(eq(zipCodes.zip, zip)).limit(1);
  if (!row) throw notFound("ZIP code");
  return {
    zip: row.zip,
    city: row.city,
    state: row.state,
    time_zone: row.timeZone,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
  };
}
