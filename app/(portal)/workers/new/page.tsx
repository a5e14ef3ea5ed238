import type { Metadata } from "next";
import Link from "next/link";
import { InviteWorkerForm } from "@/components/workers/invite-worker-form";
import { requireSession } from "@/lib/portal/require-session";

export const metadata: Metadata = { title: "Invite a worker" };

export default async function InviteWorkerPage() {
  const session = await requireSession("/workers/new");
  return (
    <div className="mx-auto max-w-2xl">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
        <Link href="/workers" className="hover:text-slate-800">
          Workers
        </Link>
        <span aria-hidden="true"> / </span>
        <span className="text-slate-800">Invite</span>
      </nav>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900">Invite a worker</h1>
      <p className="mt-1 text-sm text-slate-600">
        They receive an e-mail with a link to join {session.companyName ?? "your company"}&apos;s
        pool.
      </p>
      <div className="mt-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        {session.pool === "public" ? (
          <p className="text-sm text-slate-700">
            Your keys give public-pool access, which can only read workers. Inviting needs a
            private-pool key.
          </p>
        ) : (
          <InviteWorkerForm />
        )}
      </div>
    </div>
  );
}
