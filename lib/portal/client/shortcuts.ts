"use client";

import { useEffect, useRef, useSyncExternalStore } from "react";

/**
 * The portal's one keyboard-shortcut registry. Every shortcut goes through `useShortcut`, so
 * there is one keydown listener, one rule for keys typed in fields, and one list of what the
 * keys do (the command palette's "Keyboard shortcuts" shows it).
 *
 * Combos are written `[modifier+]…key`, lower case: `/`, `?`, `mod+k`, `mod+s`, `shift+n`,
 * `escape`. `mod` is ⌘ on Apple platforms and Ctrl elsewhere; `ctrl`, `meta`, `alt` and `shift`
 * mean those keys everywhere. The key is compared with `KeyboardEvent.key`, so `?` is whatever
 * the layout types as "?" (Shift is not needed in the combo for a printed character).
 *
 * Keys typed in a field (input, textarea, select, contenteditable) are the field's: a shortcut
 * fires there only when registered with `allowInFields`. A save shortcut must work while the
 * cursor is in a field, so the worker editor registers
 *
 *     useShortcut("mod+s", () => save(), { allowInFields: true, description: "Save the worker" });
 *
 * and the browser's own "Save page as…" is then prevented. A plain printed key (`/`, `?`) is
 * never allowed in fields: it would stop the user typing that character.
 *
 * When several mounted components register the same combo, the one registered last (the most
 * recently mounted) handles it; when it unmounts the previous one handles it again.
 */

export type ShortcutOptions = {
  /** Fire while focus is in a text field too. Only for combos with Ctrl, ⌘ or Alt. */
  allowInFields?: boolean;
  /** What the key does, shown in the palette's "Keyboard shortcuts"; none: not listed. */
  description?: string;
  /** false: registered but not listening (e.g. while a form has nothing to save). */
  enabled?: boolean;
};

type Combo = {
  key: string;
  mod: boolean;
  ctrl: boolean;
  meta: boolean;
  alt: boolean;
  shift: boolean;
};

type Entry = {
  id: number;
  combo: string;
  parsed: Combo;
  handler: (e: KeyboardEvent) => void;
  options: ShortcutOptions;
};

const MODIFIERS = new Set(["mod", "ctrl", "meta", "alt", "shift"]);

export function parseCombo(combo: string): Combo {
  const parts = combo.toLowerCase().split("+");
  // "mod++" or "+" mean the plus key itself.
  const key = parts.at(-1) === "" ? "+" : parts.at(-1)!;
  const mods = parts.slice(0, -1).filter((p) => p !== "");
  const unknown = mods.find((m) => !MODIFIERS.has(m));
  if (unknown || key === "") throw new Error(`Not a shortcut: "${combo}"`);
  return {
    key,
    mod: mods.includes("mod"),
    ctrl: mods.includes("ctrl"),
    meta: mods.includes("meta"),
    alt: mods.includes("alt"),
    shift: mods.includes("shift"),
  };
}

