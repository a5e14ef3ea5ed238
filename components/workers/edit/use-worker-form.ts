"use client";

import { useCallback, useEffect, useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import {
  type BadgeEdit,
  badgeAttributes,
  EMPTY_BADGE_EDIT,
  useBadgeNames,
} from "@/components/badges/badge-picker";
import { useNow } from "@/components/ui/time-ago";
import { ApiClientError, isConnectionError, OFFLINE_CODE } from "@/lib/portal/client/fetcher";
import { useUpdateWorker, type WorkerWithEtag } from "@/lib/portal/client/hooks/use-workers";
import { placeFieldErrorsOf } from "@/lib/portal/client/place-field-errors";
import { useDraft, useUnsavedChangesWarning } from "@/lib/portal/client/use-draft";
import type { ConflictRow } from "./conflict-panel";
import type { SaveStatus } from "./save-bar";
import type { Unsent } from "./unsent-notice";
import { useConfirmLeavingByLink } from "./use-confirm-leaving";
import { parseDraft, type WorkerDraft } from "./worker-draft";
import {
  buildPatchBody,
  changedFields,
  displayValue,
  FIELD_LABELS,
  FORM_FIELDS,
  toFormValues,
  type WorkerFormOutput,
  type WorkerFormValues,
  workerFormResolver,
} from "./worker-form-model";

/**
 * The worker editor's model: the form loaded from the worker, what changed, the draft kept in
 * the tab, saving with If-Match, a conflict with someone else's save, and where each server
 * error goes. The editor component only lays this out.
 */
export function useWorkerForm({
  id,
  initial,
  latest,
  refetch,
  readOnly,
}: {
  id: number;
  initial: WorkerWithEtag;
  latest: WorkerWithEtag;
  refetch: () => Promise<WorkerWithEtag | null>;
  readOnly: boolean;
}) {
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
  const [unsent, setUnsent] = useState<Unsent | null>(null);
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
      setUnsent(null);
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
    // No answer at all: say so at once and let the user send it again (never sent by itself).
    if (isConnectionError(err)) {
      const offline = err.code === OFFLINE_CODE || navigator.onLine === false;
      setUnsent((u) => ({
        reason: offline ? "offline" : "unreachable",
        attempts: (u?.attempts ?? 0) + 1,
      }));
      return;
    }
    setUnsent(null);
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
    let { placed, others } = placeFieldErrorsOf(err, FORM_FIELDS, setError);
    const unplaced: string[] = [];
    for (const [field, messages] of others) {
      const message = messages.join(", ");
      if (field === "user_badges" || field === "user_badges_attributes") {
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
  const onRetry = () => void onSubmit();
  /** Back to editing: the changes stay, unsaved, until the user saves or discards them. */
  const onCancelUnsent = () => setUnsent(null);
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
    setUnsent(null);
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

  return {
    form,
    base,
    changed,
    badgeChanges,
    dirty,
    badgeEdit,
    setBadgeEdit,
    restored,
    formError,
    unsent,
    onRetry,
    onCancelUnsent,
    badgeError,
    setBadgeError,
    conflict,
    conflictRows,
    busy,
    saveStatus,
    now,
    onSubmit,
    onOverwrite,
    onDiscardMine,
    discardAll,
  };
}
