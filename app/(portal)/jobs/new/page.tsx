import type { Metadata } from "next";
import { PostJobForm } from "@/components/jobs/post/post-job-form";
import { RoleGate } from "@/components/portal/role-notice";
import { env } from "@/lib/env";
import type { JobRequest } from "@/lib/portal/job-types";
import { requireSession } from "@/lib/portal/server/require-session";
import { upstreamFetch } from "@/lib/portal/server/upstream";
import { upstreamFor } from "@/lib/portal/server/upstream-base";

export const metadata: Metadata = { title: "Post a job" };

type Props = { searchParams: Promise<{ from?: string | string[] }> };

/** `{"job_request": {...}}` or the bare object, as the upstream answers. */
function jobRequestOf(body: unknown): JobRequest | null {
  if (typeof body !== "object" || body === null) return null;
  const inner = (body as { job_request?: unknown }).job_request ?? body;
  return typeof inner === "object" && inner !== null && "id" in inner
    ? (inner as JobRequest)
    : null;
}

export default async function PostJobPage({ searchParams }: Props) {
  const { from } = await searchParams;
  const fromId = typeof from === "string" && /^\d{1,10}$/.test(from) ? from : null;
  const session = await requireSession(fromId ? `/jobs/new?from=${fromId}` : "/jobs/new");
  // "Post again": the posting to start from, read as the person signed in (another company's
  // or a vanished one starts an empty form).
  let source: JobRequest | null = null;
  if (fromId) {
    const res = await upstreamFetch(session.environment, `job_requests/${fromId}`, {
      token: session.token,
    });
    if (res.ok) source = jobRequestOf(res.body);
  }
  return (
    <RoleGate action="job_requests.write" what="post jobs" heading="Post a job">
      <PostJobForm
        pool={session.pool ?? null}
        mapTileUrl={env().MAP_TILE_URL}
        me={session.person ?? null}
        from={source}
        additions={upstreamFor(session.environment).embedded}
      />
    </RoleGate>
  );
}
