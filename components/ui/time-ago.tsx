"use client";

import { useEffect, useState } from "react";

const rtf = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["week", 7 * 86_400],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
];

/** "just now", "5 minutes ago", "yesterday". */
export function relativeTime(iso: string, now: number): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Number.isNaN(seconds)) return "at an unknown time";
  if (Math.abs(seconds) < 45) return "just now";
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  }
  return rtf.format(Math.round(seconds / 60), "minute");
}

/** The current time, refreshed every `ms`, so relative times stay true while the page is open. */
export function useNow(ms = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}

const absoluteFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: "medium",
  timeStyle: "medium",
});

/** "Jun 3, 2026, 10:04:05 AM" in the browser's time zone. */
export function absoluteTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : absoluteFormat.format(d);
}

/**
 * "5 minutes ago", kept true while the page is open, with the exact time as its tooltip (or
 * written beside it with `withAbsolute`).
 */
export function TimeAgo({
  iso,
  withAbsolute = false,
  className = "",
}: {
  iso: string;
  withAbsolute?: boolean;
  className?: string;
}) {
  const now = useNow(15_000);
  const absolute = absoluteTime(iso);
  return (
    <time dateTime={iso} title={absolute} className={className}>
      {relativeTime(iso, now)}
      {withAbsolute && <span className="text-slate-500"> · {absolute}</span>}
    </time>
  );
}
