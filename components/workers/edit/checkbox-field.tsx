import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from "react";

/** A labelled checkbox with a line of explanation (linked with aria-describedby). */
export const CheckboxField = forwardRef<
  HTMLInputElement,
  { label: string; description?: ReactNode; className?: string } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    "type"
  >
>(function CheckboxField({ label, description, className = "", id, ...props }, ref) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const descriptionId = `${inputId}-description`;
  return (
    <div className={`flex gap-3 ${className}`}>
      <div className="flex h-6 shrink-0 items-center">
        <input
          ref={ref}
          id={inputId}
          type="checkbox"
          aria-describedby={description ? descriptionId : undefined}
          className="size-4 rounded border-slate-300 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed"
          {...props}
        />
      </div>
      <div className="text-sm/6">
        <label htmlFor={inputId} className="font-medium text-slate-900">
          {label}
        </label>
        {description && (
          <p id={descriptionId} className="text-slate-600">
            {description}
          </p>
        )}
      </div>
    </div>
  );
});
