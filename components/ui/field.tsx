import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from "react";

type FieldProps = {
  label: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
};

export const inputClass = (invalid: boolean) =>
  `block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-inset disabled:bg-slate-50 disabled:text-slate-500 ${
    invalid ? "ring-red-400 focus:ring-red-600" : "ring-slate-300 focus:ring-indigo-600"
  }`;

/** The control's ARIA wiring: the error when there is one, else the hint (what is on screen). */
function controlProps(id: string, error?: string, hint?: ReactNode) {
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}

/**
 * Label above, control, then the hint or the error. The error is linked to the control with
 * aria-describedby and announced (aria-live) when it appears.
 */
function FieldFrame({
  id,
  label,
  required,
  error,
  hint,
  className = "",
  children,
}: FieldProps & { id: string; required?: boolean; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span className="text-red-600" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      <p id={`${id}-error`} aria-live="polite" className="mt-1 text-xs font-medium text-red-700">
        {error}
      </p>
    </div>
  );
}

export const TextField = forwardRef<
  HTMLInputElement,
  FieldProps & InputHTMLAttributes<HTMLInputElement>
>(function TextField({ label, error, hint, className, id, ...props }, ref) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <FieldFrame
      id={inputId}
      label={label}
      required={props.required}
      error={error}
      hint={hint}
      className={className}
    >
      <input
        ref={ref}
        {...controlProps(inputId, error, hint)}
        className={`mt-1 ${inputClass(Boolean(error))}`}
        {...props}
      />
    </FieldFrame>
  );
});

export const TextAreaField = forwardRef<
  HTMLTextAreaElement,
  FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>
>(function TextAreaField({ label, error, hint, className, id, rows = 3, ...props }, ref) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <FieldFrame
      id={inputId}
      label={label}
      required={props.required}
      error={error}
      hint={hint}
      className={className}
    >
      <textarea
        ref={ref}
        rows={rows}
        {...controlProps(inputId, error, hint)}
        className={`mt-1 resize-y ${inputClass(Boolean(error))}`}
        {...props}
      />
    </FieldFrame>
  );
});

export const SelectField = forwardRef<
  HTMLSelectElement,
  FieldProps & SelectHTMLAttributes<HTMLSelectElement>
>(function SelectField({ label, error, hint, className, id, children, ...props }, ref) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <FieldFrame
      id={selectId}
      label={label}
      required={props.required}
      error={error}
      hint={hint}
      className={className}
    >
      <select
        ref={ref}
        {...controlProps(selectId, error, hint)}
        className={`mt-1 ${inputClass(Boolean(error))}`}
        {...props}
      >
        {children}
      </select>
    </FieldFrame>
  );
});
