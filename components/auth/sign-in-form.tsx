"use client";

import Link from "next/link";
import { useState } from "react";
import { DemoChooser, type DemoPersonOption } from "@/components/auth/demo-chooser";
import { KeyPairForm } from "@/components/auth/key-pair-form";
import { PasswordSignInForm } from "@/components/auth/password-sign-in-form";
import { Alert } from "@/components/ui/alert";
import { accountKey } from "@/lib/portal/account-key";
import { claimListMemory } from "@/lib/portal/client/use-list-memory";
import type { SessionSummary } from "@/lib/portal/types";

export type SignInMethod = "email" | "keys";

/** Why a plain-HTML sign-in (sent before the script loaded) was refused, in words. */
function failedMessage(code: string | null, method: SignInMethod): string | null {
  if (!code) return null;
  if (code === "rate_limited")
    return "Too many sign-in attempts. Wait a few minutes and try again.";
  if (method === "email") {
    return code === "invalid_credentials" || code === "validation_failed"
      ? "That e-mail and password did not match."
      : "Sign-in failed. Try again.";
  }
  if (code === "environment_mismatch") {
    return "Those keys belong to another environment than this deployment serves (test or live). Use the other pair.";
  }
  return "Those keys were not accepted. Check both and try again.";
}

const methodLinkClass = (current: boolean) =>
  `flex-1 rounded-md px-3 py-1.5 text-center text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
    current ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"
  }`;

/**
 * The sign-in card. Where our API serves the test environment, a person signs in with e-mail
 * and password first and an API key pair second (links, so the choice works before the script
 * loads too); elsewhere (the real service) only with a key pair.
 */
export function SignInForm({
  next,
  passwordAvailable,
  initialMethod,
  demoPeople,
  demoAvailable,
  expired,
  signedOut,
  failed,
}: {
  next: string;
  passwordAvailable: boolean;
  initialMethod: SignInMethod;
  /** The demo's people to choose from; null when there is no demo. */
  demoPeople: DemoPersonOption[];
  demoAvailable: boolean;
  expired: boolean;
  signedOut: boolean;
  /** Why a plain-HTML sign-in was refused: its error code. */
  failed: string | null;
}) {
  const [method, setMethod] = useState<SignInMethod>(passwordAvailable ? initialMethod : "keys");
  const [formError, setFormError] = useState<string | null>(failedMessage(failed, method));
  // "You have signed out" is news until the next attempt (a password, a code step, the demo).
  const [showSignedOut, setShowSignedOut] = useState(signedOut);
  const onError = (message: string | null) => {
    setShowSignedOut(false);
    setFormError(message);
  };

  const done = (signedIn: SessionSummary) => {
    claimListMemory(accountKey(signedIn));
    window.location.assign(next);
  };
  const hrefFor = (m: SignInMethod) =>
    `/sign-in?with=${m}${next === "/home" ? "" : `&next=${encodeURIComponent(next)}`}`;
  const choose = (m: SignInMethod) => (e: React.MouseEvent) => {
    e.preventDefault();
    setMethod(m);
    setFormError(null);
    window.history.replaceState(null, "", hrefFor(m));
  };

  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <div className={expired || showSignedOut || formError ? "mb-4 space-y-4" : "hidden"}>
        {expired && (
          <Alert tone="warning" title="Your session ended — sign in again to continue">
            Anything you had typed is kept and will be restored.
          </Alert>
        )}
        {showSignedOut && !expired && <Alert tone="success">You have signed out.</Alert>}
        {formError && <Alert tone="error">{formError}</Alert>}
      </div>
      {passwordAvailable && (
        <nav aria-label="Sign-in method" className="mb-5 flex gap-1 rounded-lg bg-slate-100 p-1">
          <Link
            href={hrefFor("email")}
            onClick={choose("email")}
            aria-current={method === "email" ? "page" : undefined}
            className={methodLinkClass(method === "email")}
          >
            E-mail and password
          </Link>
          <Link
            href={hrefFor("keys")}
            onClick={choose("keys")}
            aria-current={method === "keys" ? "page" : undefined}
            className={methodLinkClass(method === "keys")}
          >
            API key pair
          </Link>
        </nav>
      )}
      {method === "email" ? (
        <PasswordSignInForm next={next} onError={onError} onDone={done} />
      ) : (
        <KeyPairForm next={next} onError={onError} onDone={done} />
      )}
      {demoAvailable && <DemoChooser people={demoPeople} onError={onError} onDone={done} />}
    </div>
  );
}
