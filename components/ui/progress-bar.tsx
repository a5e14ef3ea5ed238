/**
 * A labelled progress bar. With `max` unknown (null) it is indeterminate: a moving stripe, and
 * no value announced beyond `valueText`.
 */
const SLIDE = "@keyframes ui-progress-slide { 0% { left: -33%; } 100% { left: 100%; } }";

export function ProgressBar({
  label,
  value,
  max,
  valueText,
  tone = "indigo",
  className = "",
}: {
  label: string;
  value: number;
  max: number | null;
  /** What a screen reader says for the value ("120 of 500 workers"). */
  valueText?: string;
  tone?: "indigo" | "amber";
  className?: string;
}) {
  const known = max !== null && max > 0;
  const pct = known ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  const fill = tone === "amber" ? "bg-amber-500" : "bg-indigo-600";
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={known ? max : undefined}
      aria-valuenow={known ? Math.min(value, max) : undefined}
      aria-valuetext={valueText}
      className={`relative h-2 w-full overflow-hidden rounded-full bg-slate-200 ${className}`}
    >
      {known ? (
        <div
          className={`h-full rounded-full transition-[width] duration-200 ease-out ${fill}`}
          style={{ width: `${pct}%` }}
        />
      ) : (
        <>
          {/* React hoists and de-duplicates this: one rule however many bars are drawn. */}
          <style href="ui-progress-slide" precedence="default">
            {SLIDE}
          </style>
          <div
            className={`absolute inset-y-0 w-1/3 animate-[ui-progress-slide_1.4s_ease-in-out_infinite] rounded-full motion-reduce:w-full motion-reduce:animate-none motion-reduce:opacity-40 ${fill}`}
          />
        </>
      )}
    </div>
  );
}
