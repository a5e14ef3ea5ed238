import Link from "next/link";
import type { SessionPerson } from "@/lib/portal/types";
import { ROLE_LABELS } from "@/lib/schemas/permissions";

/**
 * Who is signed in, in the header: the person and their role ("Dana Lee · Admin") for a
 * person's own sign-in, the company for a key pair's. For whoever may edit the company's
 * details (`companyHref`), the company's name opens the Company page.
 */
export function AccountName({
  person,
  companyName,
  companyHref,
}: {
  person: SessionPerson | null;
  companyName?: string;
  companyHref?: string;
}) {
  if (!person && companyHref) {
    return (
      <Link
        href={companyHref}
        className="hidden max-w-48 truncate rounded-sm text-sm text-slate-600 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 md:inline"
        title={companyName ? `${companyName}: company details` : "Company details"}
      >
        {companyName}
      </Link>
    );
  }
  if (!person) {
    return (
      <span
        className="hidden max-w-48 truncate text-sm text-slate-600 md:inline"
        title={companyName}
      >
        {companyName}
      </span>
    );
  }
  const role = ROLE_LABELS[person.role];
  return (
    // On a phone the name gives way first: the role always shows. It opens the person's account.
    <Link
      href="/account"
      className="flex max-w-44 min-w-0 items-baseline rounded-sm text-sm whitespace-nowrap hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:max-w-72"
      title={companyName ? `${person.name} (${role}) at ${companyName}` : undefined}
      data-testid="account-name"
    >
      <span className="min-w-0 truncate font-medium text-slate-900">{person.name}</span>
      <span className="shrink-0 text-slate-500">&nbsp;· {role}</span>
    </Link>
  );
}