export function isApplePlatform(): boolean {
  if (typeof navigator === "undefined") return false;
  const platform =
    (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ??
    navigator.platform ??
    "";
  return /mac|iphone|ipad|ipod/i.test(platform);
}

/** Whether a keydown is this combo (`apple`: whether `mod` means ⌘ rather than Ctrl). */
export function matches(e: KeyboardEvent, combo: Combo, apple = isApplePlatform()): boolean {
  const wantCtrl = combo.ctrl || (combo.mod && !apple);
  const wantMeta = combo.meta || (combo.mod && apple);
  if (e.ctrlKey !== wantCtrl || e.metaKey !== wantMeta || e.altKey !== combo.alt) return false;
  const key = e.key.toLowerCase();
  // A printed character already says whether Shift was down ("?" is Shift+/ on most layouts);
  // for letters and named keys Shift is part of the combo.
  const printed = key.length === 1 && !/[a-z0-9]/.test(key);
  if (!printed && e.shiftKey !== combo.shift) return false;
  return key === combo.key;
}

/** Whether the key was typed where text goes: an input, textarea, select or editable text. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    // Buttons and boxes take no text: a shortcut typed on them is the page's.
    return !["button", "checkbox", "radio", "submit", "reset", "file", "image", "range"].includes(
      target.type,
    );
  }
  return false;
}

let entries: Entry[] = [];
let nextId = 1;
let listening = false;
let snapshot: readonly ShortcutInfo[] = [];
const subscribers = new Set<() => void>();

export type ShortcutInfo = { combo: string; description: string; allowInFields: boolean };

function publish() {
  // One row per combo: the handler that would fire (the last registered and enabled).
  const seen = new Map<string, ShortcutInfo>();
  for (const e of entries) {
    if (e.options.enabled === false || !e.options.description) continue;
    seen.delete(e.combo);
    seen.set(e.combo, {
      combo: e.combo,
      description: e.options.description,
      allowInFields: e.options.allowInFields === true,
    });
  }
  snapshot = [...seen.values()];
  for (const s of subscribers) s();
}

function onKeyDown(e: KeyboardEvent) {
  if (e.defaultPrevented || e.isComposing) return;
  const typing = isTypingTarget(e.target);
  const apple = isApplePlatform();
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (entry.options.enabled === false) continue;
    if (typing && !entry.options.allowInFields) continue;
    if (!matches(e, entry.parsed, apple)) continue;
    e.preventDefault();
    // A held key repeats: the browser's own action stays prevented, ours runs once.
    if (!e.repeat) entry.handler(e);
    return;
  }
}

/**
 * Registers a shortcut; returns the function that removes it. Prefer `useShortcut` in
 * components; this is for code outside React and for tests.
 */
export function registerShortcut(
  combo: string,
  handler: (e: KeyboardEvent) => void,
  options: ShortcutOptions = {},
): () => void {
  const parsed = parseCombo(combo);
  if (options.allowInFields && !(parsed.mod || parsed.ctrl || parsed.meta || parsed.alt)) {
    throw new Error(`"${combo}" would stop people typing that key: not allowed in fields`);
  }
  const entry: Entry = { id: nextId++, combo: combo.toLowerCase(), parsed, handler, options };
  entries = [...entries, entry];
  if (!listening && typeof window !== "undefined") {
    window.addEventListener("keydown", onKeyDown);
    listening = true;
  }
  publish();
  return () => {
    entries = entries.filter((x) => x.id !== entry.id);
    if (entries.length === 0 && listening) {
      window.removeEventListener("keydown", onKeyDown);
      listening = false;
    }
    publish();
  };
}

/**
 * Calls `handler` when `combo` is pressed while the component is mounted. The latest
 * `handler` is always the one called, so it need not be memoised.
 */
export function useShortcut(
  combo: string,
  handler: (e: KeyboardEvent) => void,
  options: ShortcutOptions = {},
): void {
  const latest = useRef(handler);
  latest.current = handler;
  const { allowInFields, description, enabled } = options;
  useEffect(
    () =>
      registerShortcut(combo, (e) => latest.current(e), { allowInFields, description, enabled }),
    [combo, allowInFields, description, enabled],
  );
}

/** The shortcuts that are live now, with what they do (for the "Keyboard shortcuts" help). */
export function useShortcutList(): readonly ShortcutInfo[] {
  return useSyncExternalStore(
    (onChange) => {
      subscribers.add(onChange);
      return () => subscribers.delete(onChange);
    },
    () => snapshot,
    () => EMPTY,
  );
}
const EMPTY: readonly ShortcutInfo[] = [];

/** A combo as the keyboard labels it: "⌘ K" on a Mac, "Ctrl K" elsewhere; one string per key. */
export function comboKeys(combo: string, apple = isApplePlatform()): string[] {
  const { key, mod, ctrl, meta, alt, shift } = parseCombo(combo);
  const names: Record<string, string> = { escape: "Esc", enter: "Enter", arrowup: "↑" };
  return [
    ...(ctrl || (mod && !apple) ? ["Ctrl"] : []),
    ...(meta || (mod && apple) ? ["⌘"] : []),
    ...(alt ? [apple ? "⌥" : "Alt"] : []),
    ...(shift ? ["Shift"] : []),
    names[key] ?? key.toUpperCase(),
  ];
}
