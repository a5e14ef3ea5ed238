"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { portalFetch } from "@/lib/portal/client/fetcher";
import type { SessionSummary } from "@/lib/portal/types";
import { ROLE_LABELS, type Role } from "@/lib/schemas/permissions";

export type DemoPersonOption = { email: string; name: string; role: Role; title: string | null };

const KEYS = "keys";

/**
 * "Try the demo": the presenter chooses who to be, one of the demo company's people or the
 * integration's private key pair (as before people existed, and still the first choice). The
 * server signs in with the stored credentials: the browser sends only the choice.
 */
export function DemoChooser({
  people,
  onError,
  onDone,
}: {
  people: DemoPersonOption[];
  onError: (message: string | null) => void;
  onDone: (signedIn: SessionSummary) => void;
}) {
  const [as, setAs] = useState<string>(KEYS);
  const [busy, setBusy] = useState(false);

  const tryDemo = async () => {
    onError(null);
    setBusy(true);
    try {
      onDone(
        await portalFetch<SessionSummary>("/api/session", {
          method: "POST",
          json: { demo: true, as },
        }),
      );
    } catch (err) {
      onError(err instanceof Error ? err.message : "The demo could not be opened.");
      setBusy(false);
    }
  };

  const options = [
    ...people.map((p) => ({
      value: p.email,
      label: p.name,
      detail: [ROLE_LABELS[p.role], p.title].filter(Boolean).join(" · "),
    })),
    {
      value: KEYS,
      label: "Integration (private key pair)",
      detail: "Everything, as an integration",
    },
  ];

  return (
    <div className="mt-6 border-t border-slate-200 pt-6">
      <p className="text-center text-sm text-slate-600">Exploring? Open the seeded demo company.</p>
      {people.length > 0 && (
        <fieldset className="mt-3">
          <legend className="text-sm font-medium text-slate-800">Open the demo as</legend>
          <div className="mt-2 space-y-1">
            {options.map((o) => (
              <label
                key={o.value}
                className="flex cursor-pointer items-start gap-3 rounded-lg px-3 py-2 ring-1 ring-slate-200 ring-inset has-checked:bg-indigo-50 has-checked:ring-indigo-300"
              >
                <input
                  type="radio"
                  name="demo-as"
                  value={o.value}
                  checked={as === o.value}
                  onChange={() => setAs(o.value)}
                  className="mt-0.5 size-4 accent-indigo-600"
                />
                <span className="min-w-0 text-sm">
                  <span className="block font-medium text-slate-900">{o.label}</span>
                  <span className="block text-slate-600">{o.detail}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <Button variant="secondary" busy={busy} onClick={tryDemo} className="mt-3 w-full">
        Try the demo
      </Button>
    </div>
  );
}
