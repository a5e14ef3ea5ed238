import type { DbOrTx } from "@/lib/db/client";
import type { Caller } from "../caller";
import { ApiError, validationError } from "../errors";
import { findTemplate } from "./templates";

const NOT_YOURS = "is not one of your job request templates";

/**
 * POST /job_requests with `job_request_template_id` (the real portal's name for it): the
 * template's fields, then the body's on top (a field given in the body wins, badge requirements
 * included: the body's list replaces the template's). Without the id the body is unchanged.
 * The result is checked as any body is, so a template whose badge was deleted since is refused
 * on that field.
 */
export async function withTemplate(
  tx: DbOrTx,
  caller: Caller,
  raw: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if (!("job_request_template_id" in raw)) return raw;
  const { job_request_template_id: given, ...rest } = raw;
  if (given === null || given === undefined || given === "") return rest;
  const id =
    typeof given === "number" ? given : typeof given === "string" ? Number(given) : Number.NaN;
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) {
    throw validationError({ job_request_template_id: ["must be an id"] });
  }
  // Only "not found" means not theirs; any other failure is the database's and stays one.
  const template = await findTemplate(tx, caller.companyId, id).catch((err: unknown) => {
    if (err instanceof ApiError && err.code === "not_found") return null;
    throw err;
  });
  if (!template) throw validationError({ job_request_template_id: [NOT_YOURS] });
  return { ...(template.body as Record<string, unknown>), ...rest };
}
