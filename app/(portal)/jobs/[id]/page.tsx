import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { JobRequestView } from "@/components/jobs/detail/job-request-view";
import { env } from "@/lib/env";
import { requireSession } from "@/lib/portal/server/require-session";
import { upstreamFor } from "@/lib/portal/server/upstream-base";
import { canDo } from "@/lib/portal/types";

export const metadata: Metadata = { title: "Job request" };

type Props = { params: Promise<{ id: string }> };

export default async function JobRequestPage({ params }: Props) {
  const { id } = await params;
  if (!/^\d{1,10}$/.test(id)) notFound();
  const session = await requireSession(`/jobs/${id}`);
  const embedded = upstreamFor(session.environment).embedded;
  const who = { pool: session.pool ?? null, person: session.person ?? null };
  return (
    <JobRequestView
      id={Number(id)}
      // A person whose role cannot hire or change requests (read-only) gets the read-only view
      // the public pool's keys get; the API refuses their writes anyway.
      pool={canDo(who, "jobs.write") ? (session.pool ?? null) : "public"}
      mapTileUrl={env().MAP_TILE_URL}
      // The ranking is ours: pointed at the real service, the candidates panel is not shown.
      ranking={embedded}
      // Acting as the worker is our test environment's demo aid, never the real service's.
      simulate={embedded && session.environment === "test" && canDo(who, "jobs.write")}
      messaging={
        canDo(who, "messages.read")
          ? {
              write: canDo(who, "messages.write"),
              // Our API pushes message events; the real service is asked every 10 seconds.
              live: embedded ? "stream" : "poll",
              me: session.person ? { id: session.person.id, name: session.person.name } : null,
            }
          : null
      }
    />
  );
}
