import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";
import { BLANK } from "./common";

/**
 * Workers are reached by text message on this number, and an extension cannot be dialled by
 * SMS: keeping "ext. 12" would store a number that never reaches the worker, and dropping it
 * (as E.164 does) would change what was typed without a word. So it is refused.
 */
export const PHONE_EXTENSION =
  "extensions are not supported: give the worker's own mobile number, which receives text messages";
export const PHONE_INTERNATIONAL =
  "must be in international format, starting with + and the country code";
export const PHONE_INVALID = "is not a valid phone number";
export const PHONE_CHARACTERS = "may hold only digits, spaces and + ( ) - . /";

/**
 * What libphonenumber-js reads as formatting: anything else it would skip (a note such as
 * "call me", a "tel:" prefix), and a number must never lose part of what was written.
 */
const FORMATTING_ONLY = /^[\p{Nd}\s\p{Pd}+＋()（）[\]［］./／]+$/u;

export type PhoneReading = { ok: true; e164: string } | { ok: false; message: string };

/**
 * A phone as written, to E.164 ("+1 (415) 555 5555" → "+14155555555"), or why not. With a
 * `defaultCountry` (the CSV import) a national number is read for that country; without one
 * (the API and the forms) the number must start with "+" and its country code. Nothing written
 * is ever dropped: an extension, or any text beside the number, is refused.
 */
export function readPhone(input: string, defaultCountry?: CountryCode): PhoneReading {
  const t = input.trim();
  const international = t.startsWith("+");
  const parsed = parsePhoneNumberFromString(t, defaultCountry);
  if (parsed?.ext) return { ok: false, message: PHONE_EXTENSION };
  if (!international && !defaultCountry) return { ok: false, message: PHONE_INTERNATIONAL };
  if (!FORMATTING_ONLY.test(t)) return { ok: false, message: PHONE_CHARACTERS };
  if (!parsed?.isValid()) {
    return {
      ok: false,
      message: international
        ? PHONE_INVALID
        : `is not a valid ${defaultCountry} number; write it with + and the country code`,
    };
  }
  return { ok: true, e164: parsed.number };
}

/** An international number ("+…") in E.164, or null when `readPhone` would refuse it. */
export function normalizePhone(input: string): string | null {
  const r = readPhone(input);
  return r.ok ? r.e164 : null;
}

export const phone = () =>
  z
    .string({ error: (iss) => (iss.input == null ? BLANK : "must be a string") })
    .trim()
    .min(1, BLANK)
    .max(40, "is too long")
    .transform((v, ctx) => {
      const r = readPhone(v);
      if (r.ok) return r.e164;
      ctx.addIssue({ code: "custom", message: r.message });
      return z.NEVER;
    });
