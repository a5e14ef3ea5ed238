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
  children,
}: {
  action: Action;
  /** What the page does, as "cannot …" ends: "invite workers". */
  what: string;
  children: ReactNode;
}) {
  const refusal = useRoleRefusal(action, what);
  if (!refusal) return <>{children}</>;
  return (
    <NoticeCard icon="lock" title={refusal}>
      <p>Ask an admin of your company if you need to. Everything else here you can still read.</p>
    </NoticeCard>
  );
}
