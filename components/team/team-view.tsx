"use client";

import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { type Teammate, useTeam } from "@/lib/portal/client/hooks/use-team";
import { DeactivateTeammateDialog } from "./deactivate-teammate-dialog";
import { InviteTeammateForm } from "./invite-teammate-form";
import { RequireTwoFactorSwitch } from "./require-two-factor-switch";
import { byRoleThenName, teammateName, teammateStatus } from "./team-format";
import { TeammateRow } from "./teammate-row";

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The Team page: the company's employer users with role, title, status and last sign-in. Admins
 * invite by e-mail with a role, change roles, deactivate and reactivate, and resend invitations
 * (`manageable`); against the real service the list is shown read-only.
 */
export function TeamView({ meId, manageable }: { meId: number | null; manageable: boolean }) {
  const team = useTeam();
  const [inviting, setInviting] = useState(false);
  const [deactivating, setDeactivating] = useState<Teammate | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [invited, setInvited] = useState<string | null>(null);
  const inviteHeading = useId();
  const inviteRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (inviting) inviteRef.current?.querySelector<HTMLInputElement>("input")?.focus();
  }, [inviting]);

  const people = [...(team.data ?? [])].sort(byRoleThenName);
  const statuses = people.map((t) => teammateStatus(t).key);
  const summary = team.data
    ? [
        count(people.length, "teammate", "teammates"),
        statuses.includes("invited") && `${statuses.filter((s) => s === "invited").length} invited`,
        statuses.includes("deactivated") &&
          `${statuses.filter((s) => s === "deactivated").length} deactivated`,
      ]
        .filter(Boolean)
        .join(" · ")
    : "";

  return (
    <div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {manageable && (
        <DeactivateTeammateDialog
          teammate={deactivating}
          me={deactivating?.id === meId}
          onClose={() => setDeactivating(null)}
          onDone={(t) => {
            setDeactivating(null);
            setAnnouncement(`${teammateName(t)} is deactivated; their sessions have ended.`);
          }}
        />
      )}
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Team</h1>
          <p className="mt-1 text-sm text-slate-600">
            {manageable
              ? "The people who sign in for your company, and what each may do."
              : "The people who sign in for your company. Managing them is done in the service's own portal."}
          </p>
          <Link
            href="/company"
            className="mt-1 inline-block rounded-sm text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            Company details (contact and billing)
          </Link>
        </div>
        {manageable && !inviting && (
          <Button
            onClick={() => {
              setInvited(null);
              setInviting(true);
            }}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              fill="currentColor"
              className="-ml-1 size-4"
            >
              <path d="M10.75 4.75a.75.75 0 0 0-1.5 0v4.5h-4.5a.75.75 0 0 0 0 1.5h4.5v4.5a.75.75 0 0 0 1.5 0v-4.5h4.5a.75.75 0 0 0 0-1.5h-4.5v-4.5Z" />
            </svg>
            Invite teammate
          </Button>
        )}
      </div>

      {invited && (
        <div className="mt-6">
          <Alert tone="success">
            <p>
              Invitation sent to <strong className="font-semibold">{invited}</strong>. The mail is
              in the Outbox; they choose their own password through its link.
            </p>
          </Alert>
        </div>
      )}

      {manageable && inviting && (
        <section
          ref={inviteRef}
          aria-labelledby={inviteHeading}
          className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <h2 id={inviteHeading} className="text-base font-semibold text-slate-900">
                Invite a teammate
              </h2>
              <p className="mt-1 text-sm text-slate-600">
                They get an e-mail with a link to choose their password. The link works once.
              </p>
            </div>
            <Button variant="ghost" onClick={() => setInviting(false)}>
              Cancel
            </Button>
          </div>
          <InviteTeammateForm
            onInvited={(t) => {
              setInviting(false);
              setInvited(t.email ?? teammateName(t));
              setAnnouncement(`Invitation sent to ${t.email ?? teammateName(t)}.`);
            }}
          />
        </section>
      )}

      {manageable && <RequireTwoFactorSwitch />}

      <section
        aria-label="Teammates"
        className="mt-6 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
      >
        <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-4 py-3 sm:px-5">
          <p className="text-sm text-slate-600 tabular-nums">
            {summary || (team.isPending && <span className="sr-only">Loading teammates</span>)}
          </p>
        </div>
        <div className="hidden grid-cols-[minmax(0,1fr)_11rem_10rem_auto] gap-5 border-b border-slate-100 bg-slate-50 px-5 py-2 text-xs font-medium tracking-wide text-slate-500 uppercase md:grid">
          <span>Name</span>
          <span>Role</span>
          <span>Status</span>
          <span className="sr-only">Actions</span>
        </div>
        {team.isError ? (
          <div className="p-4 sm:p-5">
            <Alert tone="error" title="The team could not be loaded">
              <p>{team.error.message}</p>
              <Button
                variant="secondary"
                className="mt-3"
                busy={team.isFetching}
                onClick={() => team.refetch()}
              >
                Retry
              </Button>
            </Alert>
          </div>
        ) : team.isPending ? (
          <ul aria-hidden="true" className="divide-y divide-slate-100">
            {[0, 1, 2].map((i) => (
              <li key={i} className="flex items-center gap-3 px-5 py-4">
                <span className="size-9 animate-pulse rounded-full bg-slate-200" />
                <span className="h-4 w-48 animate-pulse rounded bg-slate-200" />
              </li>
            ))}
          </ul>
        ) : people.length === 0 ? (
          <p className="px-6 py-14 text-center text-sm text-slate-600">
            No teammates yet{manageable ? ": invite the first one." : "."}
          </p>
        ) : (
          <ul aria-label="Teammates" className="divide-y divide-slate-100">
            {people.map((t) => (
              <TeammateRow
                key={t.id}
                teammate={t}
                me={t.id === meId}
                manageable={manageable}
                onDeactivate={(who) => {
                  setAnnouncement("");
                  setDeactivating(who);
                }}
                onAnnounce={setAnnouncement}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
