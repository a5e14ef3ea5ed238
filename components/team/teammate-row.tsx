"use client";

import { useId, useState } from "react";
import { Button, Spinner } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { StatePill } from "@/components/ui/state-pill";
import { TimeAgo } from "@/components/ui/time-ago";
import { ApiClientError } from "@/lib/portal/client/fetcher";
import {
  type Teammate,
  useResendTeamInvitation,
  useUpdateTeammate,
} from "@/lib/portal/client/hooks/use-team";
import { isRole, ROLE_LABELS, ROLES, type Role } from "@/lib/schemas/permissions";
import { refusal } from "./refusal";
import { roleLabel, teammateName, teammateStatus } from "./team-format";

const initials = (t: Teammate) =>
  teammateName(t)
    .split(/\s+/)
    .map((w) => w[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();

/**
 * One teammate: who, their role (a select for admins), where they stand, when they last signed
 * in, and what an admin can do (deactivate or reactivate, resend an invitation). A refusal
 * (the company's last admin) is shown next to the control that asked.
 */
export function TeammateRow({
  teammate: t,
  me,
  manageable,
  onDeactivate,
  onAnnounce,
}: {
  teammate: Teammate;
  me: boolean;
  manageable: boolean;
  onDeactivate: (t: Teammate) => void;
  onAnnounce: (message: string) => void;
}) {
  const update = useUpdateTeammate();
  const resend = useResendTeamInvitation();
  const [roleError, setRoleError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const roleId = useId();
  const status = teammateStatus(t);
  const name = teammateName(t);

  const changeRole = async (role: Role) => {
    setRoleError(null);
    try {
      await update.mutateAsync({ id: t.id, change: { role } });
      onAnnounce(`${name} is now ${ROLE_LABELS[role]}.`);
    } catch (err) {
      if (err instanceof ApiClientError && err.status === 401) return;
      setRoleError(refusal(err, "role", name));
    }
  };
  const reactivate = async () => {
    setActionError(null);
    try {
      await update.mutateAsync({ id: t.id, change: { suspended: false } });
      onAnnounce(`${name} is active again and can sign in.`);
    } catch (err) {
      if (err instanceof ApiClientError && err.status === 401) return;
      setActionError(refusal(err, "suspended", name));
    }
  };
  const resendInvitation = async () => {
    setActionError(null);
    try {
      await resend.mutateAsync(t.id);
      onAnnounce(
        `A new invitation was sent to ${t.email ?? name}; the earlier link no longer works.`,
      );
    } catch (err) {
      if (err instanceof ApiClientError && err.status === 401) return;
      setActionError(refusal(err, "invitation", name, "Not sent"));
    }
  };

  return (
    <li
      aria-label={name}
      className={`grid grid-cols-2 items-center gap-3 px-4 py-4 sm:px-5 md:grid-cols-[minmax(0,1fr)_11rem_10rem_auto] md:gap-5 ${
        status.key === "deactivated" ? "bg-slate-50/70" : ""
      }`}
    >
      <div className="col-span-2 flex min-w-0 items-center gap-3 md:col-span-1">
        <span
          aria-hidden="true"
          className={`grid size-9 shrink-0 place-items-center rounded-full text-sm font-semibold ${
            status.key === "deactivated"
              ? "bg-slate-200 text-slate-600"
              : "bg-indigo-100 text-indigo-700"
          }`}
        >
          {initials(t)}
        </span>
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900">
            {name}
            {me && (
              <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-600">
                You
              </span>
            )}
          </p>
          {t.title && <p className="truncate text-sm text-slate-700">{t.title}</p>}
          <p className="truncate text-sm text-slate-500">{t.email ?? "No e-mail"}</p>
        </div>
      </div>

      <div>
        {manageable && isRole(t.role) ? (
          <>
            <label htmlFor={roleId} className="sr-only">
              Role of {name}
            </label>
            <div className="flex items-center gap-2">
              <select
                id={roleId}
                value={t.role}
                disabled={update.isPending}
                aria-invalid={roleError ? true : undefined}
                aria-describedby={roleError ? `${roleId}-error` : undefined}
                onChange={(e) => changeRole(e.target.value as Role)}
                className={`${inputClass(Boolean(roleError))} py-1.5`}
              >
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </option>
                ))}
              </select>
              {update.isPending &&
                update.variables?.change &&
                "role" in update.variables.change && (
                  <Spinner className="size-4 shrink-0 text-slate-400" />
                )}
            </div>
            <p
              id={`${roleId}-error`}
              aria-live="polite"
              className="mt-1 text-xs font-medium text-red-700 empty:hidden"
            >
              {roleError}
            </p>
          </>
        ) : (
          <p className="text-sm text-slate-800">
            <span className="text-slate-500 md:sr-only">Role: </span>
            {roleLabel(t.role)}
          </p>
        )}
      </div>

      <div>
        <StatePill tone={status.tone}>{status.text}</StatePill>
        <p className="mt-1 text-xs text-slate-500">
          {t.last_sign_in_at ? (
            <>
              Signed in <TimeAgo iso={t.last_sign_in_at} />
            </>
          ) : t.last_sign_in_at === null ? (
            "Never signed in"
          ) : null}
        </p>
        {t.two_factor_enabled !== undefined && (
          <p className="mt-0.5 text-xs text-slate-500">
            {t.two_factor_enabled ? "Two-factor on" : "Two-factor off"}
          </p>
        )}
      </div>

      <div className="col-span-2 flex flex-wrap items-center gap-2 empty:hidden md:col-span-1 md:justify-end">
        {manageable && (status.key === "invited" || status.key === "expired") && (
          <Button variant="secondary" busy={resend.isPending} onClick={resendInvitation}>
            Resend invitation
          </Button>
        )}
        {manageable &&
          (status.key === "deactivated" ? (
            <Button variant="secondary" busy={update.isPending} onClick={reactivate}>
              Reactivate
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => onDeactivate(t)}>
              Deactivate<span className="sr-only"> {name}</span>
            </Button>
          ))}
        <p
          aria-live="polite"
          className="w-full text-xs font-medium text-red-700 empty:hidden md:text-right"
        >
          {actionError}
        </p>
      </div>
    </li>
  );
}
