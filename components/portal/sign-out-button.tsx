"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { announceSignOut, portalFetch } from "@/lib/portal/client/fetcher";

export function SignOutButton() {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="ghost"
      className="shrink-0 whitespace-nowrap"
      busy={busy}
      onClick={async () => {
        setBusy(true);
        announceSignOut();
        try {
          await portalFetch("/api/session", { method: "DELETE" });
        } finally {
          window.sessionStorage.clear();
          window.location.assign("/sign-in?signed_out=1");
        }
      }}
    >
      Sign out
    </Button>
  );
}
