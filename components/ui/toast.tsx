"use client";

import {
  createContext,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";

export type ToastTone = "success" | "info" | "error";

export type ToastOptions = {
  message: string;
  /** A second, quieter line. */
  detail?: string;
  tone?: ToastTone;
  /** One button besides Close, e.g. Undo. Clicking it also closes the toast. */
  action?: { label: string; onAction: () => void };
  /** How long it stays while nobody hovers or focuses it. */
  durationMs?: number;
};

export type Toaster = {
  show(toast: ToastOptions): number;
  dismiss(id: number): void;
};

type Shown = ToastOptions & { id: number };

export const TOAST_MS = 6_000;
/** Older ones go first when more would pile up. */
const MAX_SHOWN = 3;

/**
 * Outside the portal's shell (a component rendered on its own, in a test) there is nowhere to
 * show a toast: showing one does nothing there rather than throwing.
 */
const NO_TOASTER: Toaster = { show: () => 0, dismiss: () => {} };
const ToastContext = createContext<Toaster>(NO_TOASTER);
const ClearanceContext = createContext<(key: object, px: number) => void>(() => {});

/** Shows and dismisses toasts (from inside ToastProvider). */
export const useToast = (): Toaster => useContext(ToastContext);

/**
 * Keeps toasts clear of an element at the bottom of the screen (the list's bulk bar, sticky at
 * the bottom or, on a short page, just above it): while `active`, they sit above its top edge.
 */
export function useToastClearance(ref: RefObject<HTMLElement | null>, active: boolean) {
  const setClearance = useContext(ClearanceContext);
  useEffect(() => {
    const key = {};
    const el = ref.current;
    if (!active || !el) return;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const fromBottom = window.innerHeight - el.getBoundingClientRect().top;
        // Scrolled out of view, or too high to be in the way: no need to lift the toasts.
        setClearance(key, fromBottom > 0 && fromBottom < window.innerHeight / 2 ? fromBottom : 0);
      });
    };
    measure();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(el);
    window.addEventListener("scroll", measure, { passive: true });
    window.addEventListener("resize", measure);
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
      window.removeEventListener("scroll", measure);
      window.removeEventListener("resize", measure);
      setClearance(key, 0);
    };
  }, [ref, active, setClearance]);
}

