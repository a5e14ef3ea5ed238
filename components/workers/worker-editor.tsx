"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useDeferredValue, useEffect } from "react";
import { FormProvider } from "react-hook-form";
import { loadBadgeSearch } from "@/components/badges/badge-picker";
import { useOffers, useRoleRefusal } from "@/components/portal/portal-access";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { relativeTime } from "@/components/ui/time-ago";
import { ApiClientError } from "@/lib/portal/client/fetcher";
import { useWorker, type WorkerWithEtag } from "@/lib/portal/client/hooks/use-workers";
import { useShortcut } from "@/lib/portal/client/shortcuts";
import { ConflictPanel } from "./edit/conflict-panel";
import { WORKER_SECTIONS } from "./edit/editor-sections";
import { SECTION_SCROLL_MARGIN } from "./edit/form-section";
import { SaveBar } from "./edit/save-bar";
import { SectionNav } from "./edit/section-nav";
import { SsnRevealScope } from "./edit/ssn-reveal";
import { UnsentNotice } from "./edit/unsent-notice";
import { useWorkerForm } from "./edit/use-worker-form";
import { WorkerDetails } from "./edit/worker-details";
import { loadWorkerFormValidation } from "./edit/worker-form-model";
import { WorkerFormSections } from "./edit/worker-form-sections";
import { WorkerEditorSkeleton, WorkerHeader } from "./edit/worker-header";
import { WorkerLoadError } from "./edit/worker-load-error";
import { WorkerNotFound } from "./edit/worker-not-found";

/** The worker's jobs, below the form: loaded after the page, as the history is. */
const WorkerJobs = dynamic(
  () => import("@/components/jobs/worker-jobs").then((m) => m.WorkerJobs),
  {
    ssr: false,
  },
);

/**
 * The history panel sits below the form and is read less often than the form is used: its
 * code loads after the page, not as part of its first-load JavaScript.
 */
const WorkerHistory = dynamic(() => import("./edit/worker-history").then((m) => m.WorkerHistory), {
  ssr: false,
  loading: () => (
    <div
      aria-hidden="true"
      className="grid gap-x-8 gap-y-3 border-t border-slate-200 pt-8 lg:grid-cols-3"
    >
      <div className="h-5 w-20 animate-pulse rounded bg-slate-200" />
      <div className="h-40 rounded-xl bg-white ring-1 ring-slate-200 lg:col-span-2" />
    </div>
  ),
});

/** What the API leaves out of a worker for public-pool keys. */
const PUBLIC_POOL_WITHHELD = ["ssn", "dob"] as const;

type Props = {
  id: number;
  /** "public": read-only view (the API refuses writes with public-pool keys). */
  pool: "private" | "public" | null;
  mapTileUrl: string;
  /** Arrived here right after inviting this worker. */
  invited?: boolean;
  /** Our API's ZIP table answers (not the real service): the ZIP fills city and state. */
  zipLookup?: boolean;
};

