/** `2026-11-21T09:13:00.123+00:00`: ISO 8601 with milliseconds and a numeric offset. */
export function formatTimestamp(d: Date | null): string | null {
  return d ? d.toISOString().replace("Z", "+00:00") : null;
}

/** `2026-11-22T09:13:00Z`: what clients of the real service parse with %Y-%m-%dT%H:%M:%SZ. */
export function formatSecondsZ(d: Date): string {
  return `${d.toISOString().slice(0, 19)}Z`;
}

/** numeric(10,7) comes back as "37.7952000": trim to "37.7952". */
export function formatDecimal(v: string | null): string | null {
  if (v === null) return null;
  if (!v.includes(".")) return v;
  const t = v.replace(/0+$/, "").replace(/\.$/, "");
  return t === "-0" ? "0" : t;
}

export function paging(page: number, per: number) {
  return { limit: per, offset: (page - 1) * per };
}
