"use client";

import { useCallback, useEffect, useRef, useState } from "react";

/**
 * A thin band a quarter of the way down the viewport: the section crossing it is the one being
 * read. (A section's top edge is not enough: a short section scrolled to the top would lose to
 * the one below it as soon as that one peeks in.)
 */
const READING_BAND = "-25% 0px -74% 0px";

/** How long a jump may take before the observer is trusted again (browsers without scrollend). */
const JUMP_MS = 1_200;

/**
 * Which of `ids` (elements on the page, in document order) is in view, by IntersectionObserver;
 * and `jumpTo(id)`, which scrolls there, moves focus to the section's heading and puts the
 * section in the address bar. A section already named in the URL's #fragment when the page
 * arrives is scrolled to once it exists (the browser tried before the worker had loaded).
 */
export function useActiveSection(ids: readonly string[]) {
  const [active, setActive] = useState<string | null>(ids[0] ?? null);
  // While a jump scrolls past other sections, the observer would light each one up in turn.
  const jumping = useRef<string | null>(null);
  const key = ids.join(" ");

  useEffect(() => {
    if (typeof IntersectionObserver === "undefined") return;
    const order = key.split(" ");
    const crossing = new Map<string, boolean>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) crossing.set(e.target.id, e.isIntersecting);
        if (jumping.current) return;
        const first = order.find((id) => crossing.get(id));
        // Between two sections (the gap crosses the band) the last one stays current.
        if (first) setActive(first);
      },
      { rootMargin: READING_BAND },
    );
    for (const id of order) {
      const el = document.getElementById(id);
      if (el) observer.observe(el);
    }
    return () => observer.disconnect();
  }, [key]);

  const jumpTo = useCallback((id: string, { smooth = true, focus = true } = {}) => {
    const el = document.getElementById(id);
    if (!el) return;
    setActive(id);
    jumping.current = id;
    const release = () => {
      if (jumping.current === id) jumping.current = null;
    };
    window.addEventListener("scrollend", release, { once: true });
    window.setTimeout(release, JUMP_MS);
    const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    el.scrollIntoView({ behavior: smooth && !reduced ? "smooth" : "auto", block: "start" });
    if (focus) {
      // Keyboard and screen-reader users continue from the section they chose.
      const heading = el.querySelector<HTMLElement>("h2, h3") ?? el;
      if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
      heading.focus({ preventScroll: true });
    }
    if (window.location.hash !== `#${id}`) {
      window.history.replaceState(window.history.state, "", `#${id}`);
    }
  }, []);

  // A #fragment in the URL (arriving, or typed into the address bar later).
  useEffect(() => {
    const order = key.split(" ");
    const follow = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      if (order.includes(id)) jumpTo(id, { smooth: false, focus: false });
    };
    follow();
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, [key, jumpTo]);

  return { active, jumpTo };
}
