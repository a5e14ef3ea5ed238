import type { Db } from "@/lib/db/client";
import type { Caller } from "../caller";
import { notFound } from "../errors";
import { etagOf } from "./etag";
import { serializeUser } from "./serialize-user";
import { badgesByUser } from "./user-badges";
import { findVisibleUser } from "./visibility";

/** One worker the caller may see, with the ETag a later PATCH sends as If-Match. */
export async function getUser(db: Db, caller: Caller, now: Date, id: number) {
  const row = await findVisibleUser(db, caller, now, id);
  if (!row) throw notFound("User");
  const badges = (await badgesByUser(db, [id])).get(id) ?? [];
  return { user: serializeUser(row, badges, caller), etag: etagOf(row) };
}
