"use client";

import { Fragment, type ReactNode, useId } from "react";
import { Button } from "@/components/ui/button";
import { StatePill } from "@/components/ui/state-pill";
import { absoluteTime, TimeAgo } from "@/components/ui/time-ago";
import type { WebhookDelivery } from "@/lib/portal/client/hooks/use-webhooks";

function DeliveryStatePill({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.state === "delivered") return <StatePill tone="success">Delivered</StatePill>;
  if (delivery.state === "dead") return <StatePill tone="danger">Failed</StatePill>;
  return (
    <StatePill tone="warning" pulse>
      {delivery.attempts > 0 ? "Retrying" : "Pending"}
    </StatePill>
  );
}

const lastAttempt = (d: WebhookDelivery) => d.attempt_log.at(-1) ?? null;
const latency = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? "—" : `${ms.toLocaleString("en-US")} ms`;

/** Every delivery of every webhook, newest first, with each attempt and the exact payload. */
/** One delivery: its state, target and last attempt, with its attempts and payload on demand. */
export function DeliveryRow({
  delivery: d,
  open,
  onToggle,
  onResend,
  resending,
}: {
  delivery: WebhookDelivery;
  open: boolean;
  onToggle: () => void;
  /** Absent: the signed-in role cannot resend. */
  onResend?: () => void;
  resending: boolean;
}) {
  const detailsId = useId();
  const last = lastAttempt(d);
  const failedStatus = d.last_status !== null && (d.last_status < 200 || d.last_status >= 300);
  return (
    <Fragment>
      <tr className={open ? "bg-slate-50/60" : undefined}>
        <td className="px-4 py-3 align-middle sm:pl-5">
          <span className="font-mono text-[13px] font-medium whitespace-nowrap text-slate-900">
            {d.event}
          </span>
          {/* A phone has no room for the columns: the essentials under the event instead. */}
          <span className="mt-0.5 block text-xs text-slate-600 sm:hidden">
            {d.last_status !== null && <>HTTP {d.last_status} · </>}
            {d.attempts}/{d.max_attempts} · <TimeAgo iso={d.created_at} />
          </span>
        </td>
        <td className="hidden max-w-64 px-4 py-3 md:table-cell">
          <span className="block truncate font-mono text-xs text-slate-600" title={d.url}>
            {d.url}
          </span>
        </td>
        <td className="px-2 py-3 sm:px-4">
          <DeliveryStatePill delivery={d} />
        </td>
        <td className="hidden px-4 py-3 whitespace-nowrap text-slate-700 tabular-nums sm:table-cell">
          {d.attempts}/{d.max_attempts}
        </td>
        <td
          className={`hidden px-4 py-3 font-mono text-xs tabular-nums sm:table-cell ${
            failedStatus ? "font-semibold text-red-700" : "text-slate-700"
          }`}
        >
          {d.last_status ?? "—"}
        </td>
        <td className="hidden px-4 py-3 whitespace-nowrap text-slate-700 tabular-nums lg:table-cell">
          {latency(last?.latency_ms)}
        </td>
        <td className="hidden px-4 py-3 whitespace-nowrap text-slate-600 sm:table-cell">
          <TimeAgo iso={d.created_at} />
        </td>
        <td className="px-2 py-2 sm:px-4 sm:pr-5">
          <div className="flex items-center justify-end gap-2">
            {onResend && canResend(d) && (
              <div className="hidden sm:block">
                <ResendButton delivery={d} busy={resending} onClick={onResend} />
              </div>
            )}
            <button
              type="button"
              aria-expanded={open}
              aria-controls={detailsId}
              onClick={onToggle}
              aria-label={`Details of ${d.event} delivery ${d.id}`}
              className="grid size-8 place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                fill="currentColor"
                className={`size-5 transition-transform ${open ? "rotate-180" : ""}`}
              >
                <path
                  fillRule="evenodd"
                  d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z"
                  clipRule="evenodd"
                />
              </svg>
            </button>
          </div>
        </td>
      </tr>
      <tr id={detailsId} hidden={!open} className="bg-slate-50/60">
        <td colSpan={8} className="px-4 pt-1 pb-5 sm:px-5">
          {open && (
            <DeliveryDetails
              delivery={d}
              resend={
                onResend &&
                canResend(d) && <ResendButton delivery={d} busy={resending} onClick={onResend} />
              }
            />
          )}
        </td>
      </tr>
    </Fragment>
  );
}

