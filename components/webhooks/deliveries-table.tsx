"use client";

import { Fragment, type ReactNode, useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, Spinner } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { LoadError } from "@/components/ui/load-error";
import { StatePill } from "@/components/ui/state-pill";
import { absoluteTime, TimeAgo } from "@/components/ui/time-ago";
import type { DeliveryListParams } from "@/lib/portal/client/hooks/query-keys";
import {
  useDeliveries,
  useResendDelivery,
  type WebhookDelivery,
} from "@/lib/portal/client/hooks/use-webhooks";

const PER_PAGE = 25;

type StateFilter = NonNullable<DeliveryListParams["state"]>;

const FILTERS: { value: "" | StateFilter; label: string }[] = [
  { value: "", label: "All states" },
  { value: "pending", label: "Pending" },
  { value: "delivered", label: "Delivered" },
  { value: "dead", label: "Failed" },
];

export function DeliveryStatePill({ delivery }: { delivery: WebhookDelivery }) {
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
export function DeliveriesTable() {
  const filterId = useId();
  const [state, setState] = useState<"" | StateFilter>("");
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const deliveries = useDeliveries({ state: state || undefined, page, per: PER_PAGE });
  const resend = useResendDelivery();
  const [resendingId, setResendingId] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ tone: "error" | "success"; text: string } | null>(null);

  const data = deliveries.data;
  const rows = data?.deliveries ?? [];
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));

  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const onResend = async (d: WebhookDelivery) => {
    setNotice(null);
    setResendingId(d.id);
    try {
      await resend.mutateAsync(d.id);
      setNotice({ tone: "success", text: `The ${d.event} delivery is being sent again.` });
    } catch (err) {
      setNotice({
        tone: "error",
        text: err instanceof Error ? err.message : "It could not be sent again. Try once more.",
      });
    } finally {
      setResendingId(null);
    }
  };

  return (
    <section
      aria-labelledby="deliveries-heading"
      className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3 border-b border-slate-200 px-4 py-4 sm:px-5">
        <div>
          <h2 id="deliveries-heading" className="text-base font-semibold text-slate-900">
            Deliveries
          </h2>
          <div className="mt-1 flex h-5 items-center gap-3 text-sm text-slate-600">
            <p role="status" className="tabular-nums">
              {data
                ? `${total.toLocaleString("en-US")} ${total === 1 ? "delivery" : "deliveries"}`
                : ""}
            </p>
            {deliveries.isFetching && !deliveries.isPending && (
              <Spinner className="size-3.5 text-slate-400" />
            )}
          </div>
        </div>
        <SelectField
          id={filterId}
          label="Status"
          className="w-44"
          value={state}
          onChange={(e) => {
            setState(e.target.value as "" | StateFilter);
            setPage(1);
          }}
        >
          {FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </SelectField>
      </div>

      <div role={notice?.tone === "success" ? "status" : undefined}>
        {notice && (
          <div className="border-b border-slate-200 px-4 py-3 sm:px-5">
            {notice.tone === "error" ? (
              <Alert tone="error" title="Not sent again">
                {notice.text}
              </Alert>
            ) : (
              <p className="text-sm text-emerald-800">{notice.text}</p>
            )}
          </div>
        )}
      </div>

      {deliveries.isError && !data ? (
        <div className="p-4 sm:p-5">
          <LoadError
            title="Deliveries could not be loaded"
            error={deliveries.error}
            retry={deliveries.refetch}
            retrying={deliveries.isFetching}
          />
        </div>
      ) : deliveries.isPending ? (
        <div aria-hidden="true" className="space-y-3 p-5">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-6 animate-pulse rounded bg-slate-100" />
          ))}
        </div>
      ) : rows.length === 0 ? (
        <div className="px-6 py-12 text-center">
          <h3 className="text-base font-semibold text-slate-900">
            {state ? "No deliveries in this state" : "No deliveries yet"}
          </h3>
          <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
            {state
              ? "Choose “All states” to see the others."
              : "When an event your webhooks subscribe to happens (a worker is invited or updated, say), each delivery appears here within a few seconds, with every attempt."}
          </p>
        </div>
      ) : (
        <div
          className={`overflow-x-auto transition-opacity ${deliveries.isPlaceholderData ? "opacity-60" : ""}`}
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              Webhook deliveries, newest first. Open a row&apos;s details for every attempt and the
              payload.
            </caption>
            <thead className="bg-slate-50/80">
              <tr className="text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase">
                <th scope="col" className="h-10 px-4 sm:pl-5">
                  Event
                </th>
                <th scope="col" className="hidden px-4 md:table-cell">
                  URL
                </th>
                <th scope="col" className="px-2 sm:px-4">
                  Status
                </th>
                <th scope="col" className="hidden px-4 sm:table-cell">
                  Attempts
                </th>
                <th scope="col" className="hidden px-4 sm:table-cell">
                  HTTP
                </th>
                <th scope="col" className="hidden px-4 lg:table-cell">
                  Latency
                </th>
                <th scope="col" className="hidden px-4 sm:table-cell">
                  Time
                </th>
                <th scope="col" className="px-2 sm:px-4 sm:pr-5">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((d) => (
                <DeliveryRow
                  key={d.id}
                  delivery={d}
                  open={open.has(d.id)}
                  onToggle={() => toggle(d.id)}
                  onResend={() => onResend(d)}
                  resending={resendingId === d.id}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}

      {pages > 1 && (
        <nav
          aria-label="Delivery pages"
          className="flex items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 text-sm sm:px-5"
        >
          <p className="text-slate-600 tabular-nums">
            Page {page} of {pages}
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Newer
            </Button>
            <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Older
            </Button>
          </div>
        </nav>
      )}
    </section>
  );
}

function DeliveryRow({
  delivery: d,
  open,
  onToggle,
  onResend,
  resending,
}: {
  delivery: WebhookDelivery;
  open: boolean;
  onToggle: () => void;
  onResend: () => void;
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
            {canResend(d) && (
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
