import type { Metadata } from "next";
import { WebhooksView } from "@/components/webhooks/webhooks-view";
import { requireSession } from "@/lib/portal/server/require-session";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const session = await requireSession("/webhooks");
  return <WebhooksView pool={session.pool ?? null} />;
}
