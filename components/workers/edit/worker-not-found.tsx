import Link from "next/link";
import { ListLink } from "@/components/portal/list-link";
import { buttonClass } from "@/components/ui/button";

/**
 * A worker id that does not exist, or that these keys may not see (the API never says which);
 * or, `teammate`, a user of the company who is an employer, not a worker (GET /users/:id answers
 * both): their page is the team's.
 */
export function WorkerNotFound({ teammate = false }: { teammate?: boolean }) {
  return (
    <div className="mx-auto max-w-lg rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
      <h1 className="text-lg font-semibold text-slate-900">Worker not found</h1>
      <p className="mt-2 text-sm text-slate-600">
        {teammate
          ? "This number belongs to a teammate, not a worker: people who post jobs are on the Team page."
          : "There is no worker with this number, or your keys cannot see them. Public-pool keys only see workers with an active job for your company."}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {teammate && (
          <Link href="/team" className={buttonClass("secondary")}>
            Open the team
          </Link>
        )}
        <ListLink path="/workers" className={buttonClass("primary")}>
          Back to workers
        </ListLink>
      </div>
    </div>
  );
}
