"use client";

import { usePathname } from "next/navigation";
import { useEffect } from "react";

/** How long a page may take to show its heading (data still loading) before we give up. */
const WAIT_FOR_HEADING_MS = 10_000;

/**
 * The page shown last in this document; module state, not a ref, so that a move between the
 * portal's layout and the not-found page (each with its own RouteFocus) counts as well.
 */
let lastPath: string | null = null;

/**
 * After a client-side navigation, focus moves to the new page's h1, as after a full page
 * load a screen reader starts at the top: without it, focus stays on the link that was
 * clicked (or falls to the body) and a keyboard user must Tab through the nav again. Next's
 * route announcer says the new page's title; the focused h1 is read as well.
 *
 * A page whose heading waits for data (loading.tsx, a worker being fetched) gets focus when
 * the heading appears, unless the user has moved focus in the meantime. The first load is
 * left alone: the browser starts at the top of the document, where the skip link is.
 */
export function RouteFocus() {
  const pathname = usePathname();
  useEffect(() => {
    const from = lastPath;
    lastPath = pathname;
    if (from === null || from === pathname) return;
    const main = document.getElementById("main");
    if (!main) return;
    const startedOn = document.activeElement;
    // The new page put focus somewhere itself (a field it opens on): that stays.
    if (startedOn && startedOn !== main && main.contains(startedOn)) return;
    const focusHeading = (): boolean => {
      const h1 = main.querySelector("h1");
      if (!h1) return false;
      if (!h1.hasAttribute("tabindex")) h1.tabIndex = -1;
      h1.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    const userMoved = () =>
      document.activeElement !== startedOn &&
      document.activeElement !== document.body &&
      document.activeElement !== null;
    const observer = new MutationObserver(() => {
      if (userMoved() || focusHeading()) stop();
    });
    const timer = window.setTimeout(() => stop(), WAIT_FOR_HEADING_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
  return null;
}