/**
 * The portal's one toast system: short confirmations of finished actions, with an optional
 * action (Undo). They stack bottom-right on wide screens and full width at the bottom on phones,
 * are read out by a polite live region, close by themselves after a few seconds (not while the
 * pointer or the keyboard focus is on them, nor while the tab is hidden), and by Close or Esc.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Shown[]>([]);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [hidden, setHidden] = useState(false);
  const [clearances, setClearances] = useState<Map<object, number>>(() => new Map());
  const nextId = useRef(1);
  const region = useRef<HTMLDivElement>(null);
  /** Where the keyboard was before it came to a toast: it goes back there when the toast goes. */
  const cameFrom = useRef<HTMLElement | null>(null);

  const dismiss = useCallback((id: number) => {
    setToasts((all) => all.filter((t) => t.id !== id));
  }, []);
  const show = useCallback((toast: ToastOptions) => {
    const id = nextId.current++;
    setToasts((all) => [...all, { ...toast, id }].slice(-MAX_SHOWN));
    return id;
  }, []);
  const toaster = useMemo(() => ({ show, dismiss }), [show, dismiss]);

  const setClearance = useCallback((key: object, px: number) => {
    setClearances((m) => {
      if ((m.get(key) ?? 0) === px) return m;
      const next = new Map(m);
      if (px > 0) next.set(key, px);
      else next.delete(key);
      return next;
    });
  }, []);
  const clearance = Math.max(0, ...clearances.values());

  useEffect(() => {
    const onVisibility = () => setHidden(document.visibilityState === "hidden");
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, []);

  // A toast removed under the pointer sends no pointerleave.
  if (toasts.length === 0 && hovered) setHovered(false);
  // The toast that held the focus is gone (a removed element sends no blur): the focus goes back
  // to where it came from.
  useEffect(() => {
    if (!focused || region.current?.contains(document.activeElement)) return;
    setFocused(false);
    const back = cameFrom.current;
    cameFrom.current = null;
    if (back?.isConnected) back.focus();
  });

  return (
    <ToastContext.Provider value={toaster}>
      <ClearanceContext.Provider value={setClearance}>
        {children}
        <div
          ref={region}
          role="status"
          aria-live="polite"
          aria-relevant="additions text"
          style={clearance > 0 ? { bottom: clearance } : undefined}
          className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex flex-col items-stretch gap-2 p-3 sm:left-auto sm:w-[26rem] sm:p-4"
          onKeyDown={(e) => {
            // Esc closes the toast the focus is in.
            const card = (e.target as Element).closest("[data-toast]");
            if (e.key !== "Escape" || !card) return;
            e.stopPropagation();
            dismiss(Number(card.getAttribute("data-toast")));
          }}
          onPointerEnter={() => setHovered(true)}
          onPointerLeave={() => setHovered(false)}
          onFocus={(e) => {
            if (!focused) {
              const from = e.relatedTarget;
              cameFrom.current =
                from instanceof HTMLElement && !region.current?.contains(from) ? from : null;
            }
            setFocused(true);
          }}
          onBlur={(e) => {
            if (!region.current?.contains(e.relatedTarget as Node | null)) {
              setFocused(false);
              cameFrom.current = null;
            }
          }}
        >
          {toasts.map((t) => (
            <ToastCard
              key={t.id}
              toast={t}
              paused={hovered || focused || hidden}
              onDismiss={() => dismiss(t.id)}
            />
          ))}
        </div>
      </ClearanceContext.Provider>
    </ToastContext.Provider>
  );
}

const ICON: Record<ToastTone, { path: string; className: string }> = {
  success: { path: "M5 10.5l3.5 3.5L15 6.5", className: "text-emerald-600" },
  info: { path: "M10 9v5M10 6.5v.01", className: "text-indigo-600" },
  error: { path: "M10 6v5M10 14v.01", className: "text-red-600" },
};

function ToastCard({
  toast,
  paused,
  onDismiss,
}: {
  toast: Shown;
  paused: boolean;
  onDismiss: () => void;
}) {
  const remaining = useRef(toast.durationMs ?? TOAST_MS);
  const dismissRef = useRef(onDismiss);
  useEffect(() => {
    dismissRef.current = onDismiss;
  });
  // Counts down only while nobody is looking at it; what is left carries over a pause.
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissRef.current(), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused]);

  const tone = toast.tone ?? "success";
  const icon = ICON[tone];
  return (
    <div
      className="pointer-events-auto flex items-start gap-3 rounded-xl bg-white px-4 py-3 shadow-lg ring-1 ring-slate-900/10 transition duration-200 motion-reduce:transition-none starting:translate-y-2 starting:opacity-0"
      data-toast={toast.id}
    >
      <svg
        viewBox="0 0 20 20"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        className={`mt-0.5 size-5 shrink-0 ${icon.className}`}
      >
        <circle cx="10" cy="10" r="8" strokeWidth="1.5" />
        <path d={icon.path} />
      </svg>
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium text-pretty break-words text-slate-900">{toast.message}</p>
        {toast.detail && (
          <p className="mt-0.5 text-pretty break-words text-slate-600">{toast.detail}</p>
        )}
      </div>
      {toast.action && (
        <button
          type="button"
          className="-my-1 shrink-0 rounded-md px-2 py-1 text-sm font-semibold text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          onClick={() => {
            toast.action?.onAction();
            onDismiss();
          }}
        >
          {toast.action.label}
        </button>
      )}
      <button
        type="button"
        aria-label="Close notification"
        className="-my-1 -mr-2 shrink-0 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        onClick={onDismiss}
      >
        <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-5">
          <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
        </svg>
      </button>
    </div>
  );
}
