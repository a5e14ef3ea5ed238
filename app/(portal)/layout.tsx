import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { PortalShell } from "@/components/portal/portal-shell";
import { Providers } from "@/components/portal/providers";
import { currentSession } from "@/lib/portal/server/current-session";
import { REQUEST_PATH_HEADER } from "@/lib/portal/server/request-path";
import { redirectToSignIn } from "@/lib/portal/server/require-session";
import { safeNext } from "@/lib/portal/server/safe-next";
import { refreshedPerson } from "@/lib/portal/server/sign-in-person";

/** Every portal page: signed-in only (each page also checks, to come back to itself). */
export default async function PortalLayout({ children }: { children: ReactNode }) {
  const { active: session } = await currentSession();
  if (!session) {
    // Pages check too, but the layout renders first: come back to the page that was asked for.
    const here = safeNext((await headers()).get(REQUEST_PATH_HEADER) ?? undefined);
    return redirectToSignIn(here);
  }
  const person = await refreshedPerson(session);
  if (person?.twoFactorSetupRequired) {
    // The company requires two-factor sign-in: nothing else works until it is set up.
    const here = (await headers()).get(REQUEST_PATH_HEADER) ?? "";
    if (!here.startsWith("/account")) redirect("/account?two_factor=required");
  }
  return (
    <Providers>
      <PortalShell
        environment={session.environment}
        companyName={session.companyName}
        access={{ pool: session.pool ?? null, person }}
      >
        {children}
      </PortalShell>
    </Providers>
  );
}
