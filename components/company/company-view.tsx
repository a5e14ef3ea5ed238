"use client";

import { Alert } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/button";
import { type Customer, useCustomer } from "@/lib/portal/client/hooks/use-customer";
import { CompanyForm } from "./company-form";

const TERMS: [keyof Customer, string][] = [
  ["can_post_1099", "Can post 1099 jobs"],
  ["can_post_w2", "Can post W-2 jobs"],
  ["use_pending_state", "Pending applications"],
  ["use_start_and_complete_pin", "Start and complete PIN"],
  ["can_use_premier_features", "Premier features"],
  ["strategic_pilot", "Strategic pilot"],
];

/** The Company page: the editable contact and billing details, then the platform's terms. */
export function CompanyView() {
  const customer = useCustomer();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-semibold text-slate-900">Company</h1>
      <p className="mt-1 text-sm text-slate-600">
        Who the platform contacts and bills. Changes apply at once.
      </p>
      {customer.isPending && (
        <p className="mt-8 flex items-center gap-2 text-sm text-slate-600" role="status">
          <Spinner /> Loading…
        </p>
      )}
      {customer.isError && (
        <div className="mt-6">
          <Alert tone="error">{customer.error.message}</Alert>
        </div>
      )}
      {customer.data && (
        <>
          <section
            aria-labelledby="company-details"
            className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
          >
            <h2 id="company-details" className="sr-only">
              Contact and billing
            </h2>
            <CompanyForm customer={customer.data} />
          </section>
          <section
            aria-labelledby="company-terms"
            className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
          >
            <h2 id="company-terms" className="text-base font-semibold text-slate-900">
              Platform terms
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              Set by the platform; ask your account manager to change them.
            </p>
            <dl className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              <div className="rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200 ring-inset">
                <dt className="text-xs text-slate-500">Fee</dt>
                <dd className="text-sm font-medium text-slate-900">
                  {customer.data.fee_percentage == null
                    ? "Not set"
                    : `${Math.round(customer.data.fee_percentage * 10000) / 100}%`}
                </dd>
              </div>
              {TERMS.map(([key, label]) => (
                <div
                  key={key}
                  className="rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200 ring-inset"
                >
                  <dt className="text-xs text-slate-500">{label}</dt>
                  <dd className="text-sm font-medium text-slate-900">
                    {customer.data[key] === undefined ? "—" : customer.data[key] ? "Yes" : "No"}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        </>
      )}
    </div>
  );
}
