/**
 * Coordinates as people copy them: a pair pasted in one go, and more decimals than the API
 * keeps. Pure string work, so nothing here goes through floating point.
 */

export type PastedPair = { lat: string; lng: string };

/** The decimals the API keeps (about a centimetre); more are rounded to these by the form. */
export const COORDINATE_DECIMALS = 7;

const NUMBER = String.raw`([+-]?\d{1,3}(?:\.\d+)?)\s*°?\s*([NSEW])?`;
// Hemisphere letters may also lead ("N 40.7484"), as some GPS apps write them.
const LEADING = String.raw`([NSEW])?\s*`;
const PAIR = new RegExp(`^${LEADING}${NUMBER}\\s*(?:[,;]\\s*|\\s+)${LEADING}${NUMBER}$`, "i");

/**
 * "40.7484, -73.9857" (also without the comma or the space, in parentheses or brackets as
 * Google Maps and GeoJSON-minded tools show it, with degree signs, or "40.7484° N, 73.9857° W")
 * → the two halves as typed, latitude first. Null for anything else (one number, words, three
 * numbers): that text is pasted as it is. Range is not checked here: the form says what is
 * wrong with a half next to its field, as it would if typed.
 */
export function parseCoordinatePair(text: string): PastedPair | null {
  const inner = text
    .trim()
    .replace(/[\u2212\u2012\u2013]/g, "-") // Typographic minus signs copied from documents.
    .replace(/^geo:/i, "")
    .replace(/^[([]\s*(.*?)\s*[)\]]$/s, "$1")
    .replace(/\s+/g, " ");
  const m = PAIR.exec(inner);
  if (!m) return null;
  const [, pre1, n1 = "", post1, pre2, n2 = "", post2] = m;
  const h1 = (pre1 ?? post1)?.toUpperCase();
  const h2 = (pre2 ?? post2)?.toUpperCase();
  if ((pre1 && post1) || (pre2 && post2)) return null;
  const first = signed(n1, h1);
  const second = signed(n2, h2);
  const a1 = axis(h1);
  const a2 = axis(h2);
  if (a1 && a1 === a2) return null; // "40 N 73 N": two latitudes.
  // "73.9857 W, 40.7484 N": the letters say which is which.
  return a1 === "lng" || a2 === "lat" ? { lat: second, lng: first } : { lat: first, lng: second };
}

function axis(hemisphere: string | undefined): "lat" | "lng" | null {
  if (hemisphere === "N" || hemisphere === "S") return "lat";
  if (hemisphere === "E" || hemisphere === "W") return "lng";
  return null;
}

/** A hemisphere letter sets the sign: "73.9857 W" → "-73.9857". */
function signed(n: string, hemisphere: string | undefined): string {
  const unsigned = n.replace(/^[+-]/, "");
  if (hemisphere === "S" || hemisphere === "W") return n.startsWith("-") ? n : `-${unsigned}`;
  if (hemisphere === "N" || hemisphere === "E") return n.startsWith("-") ? n : unsigned;
  return n.replace(/^\+/, "");
}

/**
 * "40.748412345" → "40.7484123": a decimal with more than `places` decimals rounded half away
 * from zero, on its digits (no float error: "0.12345675" rounds up, as written). Anything else,
 * including text that is not a plain decimal, comes back unchanged for the validator to judge.
 */
export function roundDecimalText(text: string, places = COORDINATE_DECIMALS): string {
  const m = /^\s*([+-]?)(\d+)\.(\d+)\s*$/.exec(text);
  if (!m) return text;
  const [, sign = "", int = "", frac = ""] = m;
  if (frac.length <= places) return text;
  const kept = `${int}${frac.slice(0, places)}`;
  const up = frac.charCodeAt(places) - 48 >= 5;
  const digits = up ? increment(kept) : kept;
  const cut = digits.length - places;
  const whole = digits.slice(0, cut).replace(/^0+(?=\d)/, "");
  const decimals = digits.slice(cut).replace(/0+$/, "");
  const body = decimals ? `${whole}.${decimals}` : whole;
  return sign === "-" && /[1-9]/.test(body) ? `-${body}` : body;
}

/** "0999" → "1000": one added to a string of digits. */
function increment(digits: string): string {
  const out = digits.split("");
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] === "9") {
      out[i] = "0";
    } else {
      out[i] = String(Number(out[i]) + 1);
      return out.join("");
    }
  }
  return `1${out.join("")}`;
}
