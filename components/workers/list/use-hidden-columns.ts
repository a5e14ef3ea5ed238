"use client";

import { useStoredValue } from "@/lib/portal/client/use-stored-value";
import { type ColumnKey, HIDEABLE_COLUMNS } from "./columns";

const HIDEABLE = new Set<string>(HIDEABLE_COLUMNS.map((c) => c.key));

/** Lenient: unknown keys (a column since removed) are dropped. */
export function parseHiddenColumns(raw: string | null): ReadonlySet<ColumnKey> {
  if (!raw) return new Set();
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return new Set();
    return new Set(value.filter((k): k is ColumnKey => typeof k === "string" && HIDEABLE.has(k)));
  } catch {
    return new Set();
  }
}

const serialize = (hidden: ReadonlySet<ColumnKey>) => JSON.stringify([...hidden]);

/** The columns hidden from the workers table, kept in this browser. */
export function useHiddenColumns() {
  return useStoredValue("portal:columns:/workers", parseHiddenColumns, serialize);
}
