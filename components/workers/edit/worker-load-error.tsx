import { ListLink } from "@/components/portal/list-link";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** A worker that could not be loaded: still a page, saying where the user is, what happened, and what to do. */
export function WorkerLoadError({
  id,
  message,
  retrying,
  onRetry,
}: {
  id: number;
  message: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <div className="mx-auto max-w-lg">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
        <ListLink path="/workers" className="rounded hover:text-slate-800">
          Workers
        </ListLink>
        <span aria-hidden="true"> / </span>
        <span className="text-slate-800" aria-current="page">
          Worker #{id}
        </span>
      </nav>
      <h1 className="mt-2 mb-4 text-2xl font-bold tracking-tight text-slate-900">Worker #{id}</h1>
      <Alert tone="error" title="This worker could not be loaded">
        <p>{message}</p>
        <Button variant="secondary" className="mt-3" busy={retrying} onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    </div>
  );
}
