import type { SessionPerson } from "@/lib/portal/types";
import { ROLE_LABELS } from "@/lib/schemas/permissions";

/**
 * Who is signed in, in the header: the person and their role ("Dana Lee · Admin") for a
 * person's own sign-in, the company for a key pair's.
 */
export function AccountName({
  person,
  companyName,
}: {
  person: SessionPerson | null;
  companyName?: string;
}) {
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
    <span
      className="max-w-40 truncate text-sm text-slate-700 sm:max-w-64"
      title={companyName ? `${person.name} (${role}) at ${companyName}` : undefined}
      data-testid="account-name"
    >
      <span className="font-medium text-slate-900">{person.name}</span>
      <span className="text-slate-500"> · {role}</span>
    </span>
  );
}
