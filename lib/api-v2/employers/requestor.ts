import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import type { Caller } from "../caller";
import { isEmployer } from "./find-employer";

export const NOT_A_REQUESTOR = "is not a requestor of your company";

/**
 * Whether `id` is an employer user of the caller's company who may request work (an admin or a
 * requestor, not deactivated): the `employer_id` of a job request. The row is share-locked for
 * the transaction, so a deactivation or demotion running at the same time waits for the posting
 * (or the posting sees it), never half of each. Another company's user and an id that does not
 * exist get the same answer.
 */
export async function isRequestorOf(tx: DbOrTx, caller: Caller, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, id),
        isEmployer,
        eq(users.companyId, caller.companyId),
        inArray(users.role, ["customer_admin", "requestor"]),
        eq(users.suspended, false),
      ),
    )
    .for("share", { of: users });
  return row !== undefined;
}
