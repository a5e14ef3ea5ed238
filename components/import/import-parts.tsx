"use client";

import { type ReactNode, useEffect, useRef, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";

const numberFormat = new Intl.NumberFormat("en-US");
/** 5,000 rather than 5000. */
export const fmt = (n: number) => numberFormat.format(n);

/** "1 row", "5 rows". */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${fmt(n)} ${n === 1 ? one : many}`;

type Tone = "neutral" | "success" | "danger" | "warning" | "info";

const TILE_TONES: Record<Tone, { ring: string; value: string; dot: string }> = {
  neutral: { ring: "ring-slate-200", value: "text-slate-900", dot: "bg-slate-400" },
  success: { ring: "ring-emerald-200", value: "text-emerald-700", dot: "bg-emerald-500" },
  danger: { ring: "ring-rose-200", value: "text-rose-700", dot: "bg-rose-500" },
  warning: { ring: "ring-amber-200", value: "text-amber-700", dot: "bg-amber-500" },
  info: { ring: "ring-sky-200", value: "text-sky-700", dot: "bg-sky-500" },
};

/** A number with its label, as a small card. Zero is drawn quieter than a real count. */
export function StatTile({
  label,
  value,
  tone = "neutral",
  hint,
}: {
  label: string;
  value: number;
  tone?: Tone;
  hint?: ReactNode;
}) {
  const t = TILE_TONES[value === 0 ? "neutral" : tone];
  return (
    <div className={`rounded-xl bg-white px-4 py-3 shadow-sm ring-1 ${t.ring}`}>
      <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-600">
        <span aria-hidden="true" className={`size-1.5 rounded-full ${t.dot}`} />
        {label}
      </dt>
      <dd
        className={`mt-1 text-2xl font-semibold tracking-tight tabular-nums ${value === 0 ? "text-slate-400" : t.value}`}
      >
        {fmt(value)}
      </dd>
      {hint && <dd className="mt-0.5 truncate text-xs text-slate-500">{hint}</dd>}
    </div>
  );
}

/**
 * A bar that fills from `done` of `total`, with segments in the outcome colours when given.
 * The numbers are announced by the caller's text; the bar itself is a labelled progressbar.
 */
export function ProgressBar({
  label,
  done,
  total,
  segments,
  animated = false,
}: {
  label: string;
  done: number;
  total: number;
  segments?: { value: number; className: string }[];
  animated?: boolean;
}) {
  const pct = total > 0 ? Math.min(100, (done / total) * 100) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={done}
      aria-valuetext={`${fmt(done)} of ${fmt(total)}`}
      className="relative h-3 w-full overflow-hidden rounded-full bg-slate-100 ring-1 ring-slate-200 ring-inset"
    >
      {segments ? (
        <div className="flex h-full" style={{ width: `${pct}%` }}>
          {segments.map((s) =>
            s.value > 0 ? (
              <div
                key={s.className}
                className={`h-full transition-[flex-grow] duration-300 ${s.className}`}
                style={{ flexGrow: s.value }}
              />
            ) : null,
          )}
        </div>
      ) : (
        <div
          className="h-full rounded-full bg-indigo-600 transition-[width] duration-200"
          style={{ width: `${pct}%` }}
        />
      )}
      {animated && (
        <div
          aria-hidden="true"
          className="absolute inset-0 animate-pulse bg-gradient-to-r from-transparent via-white/30 to-transparent"
        />
      )}
    </div>
  );
}

/** Previous / next through a long list, with where we are ("Rows 51–100 of 5,000"). */
export function Pager({
  label,
  page,
  per,
  total,
  onPage,
}: {
  label: string;
  page: number;
  per: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / per));
  if (total <= per) return null;
  const first = (page - 1) * per + 1;
  const last = Math.min(total, page * per);
  return (
    <nav
      aria-label={label}
      className="flex items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 text-sm sm:px-5"
    >
      <p className="text-slate-600 tabular-nums">
        <span className="font-medium text-slate-900">
          {fmt(first)}–{fmt(last)}
        </span>{" "}
        of {fmt(total)}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}

function subscribeMedia(query: string) {
  return (cb: () => void) => {
    const m = window.matchMedia(query);
    m.addEventListener("change", cb);
    return () => m.removeEventListener("change", cb);
  };
}

/** From `sm` (640 px) up: tables; below it, stacked cards. */
export function useWide(): boolean {
  const query = "(min-width: 640px)";
  return useSyncExternalStore(
    subscribeMedia(query),
    () => window.matchMedia(query).matches,
    () => true,
  );
}

/** A heading that takes focus when its step appears, so a screen reader hears where it is. */
export function StepHeading({
  children,
  id,
  focusOnMount = true,
}: {
  children: ReactNode;
  id?: string;
  focusOnMount?: boolean;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the step appears
  useEffect(() => {
    if (focusOnMount) ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <h2
      id={id}
      ref={ref}
      tabIndex={-1}
      className="text-lg font-semibold text-slate-900 focus:outline-none"
    >
      {children}
    </h2>
  );
}

/** A small inline icon (20×20 solid paths). */
export function Icon({ d, className = "size-5" }: { d: string; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={className}>
      <path fillRule="evenodd" d={d} clipRule="evenodd" />
    </svg>
  );
}

export const ICONS = {
  upload:
    "M9.25 13.25a.75.75 0 0 0 1.5 0V4.636l2.955 3.129a.75.75 0 0 0 1.09-1.03l-4.25-4.5a.75.75 0 0 0-1.09 0l-4.25 4.5a.75.75 0 1 0 1.09 1.03L9.25 4.636v8.614Z M3.5 12.75a.75.75 0 0 0-1.5 0v2.5A2.75 2.75 0 0 0 4.75 18h10.5A2.75 2.75 0 0 0 18 15.25v-2.5a.75.75 0 0 0-1.5 0v2.5c0 .69-.56 1.25-1.25 1.25H4.75c-.69 0-1.25-.56-1.25-1.25v-2.5Z",
  check:
    "M16.704 4.153a.75.75 0 0 1 .143 1.052l-8 10.5a.75.75 0 0 1-1.127.075l-4.5-4.5a.75.75 0 0 1 1.06-1.06l3.894 3.893 7.48-9.817a.75.75 0 0 1 1.05-.143Z",
  warning:
    "M8.485 2.495c.673-1.167 2.357-1.167 3.03 0l6.28 10.875c.673 1.167-.17 2.625-1.516 2.625H3.72c-1.347 0-2.189-1.458-1.515-2.625L8.485 2.495ZM10 5a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 5Zm0 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z",
  error:
    "M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z",
  document:
    "M4.5 2A1.5 1.5 0 0 0 3 3.5v13A1.5 1.5 0 0 0 4.5 18h11a1.5 1.5 0 0 0 1.5-1.5V7.621a1.5 1.5 0 0 0-.44-1.06l-4.12-4.122A1.5 1.5 0 0 0 11.378 2H4.5Zm2.25 8.5a.75.75 0 0 0 0 1.5h6.5a.75.75 0 0 0 0-1.5h-6.5Zm0 3a.75.75 0 0 0 0 1.5h6.5a.75.75 0 0 0 0-1.5h-6.5Z",
  download:
    "M10.75 2.75a.75.75 0 0 0-1.5 0v8.614L6.295 8.235a.75.75 0 1 0-1.09 1.03l4.25 4.5a.75.75 0 0 0 1.09 0l4.25-4.5a.75.75 0 0 0-1.09-1.03l-2.955 3.129V2.75Z M3.5 12.75a.75.75 0 0 0-1.5 0v2.5A2.75 2.75 0 0 0 4.75 18h10.5A2.75 2.75 0 0 0 18 15.25v-2.5a.75.75 0 0 0-1.5 0v2.5c0 .69-.56 1.25-1.25 1.25H4.75c-.69 0-1.25-.56-1.25-1.25v-2.5Z",
  arrowRight:
    "M3 10a.75.75 0 0 1 .75-.75h10.638L10.23 5.29a.75.75 0 1 1 1.04-1.08l5.5 5.25a.75.75 0 0 1 0 1.08l-5.5 5.25a.75.75 0 1 1-1.04-1.08l4.158-3.96H3.75A.75.75 0 0 1 3 10Z",
  arrowLeft:
    "M17 10a.75.75 0 0 1-.75.75H5.612l4.158 3.96a.75.75 0 1 1-1.04 1.08l-5.5-5.25a.75.75 0 0 1 0-1.08l5.5-5.25a.75.75 0 1 1 1.04 1.08L5.612 9.25H16.25A.75.75 0 0 1 17 10Z",
  pause:
    "M5.75 3a.75.75 0 0 0-.75.75v12.5c0 .414.336.75.75.75h1.5a.75.75 0 0 0 .75-.75V3.75A.75.75 0 0 0 7.25 3h-1.5ZM12.75 3a.75.75 0 0 0-.75.75v12.5c0 .414.336.75.75.75h1.5a.75.75 0 0 0 .75-.75V3.75a.75.75 0 0 0-.75-.75h-1.5Z",
  play: "M6.3 2.84A1.5 1.5 0 0 0 4 4.11v11.78a1.5 1.5 0 0 0 2.3 1.27l9.344-5.891a1.5 1.5 0 0 0 0-2.538L6.3 2.841Z",
  sparkles:
    "M15.98 1.804a1 1 0 0 0-1.96 0l-.24 1.192a1 1 0 0 1-.784.785l-1.192.238a1 1 0 0 0 0 1.962l1.192.238a1 1 0 0 1 .785.785l.238 1.192a1 1 0 0 0 1.962 0l.238-1.192a1 1 0 0 1 .785-.785l1.192-.238a1 1 0 0 0 0-1.962l-1.192-.238a1 1 0 0 1-.785-.785l-.238-1.192ZM6.949 5.684a1 1 0 0 0-1.898 0l-.683 2.051a1 1 0 0 1-.633.633l-2.051.683a1 1 0 0 0 0 1.898l2.051.684a1 1 0 0 1 .633.632l.683 2.051a1 1 0 0 0 1.898 0l.683-2.051a1 1 0 0 1 .633-.633l2.051-.683a1 1 0 0 0 0-1.898l-2.051-.683a1 1 0 0 1-.633-.633L6.95 5.684Z",
  clipboard:
    "M13.887 3.182c.396.037.79.08 1.183.128C16.194 3.45 17 4.414 17 5.517V16.75A2.25 2.25 0 0 1 14.75 19h-9.5A2.25 2.25 0 0 1 3 16.75V5.517c0-1.103.806-2.068 1.93-2.207.393-.048.787-.09 1.183-.128A3.001 3.001 0 0 1 9 1h2c1.373 0 2.531.923 2.887 2.182ZM7.5 4A1.5 1.5 0 0 1 9 2.5h2A1.5 1.5 0 0 1 12.5 4v.5h-5V4Z",
} as const;