/** Only a settled delivery can be sent again; a pending one is still being tried. */
const canResend = (d: WebhookDelivery) => d.state === "dead" || d.state === "delivered";

function ResendButton({
  delivery: d,
  busy,
  onClick,
}: {
  delivery: WebhookDelivery;
  busy: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant="secondary"
      busy={busy}
      onClick={onClick}
      aria-label={`Re-send ${d.event} delivery ${d.id}`}
    >
      Re-send
    </Button>
  );
}

function DeliveryDetails({
  delivery: d,
  resend,
}: {
  delivery: WebhookDelivery;
  resend: ReactNode;
}) {
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <div className="min-w-0">
        <div className="flex items-center justify-between gap-3">
          <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Delivery</h3>
          {/* On a phone the row has no room for it. */}
          {resend && <div className="sm:hidden">{resend}</div>}
        </div>
        <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-500">URL</dt>
          <dd className="font-mono text-xs break-all text-slate-800">{d.url}</dd>
          <dt className="text-slate-500">Event id</dt>
          <dd className="font-mono text-xs break-all text-slate-800">{d.event_id}</dd>
          <dt className="text-slate-500">Queued</dt>
          <dd className="text-slate-800">{absoluteTime(d.created_at)}</dd>
          {d.delivered_at && (
            <>
              <dt className="text-slate-500">Delivered</dt>
              <dd className="text-slate-800">{absoluteTime(d.delivered_at)}</dd>
            </>
          )}
          {d.next_attempt_at && (
            <>
              <dt className="text-slate-500">Next attempt</dt>
              <dd className="text-slate-800">
                <TimeAgo iso={d.next_attempt_at} withAbsolute />
              </dd>
            </>
          )}
          {d.last_error && (
            <>
              <dt className="text-slate-500">Last error</dt>
              <dd className="break-words text-red-700">{d.last_error}</dd>
            </>
          )}
        </dl>

        <h3 className="mt-5 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          Attempts
        </h3>
        {d.attempt_log.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Not tried yet.</p>
        ) : (
          <ol className="mt-2 space-y-2">
            {d.attempt_log.map((a) => (
              <li
                key={a.attempt}
                className="flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded-lg bg-white px-3 py-2 text-sm ring-1 ring-slate-200"
              >
                <span className="font-medium text-slate-900">#{a.attempt}</span>
                {a.ok ? (
                  <StatePill tone="success">{a.status ?? "OK"}</StatePill>
                ) : (
                  <StatePill tone="danger">{a.status ?? "No answer"}</StatePill>
                )}
                <span className="text-slate-600 tabular-nums">{latency(a.latency_ms)}</span>
                <span className="text-slate-500">{absoluteTime(a.started_at)}</span>
                {a.error && <span className="w-full break-words text-red-700">{a.error}</span>}
              </li>
            ))}
          </ol>
        )}
      </div>
      <div className="min-w-0">
        <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Payload</h3>
        {/* A long payload scrolls inside its box, which keyboard users must be able to reach. */}
        <pre
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
          className="mt-2 max-h-80 overflow-auto rounded-lg bg-slate-900 p-4 font-mono text-xs/5 whitespace-pre-wrap text-slate-100 wrap-anywhere focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          {JSON.stringify(d.payload, null, 2)}
        </pre>
      </div>
    </div>
  );
}
