"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { ApiClientError, SESSION_EXPIRED_EVENT } from "@/lib/portal/fetcher";
import { allowLeaving } from "@/lib/portal/use-draft";

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A refusal will not change by asking again; a network blip might.
        retry: (count, err) =>
          !(err instanceof ApiClientError && err.status > 0 && err.status < 500) && count < 2,
      },
    },
  });
}

/** Query client for the portal, and the one place that reacts to a session that ended. */
export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(makeQueryClient);
  useEffect(() => {
    const onExpired = () => {
      const next = `${window.location.pathname}${window.location.search}`;
      // Forms keep their drafts in sessionStorage as they change, so nothing typed is lost.
      allowLeaving();
      window.location.assign(`/sign-in?expired=1&next=${encodeURIComponent(next)}`);
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
  }, []);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
