import type { Db } from "@/lib/db/client";
import { createBadgeFor as createBadge, createJob, createJobRequest } from "../admin/admin";
import { createWebhook as addWebhook } from "../events/webhooks";

export { createJob, createJobRequest };

export const createBadgeFor = (
  db: Db,
  companyId: number,
  b: { name: string; description: string; icon_url?: string },
) => createBadge(db, companyId, b, new Date());

export const createWebhook = (db: Db, companyId: number, url: string) =>
  addWebhook(db, companyId, null, { url, events: [] }, new Date());
