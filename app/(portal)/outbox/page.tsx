import type { Metadata } from "next";
import { OutboxView } from "@/components/outbox/outbox-view";
import { requireSession } from "@/lib/portal/server/require-session";

export const metadata: Metadata = { title: "Outbox" };

export default async function OutboxPage() {
  const session = await requireSession("/outbox");
  return <OutboxView pool={session.pool ?? null} />;
}
