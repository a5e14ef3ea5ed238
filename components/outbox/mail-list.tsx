"use client";

import { StatePill } from "@/components/ui/state-pill";
import { TimeAgo } from "@/components/ui/time-ago";
import type { OutboxMail } from "@/lib/portal/client/hooks/use-mails";
import { sentByText } from "./link-note";

/** A link that no longer works, in the list: the mail itself still promises it does. */
const LINK_STATE = { used: "Link used", replaced: "Link replaced", expired: "Link expired" };

/**
 * The mail's state as a person reads it: "Kept locally" (no mail server: it only reached this
 * outbox, never an inbox), "Sent" (handed to the mail server: what happens after is the mail
 * server's business), "Sending", "Retrying", "Failed". Never "Delivered": nothing here knows
 * whether an inbox got it.
 */
export function MailStatePill({ mail }: { mail: OutboxMail }) {
  if (mail.state === "delivered") {
    return mail.transport === "database" ? (
      <StatePill tone="neutral">Kept locally</StatePill>
    ) : (
      <StatePill tone="success">Sent</StatePill>
    );
  }
  if (mail.state === "dead") return <StatePill tone="danger">Failed</StatePill>;
  return (
    <StatePill tone="warning" pulse>
      {mail.attempts > 0 ? "Retrying" : "Sending"}
    </StatePill>
  );
}

/** Newest first; the selected one is marked, and each row is one button. */
export function MailList({
  mails,
  selectedId,
  onSelect,
}: {
  mails: OutboxMail[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  return (
    <ul aria-label="Invitation e-mails" className="divide-y divide-slate-100">
      {mails.map((m) => {
        const selected = m.id === selectedId;
        return (
          <li key={m.id}>
            <button
              type="button"
              aria-current={selected ? "true" : undefined}
              onClick={() => onSelect(m.id)}
              className={`relative block w-full px-4 py-3 text-left outline-none focus-visible:z-10 focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:ring-inset sm:px-5 ${
                selected ? "bg-indigo-50/70" : "hover:bg-slate-50"
              }`}
            >
              {selected && (
                <span aria-hidden="true" className="absolute inset-y-0 left-0 w-1 bg-indigo-600" />
              )}
              <span className="flex items-start justify-between gap-3">
                <span className="min-w-0">
                  <span className="block truncate text-sm font-semibold text-slate-900">
                    {m.to_name || m.to}
                  </span>
                  <span className="block truncate text-xs text-slate-600">{m.to}</span>
                </span>
                <MailStatePill mail={m} />
              </span>
              <span className="mt-1.5 flex items-baseline justify-between gap-3 text-xs">
                <span className="min-w-0 truncate text-slate-700">{m.subject}</span>
                <TimeAgo iso={m.created_at} className="shrink-0 text-slate-600" />
              </span>
              {(sentByText(m) || (m.link_state && m.link_state !== "live")) && (
                <span className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-600">
                  {sentByText(m) && <span>{sentByText(m)}</span>}
                  {m.link_state && m.link_state !== "live" && (
                    <span className="font-medium text-amber-800">{LINK_STATE[m.link_state]}</span>
                  )}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Placeholder rows the height of real ones. */
export function MailListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <ul aria-hidden="true" className="divide-y divide-slate-100">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key by
        <li key={i} className="space-y-2 px-4 py-3.5 sm:px-5">
          <div className="flex justify-between gap-3">
            <div className={`h-4 animate-pulse rounded bg-slate-200 ${i % 2 ? "w-32" : "w-40"}`} />
            <div className="h-4 w-16 animate-pulse rounded-full bg-slate-200" />
          </div>
          <div className="h-3 w-44 animate-pulse rounded bg-slate-200/70" />
          <div className="h-3 w-full animate-pulse rounded bg-slate-200/70" />
        </li>
      ))}
    </ul>
  );
}
