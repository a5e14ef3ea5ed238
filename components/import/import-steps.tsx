import { ICONS, Icon } from "./import-parts";

export const STEPS = [
  { key: "source", label: "Choose file" },
  { key: "mapping", label: "Match columns" },
  { key: "preview", label: "Review" },
  { key: "send", label: "Send" },
  { key: "report", label: "Report" },
] as const;
export type StepKey = (typeof STEPS)[number]["key"];

/** Where the import is: five steps, the current one marked for screen readers too. */
export function ImportSteps({ current }: { current: StepKey }) {
  const at = STEPS.findIndex((s) => s.key === current);
  return (
    <nav aria-label="Import progress">
      <ol className="flex items-center gap-2 sm:gap-3">
        {STEPS.map((s, i) => {
          const done = i < at;
          const now = i === at;
          return (
            <li
              key={s.key}
              aria-current={now ? "step" : undefined}
              className={`flex items-center gap-2 sm:gap-3 ${now ? "flex-none md:min-w-0 md:flex-1" : "min-w-0 flex-1"}`}
            >
              <span
                className={`grid size-7 shrink-0 place-items-center rounded-full text-xs font-semibold tabular-nums ${
                  done
                    ? "bg-indigo-600 text-white"
                    : now
                      ? "bg-white text-indigo-700 ring-2 ring-indigo-600"
                      : "bg-white text-slate-500 ring-1 ring-slate-300"
                }`}
              >
                {done ? <Icon d={ICONS.check} className="size-4" /> : i + 1}
              </span>
              <span
                className={`truncate text-sm font-medium ${now ? "text-slate-900" : done ? "text-slate-700" : "text-slate-500"} ${now ? "" : "sr-only md:not-sr-only"}`}
              >
                {s.label}
                {done && <span className="sr-only"> (done)</span>}
              </span>
              {i < STEPS.length - 1 && (
                <span
                  aria-hidden="true"
                  className={`h-px min-w-3 flex-1 ${done ? "bg-indigo-600" : "bg-slate-300"}`}
                />
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
