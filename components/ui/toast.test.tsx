import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TOAST_MS, type Toaster, ToastProvider, useToast } from "./toast";

let toaster: Toaster;
function Grab() {
  toaster = useToast();
  return <button type="button">Elsewhere</button>;
}
const mount = () =>
  render(
    <ToastProvider>
      <Grab />
    </ToastProvider>,
  );
const region = () => screen.getByRole("status");
const shown = () => region().textContent ?? "";
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("toasts", () => {
  it("are read out by a polite live region that is there before any toast", () => {
    mount();
    expect(region().getAttribute("aria-live")).toBe("polite");
    expect(shown()).toBe("");
    act(() => void toaster.show({ message: "Saved", detail: "Ada Lovelace" }));
    expect(shown()).toContain("Saved");
    expect(shown()).toContain("Ada Lovelace");
  });

  it("close by themselves after about six seconds", () => {
    mount();
    act(() => void toaster.show({ message: "Saved" }));
    wait(TOAST_MS - 100);
    expect(shown()).toContain("Saved");
    wait(200);
    expect(shown()).toBe("");
  });

  it("wait while the pointer is on them, and count on from where they were", () => {
    mount();
    act(() => void toaster.show({ message: "Saved" }));
    wait(4_000);
    fireEvent.pointerOver(screen.getByText("Saved"));
    wait(60_000);
    expect(shown()).toContain("Saved");
    fireEvent.pointerOut(screen.getByText("Saved"), { relatedTarget: document.body });
    wait(1_900);
    expect(shown()).toContain("Saved");
    wait(200);
    expect(shown()).toBe("");
  });

  it("wait while the keyboard is on them; Esc closes one and the focus goes back", () => {
    mount();
    const elsewhere = screen.getByRole("button", { name: "Elsewhere" });
    elsewhere.focus();
    act(() => void toaster.show({ message: "Saved" }));
    const close = within(region()).getByRole("button", { name: "Close notification" });
    act(() => close.focus());
    fireEvent.focus(close, { relatedTarget: elsewhere });
    wait(60_000);
    expect(shown()).toContain("Saved");
    fireEvent.keyDown(close, { key: "Escape" });
    expect(shown()).toBe("");
    expect(document.activeElement).toBe(elsewhere);
  });

  it("wait while the tab is hidden", () => {
    mount();
    let visibility: DocumentVisibilityState = "hidden";
    Object.defineProperty(document, "visibilityState", {
      configurable: true,
      get: () => visibility,
    });
    act(() => void toaster.show({ message: "Saved" }));
    act(() => void document.dispatchEvent(new Event("visibilitychange")));
    wait(60_000);
    expect(shown()).toContain("Saved");
    visibility = "visible";
    act(() => void document.dispatchEvent(new Event("visibilitychange")));
    wait(TOAST_MS + 100);
    expect(shown()).toBe("");
  });

  it("run their action once, and close", () => {
    mount();
    const onAction = vi.fn();
    act(() => void toaster.show({ message: "Added", action: { label: "Undo", onAction } }));
    fireEvent.click(within(region()).getByRole("button", { name: "Undo" }));
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(shown()).toBe("");
  });

  it("close with the Close button, and can be dismissed by id", () => {
    mount();
    let second = 0;
    act(() => {
      toaster.show({ message: "First" });
      second = toaster.show({ message: "Second" });
    });
    const first = screen.getByText("First").closest("[data-toast]") as HTMLElement;
    fireEvent.click(within(first).getByRole("button", { name: "Close notification" }));
    expect(shown()).not.toContain("First");
    act(() => toaster.dismiss(second));
    expect(shown()).toBe("");
  });

  it("keep the newest three when more pile up", () => {
    mount();
    act(() => {
      for (const n of [1, 2, 3, 4]) toaster.show({ message: `Toast ${n}` });
    });
    expect(screen.queryByText("Toast 1")).toBeNull();
    expect(screen.getByText("Toast 4")).toBeTruthy();
    expect(within(region()).getAllByRole("button", { name: "Close notification" })).toHaveLength(3);
  });

  it("last as long as asked", () => {
    mount();
    act(() => void toaster.show({ message: "Longer", durationMs: 10_000 }));
    wait(9_000);
    expect(shown()).toContain("Longer");
    wait(1_100);
    expect(shown()).toBe("");
  });
});
