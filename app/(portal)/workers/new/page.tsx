import type { Metadata } from "next";
import Link from "next/link";
import { ListLink } from "@/components/portal/list-link";
import { RoleGate } from "@/components/portal/role-notice";
import { buttonClass } from "@/components/ui/button";
import { InviteWorkerForm } from "@/components/workers/invite-worker-form";
import { requireSession } from "@/lib/portal/server/require-session";
import { canDo } from "@/lib/portal/types";

export const metadata: Metadata = { title: "Invite a worker" };

export default async function InviteWorkerPage() {
  const session = await requireSession("/workers/new");
  return (
    <div className="mx-auto max-w-2xl">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
        <ListLink path="/workers" className="hover:text-slate-800">
          Workers
        </ListLink>
        <span aria-hidden="true"> / </span>
        <span className="text-slate-800">Invite</span>
      </nav>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Invite a worker</h1>
          <p className="mt-1 text-sm text-slate-600">
            They receive an e-mail with a link to join {session.companyName ?? "your company"}
            &apos;s pool.
          </p>
        </div>
        {session.pool !== "public" &&
          canDo(
            { pool: session.pool ?? null, person: session.person ?? null },
            "workers.write",
          ) && (
            <Link href="/workers/import" className={buttonClass("secondary")}>
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                fill="currentColor"
                className="-ml-0.5 size-4"
              >
                <path d="M9.25 13.25a.75.75 0 0 0 1.5 0V4.636l2.955 3.129a.75.75 0 0 0 1.09-1.03l-4.25-4.5a.75.75 0 0 0-1.09 0l-4.25 4.5a.75.75 0 1 0 1.09 1.03L9.25 4.636v8.614Z" />
                <path d="M3.5 12.75a.75.75 0 0 0-1.5 0v2.5A2.75 2.75 0 0 0 4.75 18h10.5A2.75 2.75 0 0 0 18 15.25v-2.5a.75.75 0 0 0-1.5 0v2.5c0 .69-.56 1.25-1.25 1.25H4.75c-.69 0-1.25-.56-1.25-1.25v-2.5Z" />
              </svg>
              Import from CSV
            </Link>
          )}
      </div>
      <div className="mt-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        {session.pool === "public" ? (
          <p className="text-sm text-slate-700">
            Your keys give public-pool access, which can only read workers. Inviting needs a
            private-pool key.
          </p>
        ) : (
          <RoleGate action="workers.write" what="invite workers">
            <InviteWorkerForm />
          </RoleGate>
        )}
      </div>
    </div>
  );
}
