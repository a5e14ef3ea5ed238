"use client";
import Link from "next/link";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass, Spinner } from "@/components/ui/button";
import { ApiClientError, portalFetch } from "@/lib/portal/client/fetcher";
import { isRole, ROLE_LABELS } from "@/lib/schemas/permissions";

import { Card, PasswordForm, StateIcon } from "./password-form";

/** What the API says about an invitation link (POST /api_v2/invitations/inspect). */
type Invitation = {
  state: "valid" | "used" | "expired";
  first_name: string;
  company_name: string;
  email: string;
  expires_at: string;
  used_at: string | null;
  /** "Employer": a teammate's invitation to the employer portal (ours); else a worker's. */
  type?: "Worker" | "Employer";
  /** The teammate's role, for an Employer invitation. */
  role?: string;
};

/** A teammate's invitation (our API's addition) rather than a worker's. */
const forTeammate = (i: Invitation | null) => i?.type === "Employer";

type View =
  | { kind: "loading" }
  | { kind: "missing" }
  | { kind: "unknown" }
  | { kind: "failed"; message: string }
  | { kind: "valid"; invitation: Invitation }
  | { kind: "used"; invitation: Invitation | null }
  | { kind: "expired"; invitation: Invitation | null }
  | { kind: "accepted"; invitation: Invitation };

/**
 * The token travels in the link's fragment, which no server sees. It is taken out of the
 * address bar at once (history, screenshots, a shared screen) and kept in this tab only, so a
 * reload still works until the invitation is settled.
 */
const TOKEN_KEY = "accept-invite:token";

function takeToken(): string | null {
  const fromHash = new URLSearchParams(window.location.hash.replace(/^#/, "")).get("token");
  if (window.location.hash) {
    window.history.replaceState(
      window.history.state,
      "",
      window.location.pathname + window.location.search,
    );
  }
  try {
    if (fromHash) window.sessionStorage.setItem(TOKEN_KEY, fromHash);
    return fromHash ?? window.sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return fromHash;
  }
}

function forgetToken() {
  try {
    window.sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage disabled: nothing was kept.
  }
}

const dateTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: "long", timeStyle: "short" }) : null;

