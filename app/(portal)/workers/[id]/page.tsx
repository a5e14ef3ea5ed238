import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { WorkerEditor } from "@/components/workers/worker-editor";
import { env } from "@/lib/env";
import { requireSession } from "@/lib/portal/server/require-session";
import { upstreamFor } from "@/lib/portal/server/upstream-base";

export const metadata: Metadata = { title: "Edit worker" };

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function EditWorkerPage({ params, searchParams }: Props) {
  const { id } = await params;
  if (!/^\d{1,10}$/.test(id)) notFound();
  const session = await requireSession(`/workers/${id}`);
  const { invited } = await searchParams;
  return (
    <WorkerEditor
      id={Number(id)}
      pool={session.pool ?? null}
      mapTileUrl={env().MAP_TILE_URL}
      invited={invited === "1"}
      zipLookup={upstreamFor(session.environment).embedded}
    />
  );
}
