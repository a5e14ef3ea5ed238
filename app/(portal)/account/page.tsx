import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TwoFactorSection } from "@/components/account/two-factor-section";
import { Alert } from "@/components/ui/alert";
import { requireSession } from "@/lib/portal/server/require-session";
import { refreshedPerson } from "@/lib/portal/server/sign-in-person";

export const metadata: Metadata = { title: "Your account" };

/**
 * A person's own account (our API): two-factor sign-in. A key pair's session has no person, so
 * no account page. A person whose company requires two-factor and who has not set it up is sent
 * here from every other page.
 */
export default async function AccountPage({
  searchParams,
}: {
  searchParams: Promise<{ two_factor?: string }>;
}) {
  const session = await requireSession("/account");
  const person = await refreshedPerson(session);
  if (!person) notFound();
  const required = (await searchParams).two_factor === "required" || person.twoFactorSetupRequired;
  return (
    <div className="max-w-2xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Your account</h1>
        <p className="mt-1 text-sm text-slate-600">
          {person.name} · {person.email}
        </p>
      </div>
      {person.twoFactorSetupRequired && required && (
        <Alert tone="warning">
          Your company requires two-factor sign-in. Set it up below to open the rest of the portal.
        </Alert>
      )}
      <TwoFactorSection />
    </div>
  );
}
