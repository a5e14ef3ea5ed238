"use client";

import { useId, useState } from "react";
import { useOffers, useRoleRefusal } from "@/components/portal/portal-access";
import { Alert } from "@/components/ui/alert";
import { LoadError } from "@/components/ui/load-error";
import { NoticeCard } from "@/components/ui/notice-card";
import { ApiClientError } from "@/lib/portal/client/fetcher";
import { useWebhooks } from "@/lib/portal/client/hooks/use-webhooks";
import type { SessionSummary } from "@/lib/portal/types";
import { AddWebhookForm } from "./add-webhook-form";
import { DeliveriesTable } from "./deliveries-table";
import { WebhookList } from "./webhook-list";

/** Subscriptions (add, remove) and the log of every delivery (attempts, payload, re-send). */
export function WebhooksView({ pool }: { pool: SessionSummary["pool"] }) {
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Webhooks</h1>
      <p className="mt-1 max-w-2xl text-sm text-slate-600">
        Your endpoints get an HTTP POST, as JSON, when something changes. Each request is signed:
        its <code className="font-mono text-[13px]">X-Wonolo-Webhook-Token</code> header is the
        SHA-256 (hex) of the body followed by your secret key.
      </p>
      <div className="mt-6">{pool === "public" ? <PublicPoolNotice /> : <Webhooks />}</div>
    </div>
  );
}

function Webhooks() {
  const formHeading = useId();
  const listHeading = useId();
  const hooks = useWebhooks();
  const [newId, setNewId] = useState<number | null>(null);
  // Adding, removing and resending: admins (and a private pool's keys); others only read.
  const canWrite = useOffers("webhooks.write");
  const roleRefusal = useRoleRefusal("webhooks.write", "add, remove or resend webhooks");

  if (hooks.isError) {
    const err = hooks.error;
    if (err instanceof ApiClientError && err.status === 403) return <PublicPoolNotice />;
    if (err instanceof ApiClientError && err.status === 404) return <NoWebhooksNotice />;
  }

  const count = hooks.data?.length ?? 0;
  return (
    <div className="space-y-6">
      <div
        className={`grid items-start gap-6 ${canWrite ? "lg:grid-cols-[22rem_minmax(0,1fr)]" : ""}`}
      >
        {canWrite ? (
          <section
            aria-labelledby={formHeading}
            className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          >
            <h2 id={formHeading} className="text-base font-semibold text-slate-900">
              Add a webhook
            </h2>
            <p className="mt-1 mb-4 text-sm text-slate-600">
              Answer with any 2xx, quickly. Anything else is tried again a few times, with growing
              pauses.
            </p>
            <AddWebhookForm labelledBy={formHeading} onAdded={(w) => setNewId(w.id)} />
          </section>
        ) : (
          roleRefusal && <Alert tone="info">{roleRefusal} You can still see them and their deliveries.</Alert>
        )}

        <section
          aria-labelledby={listHeading}
          className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-5">
            <h2 id={listHeading} className="text-base font-semibold text-slate-900">
              Subscriptions
            </h2>
            <p className="text-sm text-slate-500 tabular-nums">
              {hooks.data ? (count === 1 ? "1 webhook" : `${count} webhooks`) : ""}
            </p>
          </div>
          {hooks.isError ? (
            <div className="p-4 sm:p-5">
              <LoadError
                title="Webhooks could not be loaded"
                error={hooks.error}
                retry={hooks.refetch}
                retrying={hooks.isFetching}
              />
            </div>
          ) : hooks.isPending ? (
            <div aria-hidden="true" className="space-y-4 p-5">
              {[0, 1].map((i) => (
                <div key={i} className="space-y-2">
                  <div className="h-4 w-72 max-w-full animate-pulse rounded bg-slate-200" />
                  <div className="h-3 w-40 animate-pulse rounded bg-slate-200/70" />
                </div>
              ))}
            </div>
          ) : (
            <WebhookList webhooks={hooks.data} newId={newId} canRemove={canWrite} />
          )}
        </section>
      </div>

      <DeliveriesTable canResend={canWrite} />
    </div>
  );
}

function PublicPoolNotice() {
  return (
    <NoticeCard icon="lock" title="Webhooks need a private-pool key">
      <p>
        Webhooks send your company&apos;s events to your own systems, so only a private-pool key can
        add, remove or inspect them. Your keys give public-pool access; sign in with your
        private-pool key pair to manage webhooks.
      </p>
    </NoticeCard>
  );
}

function NoWebhooksNotice() {
  return (
    <NoticeCard title="Webhooks are managed here only with the built-in API">
      <p>
        These keys are served by the staffing platform&apos;s own API, which does not let the portal
        list or change webhook subscriptions. Ask your account manager to set them up.
      </p>
    </NoticeCard>
  );
}
