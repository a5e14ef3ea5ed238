"use client";

import { QueryClientContext } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useState } from "react";
import { useOffers } from "@/components/portal/portal-access";
import { apiFetch } from "@/lib/portal/client/fetcher";
import { keys } from "@/lib/portal/client/hooks/query-keys";

const WorkerIdContext = createContext<number | null>(null);

/** Which worker the editor shows, for the SSN field's Reveal. */
export function SsnRevealScope({ workerId, children }: { workerId: number; children: ReactNode }) {
  return <WorkerIdContext.Provider value={workerId}>{children}</WorkerIdContext.Provider>;
}

/** Whether an SSN as the API gave it is only its last four digits (a person's read). */
export const isMaskedSsn = (v: string) => v.includes("•");

type State =
  | { kind: "hidden" }
  | { kind: "busy" }
  | { kind: "shown"; ssn: string }
  | { kind: "failed"; message: string };

/**
 * Reveal for a masked SSN (GET /users/:id/ssn, our API's addition), inside a worker's editor,
 * for those whose role holds personal_data.reveal (requestors, admins); null where there is
 * nothing to offer. The number lives in this state only: never in the query cache with the
 * worker, never in the form or its draft. Asked again each time it is shown, since the API
 * records every reveal in the worker's history, which is then read again.
 */
export function useSsnReveal() {
  const workerId = useContext(WorkerIdContext);
  const offered = useOffers("personal_data.reveal");
  const queryClient = useContext(QueryClientContext);
  const [state, setState] = useState<State>({ kind: "hidden" });
  if (workerId === null || !offered) return null;
  const reveal = async () => {
    setState({ kind: "busy" });
    try {
      const { data } = await apiFetch<{ ssn: string | null }>(`users/${workerId}/ssn`);
      setState({ kind: "shown", ssn: data.ssn ?? "" });
      void queryClient?.invalidateQueries({ queryKey: keys.workerHistory(workerId) });
    } catch (err) {
      setState({
        kind: "failed",
        message: err instanceof Error ? err.message : "The number could not be revealed.",
      });
    }
  };
  return {
    state,
    shown: state.kind !== "hidden",
    toggle: () => (state.kind === "hidden" ? void reveal() : setState({ kind: "hidden" })),
  };
}
