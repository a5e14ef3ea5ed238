import type { ReactNode } from "react";
import "./reference.css";

const STYLES: Record<string, string> = {
  GET: "bg-sky-100 text-sky-800 ring-sky-700/20",
  POST: "bg-emerald-100 text-emerald-800 ring-emerald-700/20",
  PUT: "bg-violet-100 text-violet-800 ring-violet-700/20",
  PATCH: "bg-amber-100 text-amber-900 ring-amber-700/25",
  DELETE: "bg-rose-100 text-rose-800 ring-rose-700/20",
};

/** The HTTP method as a coloured label; the colour only repeats what the text says. */
export function MethodBadge({ method, size = "md" }: { method: string; size?: "sm" | "md" }) {
  const sizing =
    size === "sm"
      ? "w-14 px-1 py-0.5 text-[10px] tracking-wide"
      : "min-w-16 px-2 py-1 text-xs tracking-wider";
  return (
    <span
      className={`inline-flex shrink-0 items-center justify-center rounded-md font-mono font-bold ring-1 ring-inset ${sizing} ${STYLES[method] ?? "bg-slate-100 text-slate-800 ring-slate-700/20"}`}
    >
      {method}
    </span>
  );
}

/** 2xx green, 4xx amber, 5xx red, with the code itself as the text. */
export function StatusBadge({ status }: { status: string }) {
  const style = status.startsWith("2")
    ? "bg-emerald-50 text-emerald-800 ring-emerald-700/20"
    : status.startsWith("5")
      ? "bg-rose-50 text-rose-800 ring-rose-700/20"
      : "bg-amber-50 text-amber-900 ring-amber-700/25";
  return <span className={`ref-status ${style}`}>{status}</span>;
}

export function Pill({
  children,
  tone = "slate",
}: {
  children: ReactNode;
  tone?: "slate" | "violet" | "sky" | "amber";
}) {
  const tones = {
    slate: "bg-slate-100 text-slate-700 ring-slate-600/20",
    violet: "bg-violet-50 text-violet-800 ring-violet-700/20",
    sky: "bg-sky-50 text-sky-800 ring-sky-700/20",
    amber: "bg-amber-50 text-amber-900 ring-amber-700/25",
  };
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

export function AdditionPill() {
  return (
    <Pill tone="violet">
      <span aria-hidden="true" className="mr-1">
        +
      </span>
      Our addition
    </Pill>
  );
}
