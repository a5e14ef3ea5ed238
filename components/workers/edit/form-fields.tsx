"use client";

import type { InputHTMLAttributes, ReactNode } from "react";
import { type RegisterOptions, useFormContext } from "react-hook-form";
import { SelectField, TextField } from "@/components/ui/field";
import { CheckboxField } from "./checkbox-field";
import {
  type BooleanField,
  FIELD_LABELS,
  fieldMessage,
  type TextField as TextFieldName,
  type WorkerFormValues,
} from "./worker-form-model";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "children">;

/** A text input bound to one field of the worker form; its label and error come from the model. */
export function FormText({
  name,
  hint,
  rules,
  className,
  ...props
}: {
  name: TextFieldName;
  hint?: ReactNode;
  rules?: RegisterOptions<WorkerFormValues, TextFieldName>;
  className?: string;
} & InputProps) {
  const {
    register,
    formState: { errors },
  } = useFormContext<WorkerFormValues>();
  return (
    <TextField
      label={FIELD_LABELS[name]}
      hint={hint}
      error={fieldMessage(name, errors[name]?.message)}
      autoComplete="off"
      className={className}
      {...props}
      {...register(name, rules)}
    />
  );
}

/** A select bound to one field; a stored value outside the options stays selectable. */
export function FormSelect({
  name,
  options,
  hint,
  className,
}: {
  name: TextFieldName;
  options: readonly { value: string; label: string }[];
  hint?: ReactNode;
  className?: string;
}) {
  const {
    register,
    getValues,
    formState: { errors, defaultValues },
  } = useFormContext<WorkerFormValues>();
  const extra = [defaultValues?.[name], getValues(name)].filter(
    (v, i, all): v is string =>
      typeof v === "string" &&
      v !== "" &&
      all.indexOf(v) === i &&
      !options.some((o) => o.value === v),
  );
  return (
    <SelectField
      label={FIELD_LABELS[name]}
      hint={hint}
      error={fieldMessage(name, errors[name]?.message)}
      className={className}
      {...register(name)}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
      {extra.map((v) => (
        <option key={v} value={v}>
          {v}
        </option>
      ))}
    </SelectField>
  );
}

export function FormCheckbox({
  name,
  description,
  onToggle,
}: {
  name: BooleanField;
  description?: ReactNode;
  onToggle?: (checked: boolean) => void;
}) {
  const { register } = useFormContext<WorkerFormValues>();
  const field = register(name, {
    onChange: (e: { target: { checked: boolean } }) => onToggle?.(e.target.checked),
  });
  return <CheckboxField label={FIELD_LABELS[name]} description={description} {...field} />;
}
