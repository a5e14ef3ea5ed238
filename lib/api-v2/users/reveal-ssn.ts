import type { Db } from "@/lib/db/client";
import type { Caller } from "../caller";
import { notFound } from "../errors";
import { recordUserChange } from "./history";
import { readsPersonalData, unsealPersonal } from "./personal-data";
import { findVisibleUser } from "./visibility";

/**
 * GET /users/:id/ssn (our addition): a worker's full SSN, read on purpose. Whoever may read the
 * worker's personal data may reveal it (the owning company's private pool; the route's action
 * narrows a person to requestors and admins); anyone else gets the 404 of an unknown id. The
 * reveal is written to the worker's history in the same transaction, with who and when and no
 * value, so an answer is never given without its record.
 */
export async function revealSsn(
  db: Db,
  caller: Caller,
  now: Date,
  id: number,
): Promise<{ ssn: string | null }> {
  return db.transaction(async (tx) => {
    const user = await findVisibleUser(tx, caller, now, id);
    if (user?.type !== "Worker" || !readsPersonalData(caller, user.companyId)) {
      throw notFound("User");
    }
    await recordUserChange(tx, {
      userId: id,
      kind: "personal_data_revealed",
      caller,
      actor: caller.operator ? "operator" : "api_key",
      now,
      changes: {},
      badgesAdded: [],
      badgesRemoved: [],
    });
    return { ssn: unsealPersonal("ssn", user.ssn, user.id) };
  });
}
