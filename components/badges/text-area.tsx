import { forwardRef, type ReactNode, type TextareaHTMLAttributes, useId } from "react";
import { inputClass } from "@/components/ui/field";

/** TextField's look and wiring (label, hint, aria-invalid, error linked and announced), multi-line. */
export const TextArea = forwardRef<
  HTMLTextAreaElement,
  {
    label: string;
    error?: string;
    hint?: ReactNode;
    className?: string;
  } & TextareaHTMLAttributes<HTMLTextAreaElement>
>(function TextArea({ label, error, hint, className = "", id, rows = 3, ...props }, ref) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy =
    [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        {label}
        {props.required && (
          <span className="text-red-600" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      <textarea
        ref={ref}
        id={inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1 resize-y ${inputClass(Boolean(error))}`}
        {...props}
      />
      {hint && !error && (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      <p id={errorId} aria-live="polite" className="mt-1 text-xs font-medium text-red-700">
        {error}
      </p>
    </div>
  );
});
