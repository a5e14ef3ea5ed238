import type { Metadata } from "next";
import { PostJobForm } from "@/components/jobs/post/post-job-form";
import { RoleGate } from "@/components/portal/role-notice";
import { env } from "@/lib/env";
import { requireSession } from "@/lib/portal/server/require-session";
import { upstreamFor } from "@/lib/portal/server/upstream-base";

export const metadata: Metadata = { title: "Post a job" };

export default async function PostJobPage() {
  const session = await requireSession("/jobs/new");
  return (
    <RoleGate action="job_requests.write" what="post jobs" heading="Post a job">
      <PostJobForm
        pool={session.pool ?? null}
        mapTileUrl={env().MAP_TILE_URL}
        me={session.person ?? null}
        zipLookup={upstreamFor(session.environment).embedded}
      />
    </RoleGate>
  );
}
