"use client";

import type { ReactNode } from "react";
import { useRoleRefusal } from "@/components/portal/portal-access";
import { NoticeCard } from "@/components/ui/notice-card";
import type { Action } from "@/lib/schemas/permissions";

/**
 * A page whose whole purpose needs an action the person's role does not hold says so, instead
 * of a form the API would refuse; otherwise it shows its content.
 */
export function RoleGate({
  action,
  what,
  heading,
  children,
}: {
  action: Action;
  /** The page's own heading, kept above the notice when the page has no other. */
  heading?: string;
  /** What the page does, as "cannot …" ends: "invite workers". */
  what: string;
  children: ReactNode;
}) {
  const refusal = useRoleRefusal(action, what);
  if (!refusal) return <>{children}</>;
  const notice = (
    <NoticeCard icon="lock" title={refusal}>
      <p>Ask an admin of your company if you need to. Everything else here you can still read.</p>
    </NoticeCard>
  );
  if (!heading) return notice;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{heading}</h1>
      {notice}
    </div>
  );
}
