/**
 * Decimal degrees as the API takes them, without zod: the rule behind `coordinate()` in
 * common.ts, and what the browser's map uses to read the coordinate inputs as they are typed
 * (it must not download the validation library for that).
 */

type CoordinateParse = { ok: true; value: string | null } | { ok: false; message: string };

/** A coordinate as sent (string or number; blank or null clears it), checked and normalised. */
export function parseCoordinate(v: string | number | null, limit: 90 | 180): CoordinateParse {
  if (v === null || v === "") return { ok: true, value: null };
  const s = typeof v === "number" ? numberToDecimal(v) : v.trim();
  if (s === null || !/^[+-]?\d{1,3}(?:\.\d+)?$/.test(s)) {
    return { ok: false, message: "must be a decimal number" };
  }
  const decimals = s.split(".")[1]?.length ?? 0;
  if (decimals > 7) return { ok: false, message: "must have at most 7 decimal places" };
  const n = Number(s);
  if (n < -limit || n > limit) {
    return { ok: false, message: `must be between -${limit} and ${limit}` };
  }
  return { ok: true, value: normalizeDecimal(s) };
}

function numberToDecimal(n: number): string | null {
  if (!Number.isFinite(n)) return null;
  // Up to 7 decimals exactly as written; more decimals than that is refused above.
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return n.toFixed(10).replace(/0+$/, "").replace(/\.$/, "");
}

/** "+037.7952000" → "37.7952"; "-0.0" → "0". */
export function normalizeDecimal(s: string): string {
  let [int = "0", frac = ""] = s.replace(/^\+/, "").split(".");
  const neg = int.startsWith("-");
  int = int.replace(/^-/, "").replace(/^0+(?=\d)/, "");
  frac = frac.replace(/0+$/, "");
  const body = frac ? `${int}.${frac}` : int;
  return neg && /[1-9]/.test(body) ? `-${body}` : body;
}
