"use client";

import { useCallback, useEffect, useState } from "react";

/**
 * A value kept in this browser's localStorage under `key`, shared by the tabs (the storage
 * event). `parse` must accept anything, including null (nothing stored). Before the browser
 * has read it (server render, hydration) the value is `parse(null)`.
 */
export function useStoredValue<T>(
  key: string,
  parse: (raw: string | null) => T,
  serialize: (value: T) => string,
): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => parse(null));
  useEffect(() => {
    const read = () => {
      try {
        setValue(parse(localStorage.getItem(key)));
      } catch {
        setValue(parse(null)); // Storage refused (privacy mode): nothing is kept.
      }
    };
    read();
    const onStorage = (e: StorageEvent) => {
      if (e.key === key || e.key === null) read();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [key, parse]);
  const store = useCallback(
    (next: T) => {
      setValue(next);
      try {
        localStorage.setItem(key, serialize(next));
      } catch {
        // Full or refused: the value holds for this page only.
      }
    },
    [key, serialize],
  );
  return [value, store];
}
