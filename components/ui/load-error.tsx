"use client";

import { Alert } from "./alert";
import { Button } from "./button";

/** A query that failed: what went wrong, and a way to try again. */
export function LoadError({
  title,
  error,
  retry,
  retrying,
}: {
  title: string;
  error: Error;
  retry: () => unknown;
  retrying: boolean;
}) {
  return (
    <Alert tone="error" title={title}>
      <p>{error.message}</p>
      <Button variant="secondary" className="mt-3" busy={retrying} onClick={() => retry()}>
        Try again
      </Button>
    </Alert>
  );
}
