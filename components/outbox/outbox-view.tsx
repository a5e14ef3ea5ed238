"use client";

import Link from "next/link";
import { useRef, useState } from "react";
import { useOffers } from "@/components/portal/portal-access";
import { buttonClass, Spinner } from "@/components/ui/button";
import { LoadError } from "@/components/ui/load-error";
import { NoticeCard } from "@/components/ui/notice-card";
import { ApiClientError } from "@/lib/portal/client/fetcher";
import { useMails } from "@/lib/portal/client/hooks/use-mails";
import type { SessionSummary } from "@/lib/portal/types";
import { MailList, MailListSkeleton } from "./mail-list";
import { MailPreview } from "./mail-preview";

const PER_PAGE = 50;

/**
 * The demo outbox: the invitation e-mails the embedded API "sent" (kept in its database when no
 * mail server is configured), newest first, and the selected one as the worker would read it.
 */
export function OutboxView({ pool }: { pool: SessionSummary["pool"] }) {
  const canInvite = useOffers("workers.write");
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Outbox</h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">
            The invitation e-mails the API sent for your company. Where no mail server is set up
            they are kept here instead; in the demo, open one to follow the worker&apos;s side of an
            invitation.
          </p>
        </div>
        {pool !== "public" && canInvite && (
          <Link href="/workers/new" className={buttonClass("primary")}>
            Invite a worker
          </Link>
        )}
      </div>
      <div className="mt-6">{pool === "public" ? <PublicPoolNotice /> : <Outbox />}</div>
    </div>
  );
}

function Outbox() {
  const mails = useMails({ per: PER_PAGE });
  const [chosen, setChosen] = useState<number | null>(null);
  const previewRef = useRef<HTMLElement>(null);

  if (mails.isError && !mails.data) {
    const err = mails.error;
    if (err instanceof ApiClientError && err.status === 403) return <PublicPoolNotice />;
    if (err instanceof ApiClientError && err.status === 404) return <NoOutboxNotice />;
    return (
      <LoadError
        title="The outbox could not be loaded"
        error={err}
        retry={mails.refetch}
        retrying={mails.isFetching}
      />
    );
  }

  const items = mails.data?.mails ?? [];
  const total = mails.data?.total ?? 0;
  // Nothing chosen yet (or the chosen one fell off the page): show the newest.
  const selected = items.find((m) => m.id === chosen) ?? items[0] ?? null;

  const choose = (id: number) => {
    setChosen(id);
    // One column on narrow screens: bring the message into view under the list.
    if (window.matchMedia("(max-width: 1023px)").matches) {
      requestAnimationFrame(() => previewRef.current?.scrollIntoView({ block: "start" }));
    }
  };

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
      <section
        aria-labelledby="outbox-mails"
        className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 lg:sticky lg:top-6"
      >
        <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-5">
          <h2 id="outbox-mails" className="text-base font-semibold text-slate-900">
            E-mails
          </h2>
          <p role="status" className="flex items-center gap-2 text-sm text-slate-500 tabular-nums">
            {mails.isPending ? (
              <span className="sr-only">Loading e-mails</span>
            ) : (
              <>
                {mails.isFetching ? (
                  <Spinner className="size-3.5" />
                ) : (
                  <span
                    aria-hidden="true"
                    title="New e-mails appear here automatically"
                    className="size-2 rounded-full bg-emerald-500"
                  />
                )}
                {total === 1 ? "1 e-mail" : `${total.toLocaleString("en-US")} e-mails`}
              </>
            )}
          </p>
        </div>
        {mails.isPending ? (
          <MailListSkeleton />
        ) : items.length === 0 ? (
          <EmptyOutbox />
        ) : (
          <>
            <MailList mails={items} selectedId={selected?.id ?? null} onSelect={choose} />
            {total > items.length && (
              <p className="border-t border-slate-200 px-5 py-3 text-xs text-slate-500">
                Showing the newest {items.length} of {total.toLocaleString("en-US")}.
              </p>
            )}
          </>
        )}
        {mails.isError && mails.data && (
          <p role="alert" className="border-t border-slate-200 px-5 py-3 text-xs text-red-700">
            Checking for new e-mails failed: {mails.error.message} Retrying…
          </p>
        )}
      </section>

      <section
        ref={previewRef}
        aria-label="Selected e-mail"
        className="min-w-0 scroll-mt-6 rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
      >
        {selected ? (
          <MailPreview key={selected.id} mail={selected} />
        ) : (
          <div className="grid min-h-64 place-items-center px-6 py-14 text-center text-sm text-slate-500">
            {mails.isPending ? (
              <span className="flex items-center gap-2">
                <Spinner /> Loading…
              </span>
            ) : (
              "An invitation e-mail you select is shown here."
            )}
          </div>
        )}
      </section>
    </div>
  );
}

function EmptyOutbox() {
  return (
    <div className="flex flex-col items-center px-6 py-12 text-center">
      <span
        aria-hidden="true"
        className="grid size-12 place-items-center rounded-full bg-slate-100 text-slate-500"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          className="size-6"
        >
          <path
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M21.75 6.75v10.5a2.25 2.25 0 0 1-2.25 2.25h-15a2.25 2.25 0 0 1-2.25-2.25V6.75m19.5 0A2.25 2.25 0 0 0 19.5 4.5h-15a2.25 2.25 0 0 0-2.25 2.25m19.5 0v.243a2.25 2.25 0 0 1-1.07 1.916l-7.5 4.615a2.25 2.25 0 0 1-2.36 0L3.32 8.91a2.25 2.25 0 0 1-1.07-1.916V6.75"
          />
        </svg>
      </span>
      <h3 className="mt-4 text-base font-semibold text-slate-900">No invitations yet</h3>
      <p className="mt-1 max-w-xs text-sm text-slate-600">
        When you invite a worker, the invitation e-mail appears here within a few seconds, with the
        link the worker uses to accept.
      </p>
    </div>
  );
}

function PublicPoolNotice() {
  return (
    <NoticeCard icon="lock" title="The outbox needs a private-pool key">
      <p>
        Invitation e-mails belong to the company that sent them. Your keys give public-pool access,
        which cannot read them; sign in with your private-pool key pair to see the outbox.
      </p>
    </NoticeCard>
  );
}

function NoOutboxNotice() {
  return (
    <NoticeCard title="The outbox is only available with the built-in API">
      <p>
        These keys are served by the staffing platform&apos;s own API, which sends invitation
        e-mails itself and does not show them to anyone else. Invitations you send still reach your
        workers.
      </p>
      <p>
        The outbox works when the portal uses its built-in API, as the demo does: there, e-mails are
        kept for you to read instead of being sent.
      </p>
    </NoticeCard>
  );
}
