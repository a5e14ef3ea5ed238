"use client";

import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TimeAgo } from "@/components/ui/time-ago";
import { ApiClientError } from "@/lib/portal/client/fetcher";
import { useRemoveWebhook, type Webhook } from "@/lib/portal/client/hooks/use-webhooks";

/** The company's subscriptions, each removable after a confirmation. */
export function WebhookList({
  webhooks,
  newId,
  canRemove = true,
}: {
  webhooks: Webhook[];
  newId: number | null;
  /** false: the signed-in role cannot remove webhooks, so no Remove buttons. */
  canRemove?: boolean;
}) {
  const [removing, setRemoving] = useState<Webhook | null>(null);
  const [removed, setRemoved] = useState<string | null>(null);
  return (
    <>
      <p role="status" className="sr-only">
        {removed ? `Webhook ${removed} removed.` : ""}
      </p>
      {webhooks.length === 0 ? (
        <div className="px-6 py-12 text-center">
          <h3 className="text-base font-semibold text-slate-900">No webhooks yet</h3>
          <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">
            Add an endpoint, and every event it subscribes to is POSTed to it as it happens.
          </p>
        </div>
      ) : (
        <ul aria-label="Webhooks" className="divide-y divide-slate-100">
          {webhooks.map((w) => (
            <li
              key={w.id}
              className={`flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:px-5 ${
                w.id === newId ? "bg-emerald-50/60" : ""
              }`}
            >
              <div className="min-w-0 flex-1">
                <p className="font-mono text-sm font-medium break-all text-slate-900">{w.url}</p>
                <ul aria-label="Events" className="mt-2 flex flex-wrap gap-1.5">
                  {w.all_events ? (
                    <li className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-800 ring-1 ring-indigo-200 ring-inset">
                      All events
                    </li>
                  ) : (
                    w.events.map((e) => (
                      <li
                        key={e}
                        className="rounded-full bg-slate-100 px-2 py-0.5 font-mono text-[11px] text-slate-700 ring-1 ring-slate-200 ring-inset"
                      >
                        {e}
                      </li>
                    ))
                  )}
                </ul>
                <p className="mt-2 text-xs text-slate-500">
                  Added <TimeAgo iso={w.created_at} />
                  {w.signing_key && (
                    <>
                      {" "}
                      · signed with the secret key of{" "}
                      <code className="font-mono wrap-anywhere">{w.signing_key}</code>
                    </>
                  )}
                </p>
              </div>
              {canRemove && (
                <button
                  type="button"
                  className="inline-flex shrink-0 items-center self-start rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-red-700 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                  aria-label={`Remove webhook ${w.url}`}
                  onClick={() => {
                    setRemoved(null);
                    setRemoving(w);
                  }}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <RemoveWebhookDialog
        webhook={removing}
        onClose={() => setRemoving(null)}
        onRemoved={(w) => {
          setRemoving(null);
          setRemoved(w.url);
        }}
      />
    </>
  );
}

function RemoveWebhookDialog({
  webhook,
  onClose,
  onRemoved,
}: {
  webhook: Webhook | null;
  onClose: () => void;
  onRemoved: (w: Webhook) => void;
}) {
  const remove = useRemoveWebhook();
  const [error, setError] = useState<string | null>(null);
  // Keeps the text while the dialog closes.
  const [shown, setShown] = useState<Webhook | null>(webhook);
  if (webhook && webhook !== shown) setShown(webhook);

  const close = () => {
    if (remove.isPending) return;
    setError(null);
    onClose();
  };
  const confirm = async () => {
    if (!webhook) return;
    setError(null);
    try {
      await remove.mutateAsync(webhook.id);
      onRemoved(webhook);
    } catch (err) {
      if (err instanceof ApiClientError && err.status === 404) {
        // Already gone (removed in another tab): what the user wanted.
        onRemoved(webhook);
        return;
      }
      setError(err instanceof Error ? err.message : "Try again in a moment.");
    }
  };

  return (
    <Dialog
      open={webhook !== null}
      onClose={close}
      className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center"
    >
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <DialogPanel className="relative w-full max-w-md rounded-xl bg-white p-6 shadow-xl ring-1 ring-slate-200">
        <DialogTitle className="text-base font-semibold text-slate-900">
          Remove this webhook?
        </DialogTitle>
        <Description className="mt-2 text-sm text-slate-600">
          <span className="font-mono break-all text-slate-900">{shown?.url}</span> will get no more
          events. Deliveries still waiting to be sent are cancelled; past deliveries stay in the log
          below.
        </Description>
        {error && (
          <div className="mt-4">
            <Alert tone="error" title="The webhook could not be removed">
              {error}
            </Alert>
          </div>
        )}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={remove.isPending} autoFocus>
            Keep it
          </Button>
          <Button variant="danger" busy={remove.isPending} onClick={confirm}>
            Remove webhook
          </Button>
        </div>
      </DialogPanel>
    </Dialog>
  );
}
