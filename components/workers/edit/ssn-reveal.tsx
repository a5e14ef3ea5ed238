"use client";

import { createContext, type ReactNode, useContext, useState } from "react";
import { useOffers } from "@/components/portal/portal-access";
import { useRevealSsn } from "@/lib/portal/client/hooks/use-reveal-ssn";

const WorkerIdContext = createContext<number | null>(null);

/** Which worker the editor shows, for the SSN field's Reveal. */
export function SsnRevealScope({ workerId, children }: { workerId: number; children: ReactNode }) {
  return <WorkerIdContext.Provider value={workerId}>{children}</WorkerIdContext.Provider>;
}

/** Whether an SSN as the API gave it is only its last four digits (a person's read). */
export const isMaskedSsn = (v: string) => v.includes("•");

/**
 * Reveal for a masked SSN: for those whose role holds personal_data.reveal (requestors,
 * admins), inside a worker's editor. Null where there is nothing to offer.
 */
export function useSsnReveal() {
  const workerId = useContext(WorkerIdContext);
  const offered = useOffers("personal_data.reveal");
  const reveal = useRevealSsn(workerId ?? 0);
  const [shown, setShown] = useState(false);
  if (workerId === null || !offered) return null;
  return {
    value: shown ? (reveal.data ?? null) : null,
    busy: reveal.isPending,
    error: reveal.error?.message ?? null,
    toggle: () => {
      if (shown) return setShown(false);
      setShown(true);
      // Asked each time it is shown: every reveal is on the record.
      reveal.mutate();
    },
    shown,
  };
}
