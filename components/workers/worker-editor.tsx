"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useCallback, useEffect, useMemo, useState } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import {
  type BadgeEdit,
  BadgePicker,
  badgeAttributes,
  EMPTY_BADGE_EDIT,
  loadBadgeSearch,
  type PickedBadge,
  useBadgeNames,
} from "@/components/badges/badge-picker";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { relativeTime, useNow } from "@/components/ui/time-ago";
import { ApiClientError } from "@/lib/portal/client/fetcher";
import {
  useUpdateWorker,
  useWorker,
  type WorkerWithEtag,
} from "@/lib/portal/client/hooks/use-workers";
import { useDraft, useUnsavedChangesWarning } from "@/lib/portal/client/use-draft";
import { ConflictPanel, type ConflictRow } from "./edit/conflict-panel";
import { FormCheckbox, FormSelect, FormText } from "./edit/form-fields";
import { FieldGrid, FormSection } from "./edit/form-section";
import { LocationFields } from "./edit/location-fields";
import { SaveBar, type SaveStatus } from "./edit/save-bar";
import {
  buildPatchBody,
  changedFields,
  DRUG_TESTED_OPTIONS,
  displayValue,
  FIELD_LABELS,
  FORM_FIELDS,
  GENDER_OPTIONS,
  isFormField,
  loadWorkerFormValidation,
  toFormValues,
  W2_STATUS_OPTIONS,
  type WorkerFormOutput,
  type WorkerFormValues,
  workerFormResolver,
} from "./edit/worker-form-model";
import { WorkerEditorSkeleton, WorkerHeader } from "./edit/worker-header";
import { WorkerNotFound } from "./edit/worker-not-found";

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

type Props = {
  id: number;
  /** "public": read-only view (the API refuses writes with public-pool keys). */
  pool: "private" | "public" | null;
  mapTileUrl: string;
  /** Arrived here right after inviting this worker. */
  invited?: boolean;
};

/** The edit page of one worker: loads it, then hands it to the form. */
export function WorkerEditor({ id, pool, mapTileUrl, invited = false }: Props) {
  const query = useWorker(id);
  const editable = pool !== "public";
  // What only editing needs (the form's rules, the badge search) loads beside the worker's data.
  useEffect(() => {
    if (!editable) return;
    loadWorkerFormValidation().catch(() => undefined);
    loadBadgeSearch().catch(() => undefined);
  }, [editable]);
  if (query.data) {
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
        readOnly={pool === "public"}
        mapTileUrl={mapTileUrl}
        invited={invited}
      />
    );
  }
  if (query.isError) {
    const err = query.error;
    if (err instanceof ApiClientError && err.status === 404) return <WorkerNotFound />;
    // Still a page: where the user is, what happened, and what to do.
    return (
      <div className="mx-auto max-w-lg">
        <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
          <Link href="/workers" className="rounded hover:text-slate-800">
            Workers
          </Link>
          <span aria-hidden="true"> / </span>
          <span className="text-slate-800" aria-current="page">
            Worker #{id}
          </span>
        </nav>
        <h1 className="mt-2 mb-4 text-2xl font-bold tracking-tight text-slate-900">Worker #{id}</h1>
        <Alert tone="error" title="This worker could not be loaded">
          <p>{err.message}</p>
          <Button
            variant="secondary"
            className="mt-3"
            busy={query.isFetching}
            onClick={() => query.refetch()}
          >
            Try again
          </Button>
        </Alert>
      </div>
    );
  }
  return <WorkerEditorSkeleton />;
}

type WorkerDraft = { values: WorkerFormValues; badges: BadgeEdit };

