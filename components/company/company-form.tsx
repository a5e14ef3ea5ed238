"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { ApiClientError } from "@/lib/portal/client/fetcher";
import { type Customer, useUpdateCustomer } from "@/lib/portal/client/hooks/use-customer";
import { placeFieldErrorsOf } from "@/lib/portal/client/place-field-errors";
import { CUSTOMER_CONTACT_FIELDS, customerContactShape } from "@/lib/schemas/customer";

/** The same rules the API applies to a PATCH /customers/:id (lib/schemas/customer.ts). */
const companyFormSchema = z.object(customerContactShape);
type Field = (typeof CUSTOMER_CONTACT_FIELDS)[number];
type FormInput = Record<Field, string>;
type FormOutput = z.output<typeof companyFormSchema>;

const valuesOf = (c: Customer): FormInput =>
  Object.fromEntries(
    CUSTOMER_CONTACT_FIELDS.map((f) => [f, (c[f] as string | null | undefined) ?? ""]),
  ) as FormInput;

type Spec = {
  field: Field;
  label: string;
  max: number;
  type?: string;
  hint?: string;
  auto?: string;
};
const GROUPS: { title: string; fields: Spec[] }[] = [
  {
    title: "Company",
    fields: [
      { field: "name", label: "Company name", max: 200, auto: "organization" },
      {
        field: "phone",
        label: "Phone",
        max: 50,
        type: "tel",
        hint: "With + and the country code.",
        auto: "tel",
      },
      { field: "address", label: "Address", max: 255, auto: "street-address" },
      { field: "city", label: "City", max: 100, auto: "address-level2" },
      { field: "state", label: "State", max: 50, auto: "address-level1" },
      { field: "zip", label: "ZIP", max: 20, auto: "postal-code" },
    ],
  },
  {
    title: "Contact",
    fields: [
      { field: "contact_first_name", label: "First name", max: 50 },
      { field: "contact_last_name", label: "Last name", max: 50 },
      { field: "contact_email", label: "E-mail", max: 255, type: "email" },
      { field: "account_owner", label: "Account owner", max: 100 },
      { field: "account_manager", label: "Account manager", max: 100 },
    ],
  },
  {
    title: "Billing",
    fields: [
      { field: "billing_first_name", label: "First name", max: 50 },
      { field: "billing_last_name", label: "Last name", max: 50 },
      {
        field: "billing_email",
        label: "E-mail",
        max: 255,
        type: "email",
        hint: "Invoices go here.",
      },
      {
        field: "billing_phone",
        label: "Phone",
        max: 50,
        type: "tel",
        hint: "With + and the country code.",
      },
    ],
  },
];

/** The contact and billing details: saved with PATCH; field errors sit by their field. */
export function CompanyForm({ customer }: { customer: Customer }) {
  const update = useUpdateCustomer(customer.id);
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(companyFormSchema) as never,
    defaultValues: valuesOf(customer),
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setSaved(false);
    try {
      const next = await update.mutateAsync(values);
      reset(valuesOf(next));
      setSaved(true);
    } catch (err) {
      if (err instanceof ApiClientError && err.status === 401) return;
      const { placed, others } = placeFieldErrorsOf(err, CUSTOMER_CONTACT_FIELDS, setError);
      if (!placed || others.length > 0) {
        setFormError(err instanceof Error ? err.message : "The details were not saved.");
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Contact and billing" className="space-y-6">
      {formError && <Alert tone="error">{formError}</Alert>}
      {GROUPS.map((g) => (
        <fieldset key={g.title}>
          <legend className="text-base font-semibold text-slate-900">{g.title}</legend>
          <div className="mt-2 grid gap-x-4 gap-y-2 sm:grid-cols-2">
            {g.fields.map((s) => (
              <TextField
                key={s.field}
                label={s.label}
                type={s.type ?? "text"}
                autoComplete={s.auto ?? "off"}
                required={s.field === "name"}
                maxLength={s.max}
                hint={s.hint}
                error={errors[s.field]?.message}
                {...register(s.field)}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-end">
        <p aria-live="polite" className="text-sm text-emerald-700">
          {saved && !isDirty ? "Saved." : ""}
        </p>
        <Button type="submit" busy={isSubmitting} className="w-full sm:w-auto">
          Save changes
        </Button>
      </div>
    </form>
  );
}
