"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { ToastProvider } from "@/components/ui/toast";
import { ApiClientError, SESSION_EXPIRED_EVENT } from "@/lib/portal/client/fetcher";
import { allowLeaving } from "@/lib/portal/client/use-draft";
import { signInPath } from "@/lib/portal/sign-in-path";

/**
 * A read that failed is asked once more when asking again may help: a network blip, a broken
 * connection, a garbled or busy answer. Not a refusal (4xx: the same question gets the same
 * answer), and not a timeout (504: the user has already waited the portal's whole timeout).
 */
function retryRead(failures: number, err: unknown): boolean {
  if (failures >= 1) return false;
  if (!(err instanceof ApiClientError)) return true;
  return err.status === 0 || (err.status >= 500 && err.status !== 504);
}

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: retryRead,
        retryDelay: 750,
      },
      // A write that failed may still have happened upstream: never sent again on its own.
      // "always": a write is tried when the user asks, even offline, and fails at once instead
      // of waiting paused (React Query's "online" mode) and going through later unannounced.
      mutations: { retry: 0, networkMode: "always" },
    },
  });
}

/**
 * Query client and toasts for the portal, and the one place that reacts to a session that ended.
 */
export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(makeQueryClient);
  useEffect(() => {
    const onExpired = () => {
      const next = `${window.location.pathname}${window.location.search}`;
      // Forms keep their drafts in sessionStorage as they change, so nothing typed is lost.
      allowLeaving();
      window.location.assign(signInPath(next, { ended: true }));
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
  }, []);
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
