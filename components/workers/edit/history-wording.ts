import type { HistoryEntry } from "@/lib/portal/client/hooks/use-worker-history";
import { FIELD_LABELS, isFormField } from "./worker-form-model";

const EXTRA_LABELS: Record<string, string> = { type: "Type", rating: "Rating" };

/** "w2_address_state" → the form's label, or "W2 address state" for a field it does not edit. */
export function fieldLabel(field: string): string {
  if (isFormField(field)) return FIELD_LABELS[field];
  const extra = EXTRA_LABELS[field];
  if (extra) return extra;
  const words = field.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Who made the change, as a person would say it: the teammate by name when the API names them
 * (ours), else the worker, an operator, the company or an API client, as before.
 */
export function actorName(entry: HistoryEntry): string {
  const { actor } = entry;
  if (entry.kind === "invitation_accepted" || actor.type === "worker") return "The worker";
  if (actor.user?.name) return actor.user.name;
  if (actor.type === "operator") return "An operator";
  return actor.company_name ?? "An API client";
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "changed City", "changed City and ZIP", "changed 3 fields, added 1 badge": in a few words. */
export function summary(entry: HistoryEntry): string {
  if (entry.kind === "invited") return "invited the worker";
  if (entry.kind === "invitation_accepted") return "accepted the invitation and set a password";
  if (entry.kind === "personal_data_revealed") return "revealed the full SSN";
  const parts: string[] = [];
  const fields = Object.keys(entry.changes).map(fieldLabel);
  if (fields.length > 0 && fields.length <= 2) parts.push(`changed ${fields.join(" and ")}`);
  else if (fields.length > 2) parts.push(`changed ${count(fields.length, "field", "fields")}`);
  if (entry.badges_added.length > 0)
    parts.push(`added ${count(entry.badges_added.length, "badge", "badges")}`);
  if (entry.badges_removed.length > 0)
    parts.push(`removed ${count(entry.badges_removed.length, "badge", "badges")}`);
  return parts.length > 0 ? parts.join(", ") : "saved the worker without changes";
}
