"use client";

import { Button } from "@/components/ui/button";

export default function PortalError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <div className="mx-auto max-w-lg rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
      <h1 className="text-lg font-semibold text-slate-900">This page could not be shown</h1>
      <p className="mt-2 text-sm text-slate-600">
        Something went wrong on our side{error.digest ? ` (reference ${error.digest})` : ""}. Try
        again; if it keeps happening, reload the page.
      </p>
      <Button className="mt-6" onClick={reset}>
        Try again
      </Button>
    </div>
  );
}
