import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CompanyView } from "@/components/company/company-view";
import { requireSession } from "@/lib/portal/server/require-session";
import { canDo } from "@/lib/portal/types";

export const metadata: Metadata = { title: "Company" };

/**
 * Admins only (customers.write): the company's contact and billing details, and the platform's
 * terms, read-only. Anyone else gets the portal's not-found (the API refuses their writes anyway).
 */
export default async function CompanyPage() {
  const session = await requireSession("/company");
  if (!canDo({ pool: session.pool ?? null, person: session.person ?? null }, "customers.write")) {
    notFound();
  }
  return <CompanyView />;
}
