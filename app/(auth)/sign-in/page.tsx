import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { loadDemoCredentials } from "@/lib/demo-keys";
import { currentSession } from "@/lib/portal/server/current-session";
import { safeNext } from "@/lib/portal/server/safe-next";
import { demoPeople } from "@/lib/portal/server/sign-in-demo";
import { upstreamFor } from "@/lib/portal/server/upstream-base";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const sp = await searchParams;
  // Already signed in: straight on to where they were going (the portal's start, by default).
  if ((await currentSession()).active) {
    const to = safeNext(sp.next);
    redirect(to.startsWith("/sign-in") ? "/home" : to);
  }
  // "Try the demo" only where the demo lives: the embedded API with its seeded keys.
  const demoAvailable = upstreamFor("test").embedded && loadDemoCredentials() !== null;
  // A person's own sign-in is our API's: offered only where it serves the test environment.
  const passwordAvailable = upstreamFor("test").embedded;
  const method = passwordAvailable && sp.with !== "keys" ? "email" : "keys";
  return (
    <main id="main" className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-md">
        <div className="mb-8 text-center">
          <span
            aria-hidden="true"
            className="mx-auto grid size-12 place-items-center rounded-xl bg-indigo-600 text-lg font-bold text-white"
          >
            EP
          </span>
          <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">
            Sign in to the Employer Portal
          </h1>
          <p className="mt-2 text-sm text-slate-600">
            {passwordAvailable
              ? "Use your own e-mail and password, or your company's API key pair."
              : "Use the API key pair your account manager issued."}
          </p>
        </div>
        <SignInForm
          next={safeNext(sp.next)}
          passwordAvailable={passwordAvailable}
          initialMethod={method}
          demoAvailable={demoAvailable}
          demoPeople={demoAvailable ? demoPeople() : []}
          expired={sp.expired === "1"}
          signedOut={sp.signed_out === "1"}
          failed={typeof sp.error === "string" ? sp.error : null}
        />
      </div>
    </main>
  );
}
