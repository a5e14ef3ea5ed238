import type { BadgeEdit, PickedBadge } from "@/components/badges/badge-picker";
import { isFormField, type WorkerFormValues } from "./worker-form-model";

/** What the editor keeps in the tab while there are unsaved changes. */
export type WorkerDraft = { values: WorkerFormValues; badges: BadgeEdit };

/** Only what a stored draft may contain: known fields of the right type, badges as pairs. */
export function parseDraft(raw: unknown): WorkerDraft | null {
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
