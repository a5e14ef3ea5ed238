"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { apiFetch } from "@/lib/portal/client/fetcher";

type Me = { company: { require_two_factor?: boolean } };

/**
 * "Require two-factor for everyone" (admins, our API): while on, a teammate without two-factor
 * sign-in is sent to set it up before anything else. The API refuses to turn it on for an admin
 * who has not set it up themself; its message shows here.
 */
export function RequireTwoFactorSwitch() {
  const queryClient = useQueryClient();
  const labelId = useId();
  const me = useQuery({
    queryKey: ["me"],
    queryFn: async () => (await apiFetch<Me>("/me")).data,
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const on = me.data?.company.require_two_factor ?? false;
  if (me.data && me.data.company.require_two_factor === undefined) return null;

  const toggle = async () => {
    setError(null);
    setBusy(true);
    try {
      await apiFetch("/me/company", { method: "PATCH", json: { require_two_factor: !on } });
      await queryClient.invalidateQueries({ queryKey: ["me"] });
    } catch (err) {
      setError(err instanceof Error ? err.message : "The setting was not saved.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-6 rounded-xl bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200 sm:px-5">
      <div className="flex items-center justify-between gap-4">
        <div className="min-w-0">
          <p id={labelId} className="text-sm font-medium text-slate-900">
            Require two-factor for everyone
          </p>
          <p className="text-xs text-slate-500">
            Teammates without it must set it up before anything else.
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={labelId}
          disabled={!me.data || busy}
          onClick={toggle}
          className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60 ${on ? "bg-indigo-600" : "bg-slate-300"}`}
        >
          <span
            aria-hidden="true"
            className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${on ? "translate-x-5" : "translate-x-0.5"}`}
          />
        </button>
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
