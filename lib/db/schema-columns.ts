import { numeric, timestamp } from "drizzle-orm/pg-core";

/** Timestamps with time zone, as Dates, to the millisecond (what the API formats). */
export const ts = (name: string) =>
  timestamp(name, { withTimezone: true, mode: "date", precision: 3 });
/** Latitude or longitude: 7 decimals (about a centimetre), as the API takes them. */
export const coordinate = (name: string) => numeric(name, { precision: 10, scale: 7 });
