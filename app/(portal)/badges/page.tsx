import type { Metadata } from "next";
import { BadgesView } from "@/components/badges/badges-view";
import { requireSession } from "@/lib/portal/server/require-session";
import { upstreamFor } from "@/lib/portal/server/upstream-base";

export const metadata: Metadata = { title: "Badges" };

export default async function BadgesPage() {
  const session = await requireSession("/badges");
  return (
    <BadgesView pool={session.pool ?? null} ourApi={upstreamFor(session.environment).embedded} />
  );
}