/** The edit page of one worker: loads it, then hands it to the form. */
export function WorkerEditor({ id, pool, mapTileUrl, invited = false, zipLookup = false }: Props) {
  const query = useWorker(id);
  // A public pool's keys, or a person whose role cannot edit workers (read-only), see details.
  const offersEdit = useOffers("workers.write");
  const editable = pool !== "public" && offersEdit;
  // What only editing needs (the form's rules, the badge search) loads beside the worker's data.
  useEffect(() => {
    if (!editable) return;
    loadWorkerFormValidation().catch(() => undefined);
    loadBadgeSearch().catch(() => undefined);
  }, [editable]);
  // The form's first render, once the worker has arrived, is deferred: React renders it as a
  // transition, in slices it answers input between, not as one task of ~150 ms (later answers,
  // a save's, render at once as before).
  const shown = useDeferredValue(query.data !== undefined);
  // GET /users/:id answers for the company's employer users too; this page is a worker's.
  if (query.data && query.data.worker.type !== "Worker") return <WorkerNotFound teammate />;
  if (query.data && shown) {
    return (
      <LoadedWorkerEditor
        key={id}
        id={id}
        initial={query.data}
        latest={query.data}
        refetch={async () => {
          const r = await query.refetch();
          return r.isError ? null : (r.data ?? null);
        }}
        readOnly={!editable}
        withheld={pool === "public" ? PUBLIC_POOL_WITHHELD : []}
        mapTileUrl={mapTileUrl}
        invited={invited}
        zipLookup={zipLookup}
      />
    );
  }
  if (query.isError) {
    const err = query.error;
    if (err instanceof ApiClientError && err.status === 404) return <WorkerNotFound />;
    return (
      <WorkerLoadError
        id={id}
        message={err.message}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <WorkerEditorSkeleton />;
}

function LoadedWorkerEditor({
  id,
  initial,
  latest,
  refetch,
  readOnly,
  withheld,
  mapTileUrl,
  invited,
  zipLookup,
}: {
  id: number;
  initial: WorkerWithEtag;
  latest: WorkerWithEtag;
  refetch: () => Promise<WorkerWithEtag | null>;
  readOnly: boolean;
  withheld: readonly ("ssn" | "dob")[];
  mapTileUrl: string;
  invited: boolean;
  zipLookup: boolean;
}) {
  const w = useWorkerForm({ id, initial, latest, refetch, readOnly });
  const roleRefusal = useRoleRefusal("workers.write", "edit workers");
  // Ctrl/Cmd+S saves, from any field, as in a desktop editor; never while a save or a conflict
  // is in hand (the conflict panel asks which version wins).
  useShortcut(
    "mod+s",
    () => {
      if (!w.busy && !w.conflict) void w.onSubmit();
    },
    { allowInFields: true, description: "Save the worker", enabled: !readOnly },
  );

  return (
    <div className="mx-auto max-w-6xl">
      <WorkerHeader worker={latest.worker} readOnly={readOnly} />

      {/* Phones: the section bar sticks under the page header. Wide screens: it sticks beside
          everything below, so any section is one click away from anywhere on the page. */}
      <div className="mt-4 lg:mt-8 lg:grid lg:grid-cols-[10rem_minmax(0,1fr)] lg:gap-x-10">
        <SectionNav sections={WORKER_SECTIONS} />
        <div className="min-w-0">
          <div className="mt-6 space-y-4 empty:hidden lg:mt-0">
            {invited && (
              <Alert tone="success" title={`Invitation sent to ${latest.worker.email}`}>
                They get an e-mail with a link to join (
                <Link href="/outbox" className="font-medium underline underline-offset-2">
                  see it in the outbox
                </Link>
                ). You can fill in the rest of their profile now.
              </Alert>
            )}
            {readOnly && (
              <Alert tone="info">
                {roleRefusal ??
                  "Your keys give read-only (public-pool) access. Editing workers needs a private-pool key."}
              </Alert>
            )}
            {w.restored && (
              <Alert tone="info">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <p>We restored the changes you had not saved yet.</p>
                  <Button variant="secondary" onClick={w.discardAll}>
                    Discard them
                  </Button>
                </div>
              </Alert>
            )}
            {w.conflict && (
              <ConflictPanel
                rows={w.conflictRows}
                savedAgo={relativeTime(w.conflict.worker.updated_at, w.now)}
                busy={w.busy}
                onDiscard={w.onDiscardMine}
                onOverwrite={w.onOverwrite}
              />
            )}
          </div>

          {readOnly ? (
            <div className="mt-8">
              <WorkerDetails worker={latest.worker} mapTileUrl={mapTileUrl} withheld={withheld} />
            </div>
          ) : (
            <SsnRevealScope workerId={id}>
              <FormProvider {...w.form}>
                <form
                  onSubmit={w.onSubmit}
                  noValidate
                  aria-label={`Edit ${latest.worker.first_name} ${latest.worker.last_name}`}
                  className="mt-8"
                >
                  <div className="min-w-0 space-y-8">
                    <WorkerFormSections
                      mapTileUrl={mapTileUrl}
                      zipLookup={zipLookup}
                      readOnly={false}
                      held={w.base.worker.user_badges}
                      badgeEdit={w.badgeEdit}
                      onBadgeEdit={(next) => {
                        w.setBadgeEdit(next);
                        w.setBadgeError(null);
                      }}
                      badgeError={w.badgeError}
                    />
                  </div>

                  <SaveBar
                    status={w.saveStatus}
                    changeCount={w.changed.length + w.badgeChanges}
                    canSave={w.dirty && !w.busy && !w.conflict}
                    busy={w.busy}
                    onDiscard={w.discardAll}
                    error={
                      w.formError ? (
                        <Alert tone="error">{w.formError}</Alert>
                      ) : (
                        w.unsent && (
                          <UnsentNotice
                            unsent={w.unsent}
                            busy={w.busy}
                            onRetry={w.onRetry}
                            onCancel={w.onCancelUnsent}
                          />
                        )
                      )
                    }
                  />
                </form>
              </FormProvider>
            </SsnRevealScope>
          )}

          <div id="jobs" className={`mt-10 ${SECTION_SCROLL_MARGIN}`}>
            <WorkerJobs workerId={id} />
          </div>
          <div id="history" className={`mt-10 ${SECTION_SCROLL_MARGIN}`}>
            <WorkerHistory id={id} />
          </div>
        </div>
      </div>
    </div>
  );
}
