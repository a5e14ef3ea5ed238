import "server-only";
import { z } from "zod";

/**
 * The filters GET /users understands that an export may carry on: the list page's own (q,
 * badge_id, suspended, sort) and the ones clients of the real service send. Paging is the
 * export's business, so `page` and `per` are not among them. Values are checked by the API
 * itself when the export asks for its first page (its 400/422 comes back as is).
 */
const EXPORT_FILTER_KEYS = [
  "q",
  "badge_id",
  "suspended",
  "sort",
  "type",
  "email",
  "first_name",
  "last_name",
  "external_id",
  "w2_onboarding_status",
  "w2_employee_id",
  "address_state",
  "drug_tested",
  "updated_before",
  "updated_after",
] as const;

const value = z.string().trim().max(500, "is too long (maximum is 500 characters)").optional();

const exportWorkersQuerySchema = z
  .object({
    ...Object.fromEntries(EXPORT_FILTER_KEYS.map((k) => [k, value])),
    q: z.string().trim().max(200, "is too long (maximum is 200 characters)").optional(),
    // The list page's address bar says `badge`; the API says `badge_id`. Both are accepted, so
    // the page's own query string can be handed over unchanged.
    badge: value,
    // The workers' SSN and date of birth are exported only when asked for, explicitly.
    include_sensitive: z.enum(["true", "false"], { error: 'must be "true" or "false"' }).optional(),
  })
  .transform((raw) => {
    const filters = new URLSearchParams();
    const all = raw as Record<string, string | undefined>;
    for (const key of EXPORT_FILTER_KEYS) {
      const v = key === "badge_id" ? (all.badge_id ?? all.badge) : all[key];
      if (v) filters.set(key, v);
    }
    return { filters, includeSensitive: raw.include_sensitive === "true" };
  });

type ExportQueryResult =
  | { ok: true; filters: URLSearchParams; includeSensitive: boolean }
  | { ok: false; fields: Record<string, string[]> };

/** The export route's query → the filters to send upstream (unknown parameters are ignored). */
export function parseExportQuery(params: URLSearchParams): ExportQueryResult {
  const raw: Record<string, string> = {};
  // Of a repeated parameter, the last one counts.
  for (const [k, v] of params) raw[k] = v;
  const parsed = exportWorkersQuerySchema.safeParse(raw);
  if (parsed.success) return { ok: true, ...parsed.data };
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join(".") || "query";
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  return { ok: false, fields };
}
