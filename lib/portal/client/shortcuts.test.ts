// @vitest-environment happy-dom
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  comboKeys,
  isTypingTarget,
  matches,
  parseCombo,
  registerShortcut,
  useShortcut,
  useShortcutList,
} from "./shortcuts";

afterEach(() => cleanup());

/** Presses a key on `target` (the document's body unless given) as the browser would. */
function press(
  key: string,
  init: KeyboardEventInit = {},
  target: EventTarget = document.body,
): KeyboardEvent {
  const e = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(e);
  return e;
}

function field(html: string): HTMLElement {
  const host = document.createElement("div");
  host.innerHTML = html;
  document.body.append(host);
  return host.firstElementChild as HTMLElement;
}

describe("combos", () => {
  it("parses modifiers and the key, and refuses what is not a combo", () => {
    expect(parseCombo("mod+K")).toMatchObject({ key: "k", mod: true, shift: false });
    expect(parseCombo("mod++")).toMatchObject({ key: "+", mod: true });
    expect(() => parseCombo("hyper+k")).toThrow('Not a shortcut: "hyper+k"');
  });

  it.each([
    // combo, event, apple, matches
    ["mod+k", { key: "k", ctrlKey: true }, false, true],
    ["mod+k", { key: "k", metaKey: true }, false, false],
    ["mod+k", { key: "k", metaKey: true }, true, true],
    ["mod+k", { key: "K", ctrlKey: true, shiftKey: true }, false, false],
    ["mod+k", { key: "k", ctrlKey: true, altKey: true }, false, false],
    ["/", { key: "/" }, false, true],
    ["/", { key: "/", ctrlKey: true }, false, false],
    // "?" is Shift+/ on most layouts: a printed character carries its Shift.
    ["?", { key: "?", shiftKey: true }, false, true],
    ["shift+n", { key: "N", shiftKey: true }, false, true],
    ["n", { key: "N", shiftKey: true }, false, false],
  ] as const)("%s against %j (Apple: %s) → %s", (combo, init, apple, expected) => {
    const e = new KeyboardEvent("keydown", init);
    expect(matches(e, parseCombo(combo), apple)).toBe(expected);
  });

  it("labels keys as the platform's keyboard does", () => {
    expect(comboKeys("mod+k", true)).toEqual(["⌘", "K"]);
    expect(comboKeys("mod+s", false)).toEqual(["Ctrl", "S"]);
    expect(comboKeys("/", false)).toEqual(["/"]);
  });
});

describe("typing targets", () => {
  it("treats text fields, selects and editable text as typing, buttons and boxes not", () => {
    expect(isTypingTarget(field('<input type="search">'))).toBe(true);
    expect(isTypingTarget(field("<input>"))).toBe(true);
    expect(isTypingTarget(field("<textarea></textarea>"))).toBe(true);
    expect(isTypingTarget(field("<select><option>a</option></select>"))).toBe(true);
    expect(isTypingTarget(field('<input type="checkbox">'))).toBe(false);
    expect(isTypingTarget(field("<button>Go</button>"))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
  });
});

describe("the registry", () => {
  it("calls the handler and prevents the browser's own action", () => {
    const handler = vi.fn();
    const off = registerShortcut("mod+k", handler);
    const e = press("k", { ctrlKey: true });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(e.defaultPrevented).toBe(true);
    off();
    const after = press("k", { ctrlKey: true });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(after.defaultPrevented).toBe(false);
  });

  it("leaves keys typed in a field to the field unless the shortcut is allowed there", () => {
    const slash = vi.fn();
    const save = vi.fn();
    const offSlash = registerShortcut("/", slash);
    const offSave = registerShortcut("mod+s", save, { allowInFields: true });
    const input = field('<input type="text">');
    const typed = press("/", {}, input);
    expect(slash).not.toHaveBeenCalled();
    expect(typed.defaultPrevented).toBe(false);
    press("s", { ctrlKey: true }, input);
    expect(save).toHaveBeenCalledTimes(1);
    press("/", {}, document.body);
    expect(slash).toHaveBeenCalledTimes(1);
    offSlash();
    offSave();
  });

  it("refuses a printed key in fields: it would stop people typing it", () => {
    expect(() => registerShortcut("/", () => {}, { allowInFields: true })).toThrow(
      "not allowed in fields",
    );
  });

  it("runs once for a held key but keeps the browser's action prevented", () => {
    const save = vi.fn();
    const off = registerShortcut("mod+s", save);
    press("s", { ctrlKey: true });
    const held = press("s", { ctrlKey: true, repeat: true });
    expect(save).toHaveBeenCalledTimes(1);
    expect(held.defaultPrevented).toBe(true);
    off();
  });

  it("gives a combo to the last registered handler, and back when it goes", () => {
    const first = vi.fn();
    const second = vi.fn();
    const offFirst = registerShortcut("/", first);
    const offSecond = registerShortcut("/", second);
    press("/");
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
    offSecond();
    press("/");
    expect(first).toHaveBeenCalledTimes(1);
    offFirst();
  });

  it("skips a disabled shortcut", () => {
    const handler = vi.fn();
    const off = registerShortcut("mod+s", handler, { enabled: false });
    const e = press("s", { ctrlKey: true });
    expect(handler).not.toHaveBeenCalled();
    expect(e.defaultPrevented).toBe(false);
    off();
  });
});

describe("useShortcut and the list of shortcuts", () => {
  it("registers while mounted, calls the latest handler, and lists what it does", () => {
    const calls: string[] = [];
    const list = renderHook(() => useShortcutList());
    const hook = renderHook(
      ({ label }) =>
        useShortcut("mod+s", () => calls.push(label), {
          allowInFields: true,
          description: "Save the worker",
        }),
      { initialProps: { label: "first" } },
    );
    expect(list.result.current).toEqual([
      { combo: "mod+s", description: "Save the worker", allowInFields: true },
    ]);
    hook.rerender({ label: "second" });
    act(() => {
      press("s", { ctrlKey: true });
    });
    expect(calls).toEqual(["second"]);
    hook.unmount();
    expect(list.result.current).toEqual([]);
    press("s", { ctrlKey: true });
    expect(calls).toEqual(["second"]);
  });

  it("lists one row per combo: the handler that would fire", () => {
    const list = renderHook(() => useShortcutList());
    const a = renderHook(() => useShortcut("/", () => {}, { description: "Search workers" }));
    const b = renderHook(() => useShortcut("/", () => {}, { description: "Search badges" }));
    const undocumented = renderHook(() => useShortcut("mod+j", () => {}));
    expect(list.result.current.map((s) => s.description)).toEqual(["Search badges"]);
    b.unmount();
    expect(list.result.current.map((s) => s.description)).toEqual(["Search workers"]);
    a.unmount();
    undocumented.unmount();
  });
});
