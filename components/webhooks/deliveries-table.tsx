"use client";

import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, Spinner } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { LoadError } from "@/components/ui/load-error";
import type { DeliveryListParams } from "@/lib/portal/client/hooks/query-keys";
import {
  useDeliveries,
  useResendDelivery,
  type WebhookDelivery,
} from "@/lib/portal/client/hooks/use-webhooks";

import { DeliveryRow } from "./delivery-row";

const PER_PAGE = 25;

type StateFilter = NonNullable<DeliveryListParams["state"]>;

const FILTERS: { value: "" | StateFilter; label: string }[] = [
  { value: "", label: "All states" },
  { value: "pending", label: "Pending" },
  { value: "delivered", label: "Delivered" },
  { value: "dead", label: "Failed" },
];

export function DeliveriesTable({ canResend = true }: { canResend?: boolean }) {
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
                  onResend={canResend ? () => onResend(d) : undefined}
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
