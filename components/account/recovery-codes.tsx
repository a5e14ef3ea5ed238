"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** The ten recovery codes, shown this once: each signs in once if the phone is lost. */
export function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const [saved, setSaved] = useState(false);
  return (
    <div className="space-y-4">
      <Alert tone="success">Two-factor sign-in is on.</Alert>
      <p className="text-sm text-slate-700">
        Save these recovery codes somewhere safe. Each works once in place of a code, if you lose
        your phone. They will not be shown again.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 font-mono text-sm text-slate-900 ring-1 ring-slate-200 sm:grid-cols-5"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={saved}
          onChange={(e) => setSaved(e.target.checked)}
          className="size-4 rounded border-slate-300"
        />
        I have saved them
      </label>
      <Button disabled={!saved} onClick={onSaved}>
        Done
      </Button>
    </div>
  );
}