/** The worker's side of an invitation: check the link, choose a password, done. */
export function AcceptInvitation() {
  const [view, setView] = useState<View>({ kind: "loading" });
  const token = useRef<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  const inspect = useCallback(async () => {
    const t = token.current;
    if (!t) {
      setView({ kind: "missing" });
      return;
    }
    setView({ kind: "loading" });
    try {
      const invitation = await portalFetch<Invitation>("/api_v2/invitations/inspect", {
        method: "POST",
        json: { token: t },
      });
      if (invitation.state !== "valid") forgetToken();
      setView(
        invitation.state === "valid"
          ? { kind: "valid", invitation }
          : { kind: invitation.state, invitation },
      );
    } catch (err) {
      if (err instanceof ApiClientError && (err.status === 404 || err.status === 422)) {
        forgetToken();
        setView({ kind: "unknown" });
      } else {
        setView({
          kind: "failed",
          message:
            err instanceof TypeError
              ? "We could not reach the server. Check your connection and try again."
              : "Something went wrong on our side. Try again in a moment.",
        });
      }
    }
  }, []);

  useEffect(() => {
    // Strict mode runs this twice: the second run must not lose the token the first took.
    if (token.current === null) token.current = takeToken();
    void inspect();
    // Another invitation link opened in this same tab changes only the fragment: no new page.
    const onHashChange = () => {
      if (!window.location.hash) return;
      const next = takeToken();
      if (next && next !== token.current) {
        token.current = next;
        void inspect();
      }
    };
    window.addEventListener("hashchange", onHashChange);
    return () => window.removeEventListener("hashchange", onHashChange);
  }, [inspect]);

  // Each new state is announced by moving focus to its heading (not on the first paint).
  useEffect(() => {
    if (view.kind === "loading") return;
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [view.kind]);

  const heading = (text: ReactNode) => (
    <h1
      ref={headingRef}
      tabIndex={-1}
      className="text-2xl font-bold tracking-tight text-balance text-slate-900 focus:outline-none"
    >
      {text}
    </h1>
  );

  switch (view.kind) {
    case "loading":
      return (
        <Card>
          <div role="status" className="flex items-center gap-3 py-6 text-slate-600">
            <Spinner className="size-5 text-indigo-600" />
            Checking your invitation…
          </div>
        </Card>
      );
    case "valid":
      return (
        <Card>
          <p className="text-sm font-semibold tracking-wide text-indigo-600 uppercase">
            {view.invitation.company_name}
          </p>
          <div className="mt-2">
            {heading(
              forTeammate(view.invitation) ? (
                <>
                  Join {view.invitation.company_name}
                  {isRole(view.invitation.role) ? ` as ${ROLE_LABELS[view.invitation.role]}` : ""}
                </>
              ) : (
                <>
                  Hi {view.invitation.first_name} — {view.invitation.company_name} invited you
                </>
              ),
            )}
          </div>
          <p className="mt-3 text-sm text-slate-600">
            Choose a password to accept. You&apos;ll sign in with{" "}
            <strong className="font-semibold wrap-anywhere text-slate-900">
              {view.invitation.email}
            </strong>{" "}
            and this password.
          </p>
          <PasswordForm
            token={token.current ?? ""}
            email={view.invitation.email}
            onAccepted={() => {
              forgetToken();
              setView({ kind: "accepted", invitation: view.invitation });
            }}
            onRefused={(kind) => {
              forgetToken();
              setView({ kind, invitation: view.invitation });
            }}
            onUnknown={() => {
              forgetToken();
              setView({ kind: "unknown" });
            }}
          />
          <p className="mt-6 text-xs text-slate-500">
            This link works once and expires on {dateTime(view.invitation.expires_at)}.
          </p>
        </Card>
      );
    case "accepted":
      return (
        <Card>
          <StateIcon tone="success" />
          {heading(<>You&apos;re all set, {view.invitation.first_name}</>)}
          {forTeammate(view.invitation) ? (
            <>
              <p className="mt-3 text-sm text-slate-600">
                You joined {view.invitation.company_name}&apos;s team and your password is saved.
                Sign in to the Employer Portal with{" "}
                <strong className="font-semibold wrap-anywhere text-slate-900">
                  {view.invitation.email}
                </strong>
                .
              </p>
              <Link href="/sign-in?with=email" className={buttonClass("primary", "mt-5 w-full")}>
                Sign in
              </Link>
            </>
          ) : (
            <>
              <p className="mt-3 text-sm text-slate-600">
                You accepted {view.invitation.company_name}&apos;s invitation and your password is
                saved. Sign in to the app with{" "}
                <strong className="font-semibold wrap-anywhere text-slate-900">
                  {view.invitation.email}
                </strong>{" "}
                to see and pick up shifts.
              </p>
              <p className="mt-3 text-sm text-slate-600">You can close this page.</p>
            </>
          )}
        </Card>
      );
    case "used":
      return (
        <Card>
          <StateIcon tone="info" />
          {heading("This invitation was already accepted")}
          <p className="mt-3 text-sm text-slate-600">
            {view.invitation?.used_at
              ? `It was accepted on ${dateTime(view.invitation.used_at)}, and a link works only once. `
              : "A link works only once. "}
            Sign in to the app with
            {view.invitation ? (
              <>
                {" "}
                <strong className="font-semibold wrap-anywhere text-slate-900">
                  {view.invitation.email}
                </strong>
              </>
            ) : (
              " your e-mail address"
            )}{" "}
            and the password you chose.
          </p>
          <p className="mt-3 text-sm text-slate-600">
            Not you? Contact {view.invitation?.company_name ?? "the employer who invited you"}{" "}
            straight away.
          </p>
        </Card>
      );
    case "expired":
      return (
        <Card>
          <StateIcon tone="warning" />
          {heading("This invitation has expired")}
          <p className="mt-3 text-sm text-slate-600">
            {view.invitation
              ? `It was valid until ${dateTime(view.invitation.expires_at)}. `
              : "Invitations are valid for a limited time. "}
            Ask {view.invitation?.company_name ?? "the employer"} to send you a new one; it will
            arrive by e-mail with a fresh link.
          </p>
        </Card>
      );
    case "missing":
    case "unknown":
      return (
        <Card>
          <StateIcon tone="warning" />
          {heading(
            view.kind === "missing"
              ? "This link is incomplete"
              : "We don't recognise this invitation link",
          )}
          <p className="mt-3 text-sm text-slate-600">
            Open the link from your invitation e-mail again; if you copied it, make sure you copied
            all of it. If it still does not work, ask the employer who invited you to send a new
            invitation.
          </p>
        </Card>
      );
    case "failed":
      return (
        <Card>
          {heading("Your invitation could not be checked")}
          <div className="mt-4">
            <Alert tone="error">{view.message}</Alert>
          </div>
          <Button className="mt-5" onClick={() => void inspect()}>
            Try again
          </Button>
        </Card>
      );
  }
}
