import type { UpdateUserBody } from "@/lib/schemas/user";
import {
  USER_FIELDS,
  USER_WRITABLE_FIELDS,
  type UserWritableField,
} from "@/lib/schemas/user-fields";
import { formatDecimal, formatTimestamp } from "../format";
import type { UserRow } from "./serialize-user";

type Column = keyof UserRow;

/** API field → database column (from the catalogue). */
export const columnOf = (field: UserWritableField): Column => USER_FIELDS[field].column;

/** One comparable form for stored and incoming values ("37.7952000" ≡ "37.7952", Date ≡ Date). */
function comparable(v: unknown): unknown {
  if (v instanceof Date) return formatTimestamp(v);
  if (typeof v === "string" && /^-?\d+\.\d+$/.test(v)) return formatDecimal(v);
  return v ?? null;
}

/** The columns whose value the body really changes. */
export function changedColumns(current: UserRow, body: UpdateUserBody): Partial<UserRow> {
  const out: Partial<Record<Column, unknown>> = {};
  for (const field of USER_WRITABLE_FIELDS) {
    const column = columnOf(field);
    const next = body[field];
    if (next === undefined) continue;
    if (comparable(current[column]) !== comparable(next)) out[column] = next;
  }
  return out as Partial<UserRow>;
}
