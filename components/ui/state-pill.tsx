import type { ReactNode } from "react";

export type PillTone = "success" | "warning" | "danger" | "neutral" | "info";

const TONES: Record<PillTone, { pill: string; dot: string }> = {
  success: { pill: "bg-emerald-50 text-emerald-700 ring-emerald-600/20", dot: "bg-emerald-500" },
  warning: { pill: "bg-amber-50 text-amber-800 ring-amber-600/20", dot: "bg-amber-500" },
  danger: { pill: "bg-rose-50 text-rose-700 ring-rose-600/20", dot: "bg-rose-500" },
  neutral: { pill: "bg-slate-100 text-slate-700 ring-slate-500/20", dot: "bg-slate-400" },
  info: { pill: "bg-sky-50 text-sky-800 ring-sky-600/20", dot: "bg-sky-500" },
};

/** A status as a small rounded pill with a coloured dot (the same look as the worker list's). */
export function StatePill({
  tone,
  pulse = false,
  children,
}: {
  tone: PillTone;
  /** The state is still moving (something is being tried). */
  pulse?: boolean;
  children: ReactNode;
}) {
  const t = TONES[tone];
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${t.pill}`}
    >
      <span
        aria-hidden="true"
        className={`size-1.5 rounded-full ${t.dot} ${pulse ? "animate-pulse" : ""}`}
      />
      {children}
    </span>
  );
}
