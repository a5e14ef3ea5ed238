import { ListLink } from "@/components/portal/list-link";
import { buttonClass } from "@/components/ui/button";

/** A worker id that does not exist, or that these keys may not see (the API never says which). */
export function WorkerNotFound() {
  return (
    <div className="mx-auto max-w-lg rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
      <h1 className="text-lg font-semibold text-slate-900">Worker not found</h1>
      <p className="mt-2 text-sm text-slate-600">
        There is no worker with this number, or your keys cannot see them. Public-pool keys only see
        workers with an active job for your company.
      </p>
      <ListLink path="/workers" className={buttonClass("primary", "mt-6")}>
        Back to workers
      </ListLink>
    </div>
  );
}
