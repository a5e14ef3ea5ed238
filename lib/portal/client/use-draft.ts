"use client";

import { useCallback, useEffect, useMemo, useRef } from "react";

/**
 * Keeps a form's unsaved input in sessionStorage while it changes, so a session that ends in
 * the middle of an edit loses nothing: after signing in again the page restores it.
 */
export function useDraft<T>(key: string) {
  const storageKey = `draft:${key}`;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The value waiting for the timer: written at once if the form goes away first (a link
  // followed right after the last keystroke), not dropped.
  const pending = useRef<{ value: T } | null>(null);

  const read = useCallback((): T | null => {
    try {
      const raw = window.sessionStorage.getItem(storageKey);
      return raw ? (JSON.parse(raw) as T) : null;
    } catch {
      return null;
    }
  }, [storageKey]);

  /** Write now (before navigating away because the session ended). */
  const saveNow = useCallback(
    (value: T) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      pending.current = null;
      try {
        window.sessionStorage.setItem(storageKey, JSON.stringify(value));
      } catch {
        // Storage full or disabled: the draft is a convenience, not a requirement.
      }
    },
    [storageKey],
  );

  const save = useCallback(
    (value: T) => {
      if (timer.current) clearTimeout(timer.current);
      pending.current = { value };
      timer.current = setTimeout(() => saveNow(value), 150);
    },
    [saveNow],
  );

  const clear = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
    try {
      window.sessionStorage.removeItem(storageKey);
    } catch {
      // See above.
    }
  }, [storageKey]);

  useEffect(
    () => () => {
      if (pending.current) saveNow(pending.current.value);
    },
    [saveNow],
  );

  // A stable object: effects that depend on the draft must not re-run on every render.
  return useMemo(() => ({ read, save, saveNow, clear }), [read, save, saveNow, clear]);
}

let leavingOnPurpose = false;

/**
 * The session ended: the page is about to go to sign-in on its own. Drafts are already saved,
 * so the "leave this page?" prompt would only get in the way.
 */
export function allowLeaving(): void {
  leavingOnPurpose = true;
}

/** Warn before leaving the page while there are unsaved changes. */
export function useUnsavedChangesWarning(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (leavingOnPurpose) return;
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);
}
