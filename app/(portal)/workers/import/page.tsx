import type { Metadata } from "next";
import Link from "next/link";
import { ImportWizard } from "@/components/import/import-wizard";
import { ListLink } from "@/components/portal/list-link";
import { RoleGate } from "@/components/portal/role-notice";
import { NoticeCard } from "@/components/ui/notice-card";
import { requireSession } from "@/lib/portal/server/require-session";

export const metadata: Metadata = { title: "Import workers" };

export default async function ImportWorkersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const session = await requireSession("/workers/import");
  const { signed_in } = await searchParams;
  return (
    <div>
      <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
        <ListLink path="/workers" className="hover:text-slate-800">
          Workers
        </ListLink>
        <span aria-hidden="true"> / </span>
        <span className="text-slate-800">Import</span>
      </nav>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">
            Import workers from CSV
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            Invite a whole team at once to {session.companyName ?? "your company"}&apos;s pool. Each
            worker gets the same invitation e-mail as one invited by hand.
          </p>
        </div>
        <Link
          href="/workers/new"
          className="rounded-sm text-sm font-medium text-indigo-700 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          Invite one worker instead
        </Link>
      </div>
      <div className="mt-8">
        {session.pool === "public" ? (
          <NoticeCard icon="lock" title="Importing needs a private-pool key">
            <p>
              Your keys give public-pool access, which can only read workers. Sign in with a
              private-pool key pair to invite workers.
            </p>
          </NoticeCard>
        ) : (
          <RoleGate action="workers.write" what="import workers">
            <ImportWizard signedInAgain={signed_in === "1"} />
          </RoleGate>
        )}
      </div>
    </div>
  );
}
