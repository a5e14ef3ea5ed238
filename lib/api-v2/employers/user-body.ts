import { formOrJsonBody } from "../form-body";
import type { Ctx } from "../handler";

/**
 * The fields of a POST /users body: JSON (at the top level or under `user`), or the reference's
 * form encoding (`user[first_name]=Dana&user[role]=requestor`, what its Swagger export
 * documents). In a form, `token` is the credential, not a field; bare names are taken too.
 */
export const userBodyOf = (ctx: Ctx): Record<string, unknown> => formOrJsonBody(ctx, "user");
