import { z } from "zod";
import { zipCodeSchema } from "@/lib/schemas/zip-code";
import { ADDITION_NOTE, AUTH_ERRORS, type Endpoint } from "../shared";

const ZipCode = zipCodeSchema.meta({
  id: "ZipCode",
  description: `A US ZIP code's city, state (two letters), IANA time zone of its centre (null where none was found) and centre (latitude, longitude).${ADDITION_NOTE}`,
  example: {
    zip: "60601",
    city: "Chicago",
    state: "IL",
    time_zone: "America/Chicago",
    latitude: 41.8858,
    longitude: -87.6181,
  },
});

export const ZIP_CODES_ENDPOINTS: Endpoint[] = [
  {
    method: "get",
    path: "/api_v2/zip_codes/{zip}",
    operationId: "getZipCode",
    tag: "Job requests",
    summary: "Look up a ZIP code",
    description: `The city, state, time zone and centre of a US ZIP code, from an offline table (the \`zipcodes\` package's 42,555 five-digit codes; time zones from each centre by \`@photostructure/tz-lookup\`): no geocoding service is asked. The employer portal fills a site's city, state and time zone with it and drops the pin at the centre; a worker with only a ZIP is ranked from the same centre (approximate). The same for every company: any token may ask. Unknown codes are 404 \`not_found\`; anything but five digits is 422 \`validation_failed\` on \`zip\`.${ADDITION_NOTE}`,
    auth: true,
    addition: true,
    request: {
      params: z.object({
        zip: z
          .string()
          .regex(/^\d{5}$/)
          .meta({ description: "Five digits.", example: "60601" }),
      }),
    },
    success: { status: 200, description: "The ZIP code.", schema: ZipCode },
    errors: [...AUTH_ERRORS, "not_found", "validation_failed"],
  },
];
