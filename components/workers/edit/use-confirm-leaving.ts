import { useEffect } from "react";

/**
 * Ask before an in-app link leaves the page with unsaved changes (beforeunload covers reloads
 * and other sites). The changes stay as a draft either way; this only prevents surprise.
 */
export function useConfirmLeavingByLink(
  active: boolean,
  message = "You have unsaved changes to this worker. Leave this page? Your changes are kept as a draft in this tab.",
) {
  useEffect(() => {
    if (!active) return;
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)
        return;
      const link = (e.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement)) return;
      if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname)
        return;
      const leave = window.confirm(message);
      if (!leave) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [active, message]);
}
