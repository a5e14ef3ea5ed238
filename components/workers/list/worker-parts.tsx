import type { Worker } from "@/lib/portal/types";

export function fullName(w: Pick<Worker, "first_name" | "last_name">): string {
  return `${w.first_name} ${w.last_name}`.trim() || "Unnamed worker";
}

export function place(w: Pick<Worker, "city" | "address_state">): string {
  return [w.city, w.address_state].filter(Boolean).join(", ");
}

const AVATAR_TONES = [
  "bg-indigo-100 text-indigo-700",
  "bg-sky-100 text-sky-700",
  "bg-emerald-100 text-emerald-700",
  "bg-amber-100 text-amber-800",
  "bg-rose-100 text-rose-700",
  "bg-violet-100 text-violet-700",
];

/** Initials in a tinted circle; decorative, the name is always written next to it. */
export function Avatar({ worker, className = "size-8" }: { worker: Worker; className?: string }) {
  const initials =
    `${worker.first_name.charAt(0)}${worker.last_name.charAt(0)}`.toUpperCase() || "?";
  return (
    <span
      aria-hidden="true"
      className={`grid shrink-0 place-items-center rounded-full text-xs font-semibold ${
        AVATAR_TONES[worker.id % AVATAR_TONES.length]
      } ${className}`}
    >
      {initials}
    </span>
  );
}

/**
 * Up to two badge names, then "+N". Names come from the company's badge list; a badge that is
 * not in it (yet) is only counted.
 */
export function BadgeChips({
  worker,
  names,
  max = 2,
  nowrap = false,
}: {
  worker: Worker;
  names: ReadonlyMap<string, string>;
  max?: number;
  /** One line, long names cut short: keeps table rows one height. */
  nowrap?: boolean;
}) {
  const ids = worker.user_badges.map((b) => b.badge_id);
  if (ids.length === 0) {
    return (
      <>
        <span aria-hidden="true" className="text-slate-400">
          —
        </span>
        <span className="sr-only">No badges</span>
      </>
    );
  }
  const known = ids.map((id) => names.get(id)).filter((n): n is string => Boolean(n));
  if (known.length === 0) {
    return (
      <span className="text-slate-600">
        {ids.length} {ids.length === 1 ? "badge" : "badges"}
      </span>
    );
  }
  const shown = known.slice(0, max);
  const rest = ids.length - shown.length;
  const hidden = known.slice(max);
  return (
    <span className={`flex items-center gap-1 ${nowrap ? "flex-nowrap" : "flex-wrap"}`}>
      {shown.map((name) => (
        <span
          key={name}
          className={`${nowrap ? "max-w-32" : "max-w-full"} truncate rounded-md bg-indigo-50 px-1.5 py-0.5 text-xs font-medium text-indigo-700 ring-1 ring-indigo-600/15 ring-inset`}
          title={name}
        >
          {name}
        </span>
      ))}
      {rest > 0 && (
        <span
          className="shrink-0 rounded-md bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-600"
          title={hidden.length ? hidden.join(", ") : undefined}
        >
          +{rest}
          <span className="sr-only"> more{hidden.length ? `: ${hidden.join(", ")}` : ""}</span>
        </span>
      )}
    </span>
  );
}