/** Only what a stored draft may contain: known fields of the right type, badges as pairs. */
function parseDraft(raw: unknown): WorkerDraft | null {
  if (!raw || typeof raw !== "object") return null;
  const { values, badges } = raw as { values?: unknown; badges?: unknown };
  if (!values || typeof values !== "object") return null;
  const picked: Partial<Record<string, string | boolean>> = {};
  for (const [k, v] of Object.entries(values)) {
    if (isFormField(k) && (typeof v === "string" || typeof v === "boolean")) picked[k] = v;
  }
  const b = (badges ?? {}) as { adds?: unknown; removals?: unknown };
  const adds = Array.isArray(b.adds)
    ? b.adds.filter(
        (a): a is PickedBadge =>
          !!a && typeof a.id === "string" && typeof (a as PickedBadge).name === "string",
      )
    : [];
  const removals = Array.isArray(b.removals)
    ? b.removals.filter((r): r is string => typeof r === "string")
    : [];
  return { values: picked as WorkerFormValues, badges: { adds, removals } };
}

function LoadedWorkerEditor({
  id,
  initial,
  latest,
  refetch,
  readOnly,
  mapTileUrl,
  invited,
}: {
  id: number;
  initial: WorkerWithEtag;
  latest: WorkerWithEtag;
  refetch: () => Promise<WorkerWithEtag | null>;
  readOnly: boolean;
  mapTileUrl: string;
  invited: boolean;
}) {
  /** What the form was loaded from: the values "changed" is measured against, and the ETag. */
  const [base, setBase] = useState(initial);
  const baseValues = useMemo(() => toFormValues(base.worker), [base.worker]);
  const form = useForm<WorkerFormValues, unknown, WorkerFormOutput>({
    resolver: workerFormResolver,
    defaultValues: baseValues,
    mode: "onTouched",
  });
  const { handleSubmit, reset, getValues, setValue, setError, control } = form;
  const values = useWatch({ control }) as WorkerFormValues;
  const [badgeEdit, setBadgeEdit] = useState<BadgeEdit>(EMPTY_BADGE_EDIT);
  const [restored, setRestored] = useState(false);
  const [draftChecked, setDraftChecked] = useState(false);
  const [status, setStatus] = useState<"idle" | "saved" | "reloaded">("idle");
  const [formError, setFormError] = useState<string | null>(null);
  const [badgeError, setBadgeError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<WorkerWithEtag | null>(null);
  const [saving, setSaving] = useState(false);
  const update = useUpdateWorker(id);
  const draft = useDraft<WorkerDraft>(`/workers/${id}`);
  const now = useNow();

  const changed = useMemo(() => changedFields(values, baseValues), [values, baseValues]);
  const badgeChanges = badgeEdit.adds.length + badgeEdit.removals.length;
  const dirty = changed.length > 0 || badgeChanges > 0;

  // A worker cached by the invite form has no ETag yet: fetch it, so saves are conflict-checked.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the first data only
  useEffect(() => {
    if (initial.etag === null) void refetch();
  }, []);
  useEffect(() => {
    if (
      base.etag === null &&
      latest.etag !== null &&
      latest.worker.updated_at === base.worker.updated_at
    ) {
      setBase((b) => ({ ...b, etag: latest.etag }));
    }
  }, [base, latest]);

  // Input kept from before (a session that ended, a tab reloaded) comes back over the fetched values.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form first mounts
  useEffect(() => {
    const saved = readOnly ? null : parseDraft(draft.read());
    if (saved) {
      const heldIds = new Set(base.worker.user_badges.map((b) => b.badge_id));
      const badges: BadgeEdit = {
        adds: saved.badges.adds.filter((a) => !heldIds.has(a.id)),
        removals: saved.badges.removals.filter((r) => heldIds.has(r)),
      };
      const merged = { ...baseValues, ...saved.values };
      if (
        changedFields(merged, baseValues).length > 0 ||
        badges.adds.length + badges.removals.length > 0
      ) {
        reset(merged, { keepDefaultValues: true });
        setBadgeEdit(badges);
        setRestored(true);
      } else {
        draft.clear();
      }
    }
    setDraftChecked(true);
  }, []);

  // Keep the draft in step with the form: saved while there are changes, gone when there are none.
  useEffect(() => {
    if (!draftChecked || readOnly) return;
    if (dirty) draft.save({ values, badges: badgeEdit });
    else draft.clear();
  }, [draftChecked, readOnly, dirty, values, badgeEdit, draft]);

  useEffect(() => {
    if (dirty && status !== "idle") setStatus("idle");
  }, [dirty, status]);

  useUnsavedChangesWarning(dirty && !readOnly);
  useConfirmLeavingByLink(dirty && !readOnly);

  /** Show `next` as the saved state; keep anything typed after `submitted` was sent. */
  const adopt = useCallback(
    (next: WorkerWithEtag, submitted: WorkerFormValues | null) => {
      const current = getValues();
      const typedSince = submitted ? changedFields(current, submitted) : [];
      setBase(next);
      reset(toFormValues(next.worker));
      for (const k of typedSince) setValue(k, current[k], { shouldDirty: true });
      setBadgeEdit(EMPTY_BADGE_EDIT);
      setConflict(null);
      setRestored(false);
      setBadgeError(null);
      setFormError(null);
      if (typedSince.length === 0) draft.clear();
    },
    [getValues, reset, setValue, draft],
  );

  const save = async (output: WorkerFormOutput, against: WorkerWithEtag) => {
    setFormError(null);
    setBadgeError(null);
    const submitted = getValues();
    const body = buildPatchBody(output, submitted, baseValues);
    const attrs = badgeAttributes(badgeEdit, against.worker.user_badges);
    if (attrs.length > 0) body.user_badges_attributes = attrs;
    // If the session has ended, the shell navigates to sign-in: the input must be stored first.
    draft.saveNow({ values: submitted, badges: badgeEdit });
    if (Object.keys(body).length === 0) {
      adopt(against, submitted);
      setStatus(against === base ? "saved" : "reloaded");
      return;
    }
    setSaving(true);
    try {
      const result = await update.mutateAsync({ body, ifMatch: against.etag });
      adopt(result, submitted);
      setStatus("saved");
    } catch (err) {
      await handleSaveError(err);
    } finally {
      setSaving(false);
    }
  };

  const handleSaveError = async (err: unknown) => {
    if (!(err instanceof ApiClientError)) {
      setFormError("Your changes could not be saved. Try again.");
      return;
    }
    if (err.status === 401 || err.code === "session_expired") return;
    if (err.status === 412 || err.code === "precondition_failed") {
      const fresh = await refetch();
      if (fresh) setConflict(fresh);
      else
        setFormError(
          "Someone else saved this worker, and their version could not be loaded. Check your connection and save again.",
        );
      return;
    }
    if (err.code === "duplicate_badge") {
      setBadgeError(`${err.message} — refresh to see the worker's current badges`);
      return;
    }
    let placed = false;
    const unplaced: string[] = [];
    for (const [field, messages] of Object.entries(err.fields ?? {})) {
      const message = messages.join(", ");
      if (isFormField(field)) {
        setError(field, { type: "server", message }, { shouldFocus: !placed });
        placed = true;
      } else if (field === "user_badges" || field === "user_badges_attributes") {
        setBadgeError(`Badges ${message}`);
        placed = true;
      } else {
        unplaced.push(`${field.replaceAll("_", " ")} ${message}`);
      }
    }
    if (unplaced.length > 0) setFormError(`${err.message} (${unplaced.join("; ")})`);
    else if (!placed) setFormError(err.message);
    else setFormError("Not saved: some fields need attention (see the messages next to them).");
  };

  const onSubmit = handleSubmit((output) => save(output, base));
  const onOverwrite = () => {
    if (conflict) void handleSubmit((output) => save(output, conflict))();
  };
  const onDiscardMine = () => {
    if (!conflict) return;
    adopt(conflict, null);
    setStatus("reloaded");
  };
  const discardAll = () => {
    reset(baseValues);
    setBadgeEdit(EMPTY_BADGE_EDIT);
    setRestored(false);
    setBadgeError(null);
    setFormError(null);
    draft.clear();
  };

  const badgeNames = useBadgeNames(
    useMemo(
      () => [
        ...base.worker.user_badges.map((b) => b.badge_id),
        ...(conflict?.worker.user_badges.map((b) => b.badge_id) ?? []),
      ],
      [base.worker.user_badges, conflict],
    ),
  );
  const conflictRows = useMemo((): ConflictRow[] => {
    if (!conflict) return [];
    const theirs = toFormValues(conflict.worker);
    const rows: ConflictRow[] = FORM_FIELDS.filter((k) => theirs[k] !== baseValues[k]).map((k) => {
      const bothChanged = values[k] !== baseValues[k];
      return {
        label: FIELD_LABELS[k],
        theirs: displayValue(k, theirs[k]),
        mine: displayValue(k, bothChanged ? values[k] : baseValues[k]),
        bothChanged,
      };
    });
    const nameOf = (badgeId: string) => badgeNames.get(badgeId) ?? `Badge ${badgeId}`;
    const setOf = (ids: string[]) => [...new Set(ids)].sort();
    const baseIds = setOf(base.worker.user_badges.map((b) => b.badge_id));
    const theirIds = setOf(conflict.worker.user_badges.map((b) => b.badge_id));
    if (baseIds.join() !== theirIds.join()) {
      const mineIds = setOf([
        ...theirIds.filter((b) => !badgeEdit.removals.includes(b)),
        ...badgeEdit.adds.map((a) => a.id),
      ]);
      const list = (ids: string[]) => (ids.length ? ids.map(nameOf).join(", ") : "(none)");
      rows.push({
        label: "Badges",
        theirs: list(theirIds),
        mine: list(badgeChanges > 0 ? mineIds : baseIds),
        bothChanged: badgeChanges > 0,
      });
    }
    return rows;
  }, [conflict, baseValues, values, base.worker.user_badges, badgeEdit, badgeChanges, badgeNames]);

  const busy = saving || form.formState.isSubmitting;
  const saveStatus: SaveStatus = busy
    ? "saving"
    : conflict
      ? "conflict"
      : dirty
        ? "dirty"
        : status === "saved"
          ? "saved"
          : status === "reloaded"
            ? "reloaded"
            : "clean";
  const suspended = values.suspended;
  const lowerPool = values.lower_pool;
  const tz = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  const timeHint = `Your time zone (${tz})`;

  return (
    <div className="mx-auto max-w-6xl">
      <WorkerHeader worker={latest.worker} />

      <div className="mt-6 space-y-4 empty:hidden">
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
            Your keys give read-only (public-pool) access. Editing workers needs a private-pool key.
          </Alert>
        )}
        {restored && (
          <Alert tone="info">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p>We restored the changes you had not saved yet.</p>
              <Button variant="secondary" onClick={discardAll}>
                Discard them
              </Button>
            </div>
          </Alert>
        )}
        {conflict && (
          <ConflictPanel
            rows={conflictRows}
            savedAgo={relativeTime(conflict.worker.updated_at, now)}
            busy={busy}
            onDiscard={onDiscardMine}
            onOverwrite={onOverwrite}
          />
        )}
      </div>

      <FormProvider {...form}>
        <form
          onSubmit={onSubmit}
          noValidate
          aria-label={`Edit ${latest.worker.first_name} ${latest.worker.last_name}`}
          className="mt-8"
        >
          <fieldset disabled={readOnly} className="min-w-0 space-y-8">
            <FormSection title="Identity" description="Who the worker is.">
              <FieldGrid>
                <FormText name="first_name" required autoComplete="off" />
                <FormText name="last_name" required autoComplete="off" />
                <FormSelect name="gender" options={GENDER_OPTIONS} />
                <FormText name="dob" type="date" />
                <FormText
                  name="ssn"
                  hint="Only if your company needs it for payroll."
                  className="sm:col-span-2"
                />
              </FieldGrid>
            </FormSection>

            <FormSection
              title="Contact"
              description="How the worker is reached, and your own reference for them."
            >
              <FieldGrid>
                <FormText name="email" type="email" required />
                <FormText
                  name="phone"
                  type="tel"
                  required
                  placeholder="+1 415 555 0142"
                  hint="International format, starting with + and the country code."
                />
                <FormText
                  name="external_id"
                  hint="Optional: your payroll or HR id for this worker."
                  className="sm:col-span-2"
                />
              </FieldGrid>
            </FormSection>

            <FormSection title="Address" description="The worker's postal address.">
              <FieldGrid>
                <FormText name="address" className="sm:col-span-2" />
                <FormText name="city" />
                <FormText name="address_state" />
                <FormText name="zip" inputMode="numeric" />
              </FieldGrid>
            </FormSection>

            <FormSection
              title="Location"
              description="Coordinates used to match the worker with nearby jobs. A pair is set or cleared together."
            >
              <LocationFields mapTileUrl={mapTileUrl} readOnly={readOnly} />
            </FormSection>

            <FormSection
              title="Status"
              description="Whether the worker can be booked, and until when."
            >
              <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
                <FormCheckbox
                  name="suspended"
                  description="Suspended workers cannot be booked for jobs."
                  onToggle={(on) => {
                    if (!on) setValue("suspended_until", "", { shouldDirty: true });
                  }}
                />
                <FormText
                  name="suspended_until"
                  type="datetime-local"
                  disabled={!suspended}
                  hint={
                    suspended ? `Empty: until further notice. ${timeHint}` : "Only when suspended"
                  }
                />
                <FormCheckbox
                  name="lower_pool"
                  description="Offered jobs after workers in the main pool."
                  onToggle={(on) => {
                    if (!on) setValue("lower_pool_until", "", { shouldDirty: true });
                  }}
                />
                <FormText
                  name="lower_pool_until"
                  type="datetime-local"
                  disabled={!lowerPool}
                  hint={lowerPool ? timeHint : "Only when in the lower pool"}
                />
              </div>
            </FormSection>

            <FormSection
              title="Onboarding"
              description="Screening, W-2 employment and how the worker found you."
            >
              <FieldGrid>
                <FormSelect name="drug_tested" options={DRUG_TESTED_OPTIONS} />
                <FormText name="onboarding_appt_time" type="datetime-local" hint={timeHint} />
                <FormText name="w2_employee_id" />
                <FormSelect name="w2_onboarding_status" options={W2_STATUS_OPTIONS} />
                <FormText name="w2_onboarding_started" type="datetime-local" />
                <FormText name="w2_onboarding_completed" type="datetime-local" />
                <FormText name="w2_address_state" />
                <FormText name="referred_by" />
                <FormText name="tracking_code" className="sm:col-span-2" />
              </FieldGrid>
            </FormSection>

            <FormSection title="Profile" description="Business details and pictures, as links.">
              <FieldGrid>
                <FormText name="business_name" className="sm:col-span-2" />
                <FormText
                  name="avatar_url"
                  type="url"
                  placeholder="https://"
                  className="sm:col-span-2"
                />
                <FormText name="logo_url" type="url" placeholder="https://" />
                <FormText name="workplace_image_url" type="url" placeholder="https://" />
              </FieldGrid>
            </FormSection>

            <FormSection
              title="Badges"
              description="Certifications and skills. Badges already on the worker cannot be added twice."
            >
              <BadgePicker
                held={base.worker.user_badges}
                value={badgeEdit}
                onChange={(next) => {
                  setBadgeEdit(next);
                  setBadgeError(null);
                }}
                error={badgeError}
                readOnly={readOnly}
              />
            </FormSection>
          </fieldset>

          {!readOnly && (
            <SaveBar
              status={saveStatus}
              changeCount={changed.length + badgeChanges}
              canSave={dirty && !busy && !conflict}
              busy={busy}
              onDiscard={discardAll}
              error={formError && <Alert tone="error">{formError}</Alert>}
            />
          )}
        </form>
      </FormProvider>

      <div className="mt-10">
        <WorkerHistory id={id} />
      </div>
    </div>
  );
}

/**
 * Ask before an in-app link leaves the page with unsaved changes (beforeunload covers reloads
 * and other sites). The changes stay as a draft either way; this only prevents surprise.
 */
function useConfirmLeavingByLink(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)
        return;
      const link = (e.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement)) return;
      if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname)
        return;
      const leave = window.confirm(
        "You have unsaved changes to this worker. Leave this page? Your changes are kept as a draft in this tab.",
      );
      if (!leave) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [active]);
}
