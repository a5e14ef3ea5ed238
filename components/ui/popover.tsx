"use client";

import { type ReactNode, useEffect, useId, useRef, useState } from "react";

/**
 * A button that shows a panel right after it (a disclosure): the panel follows the button in
 * the tab order, so no focus juggling is needed. Escape, a click outside or focus moving
 * elsewhere closes it. (Headless UI's portalled popover adds aria-hidden focus guards, which
 * axe reports as serious.)
 */
export function Popover({
  button,
  buttonClassName,
  align = "start",
  panelClassName,
  children,
}: {
  button: ReactNode;
  buttonClassName: string;
  /** Which edge of the button the panel lines up with. */
  align?: "start" | "end";
  panelClassName: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("focusin", outside);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("focusin", outside);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
        className={`${buttonClassName} ${open ? "bg-slate-50" : ""}`}
      >
        {button}
      </button>
      {open && (
        <div
          id={panelId}
          className={`absolute top-full z-30 mt-1.5 ${align === "end" ? "right-0" : "left-0"} ${panelClassName}`}
        >
          {children(() => {
            setOpen(false);
            trigger.current?.focus();
          })}
        </div>
      )}
    </div>
  );
}
