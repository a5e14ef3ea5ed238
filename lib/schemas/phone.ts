import { parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";
import { BLANK } from "./common";

/**
 * International number with a leading "+", in any common formatting ("+1415-555-5555",
 * "+1 (415) 555 5555"), normalised to E.164 ("+14155555555") by libphonenumber-js.
 */
export function normalizePhone(input: string): string | null {
  const t = input.trim();
  if (!t.startsWith("+")) return null;
  const parsed = parsePhoneNumberFromString(t);
  return parsed?.isValid() ? parsed.number : null;
}

export const phone = () =>
  z
    .string({ error: (iss) => (iss.input == null ? BLANK : "must be a string") })
    .trim()
    .min(1, BLANK)
    .max(40, "is too long")
    .transform((v, ctx) => {
      const n = normalizePhone(v);
      if (!n) {
        ctx.addIssue({
          code: "custom",
          message: v.startsWith("+")
            ? "is not a valid phone number"
            : "must be in international format, starting with + and the country code",
        });
        return z.NEVER;
      }
      return n;
    });
