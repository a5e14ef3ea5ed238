import { getCustomer, requireOwnCustomer, updateCustomer } from "@/lib/api-v2/customers/customers";
import { formOrJsonBody } from "@/lib/api-v2/form-body";
import { endpoint, idParam, json, methods, parseBody } from "@/lib/api-v2/handler";
import { updateCustomerBodySchema } from "@/lib/schemas/customer";

/** GET /api_v2/customers/:id: the caller's own company (any other id is 404). */
const get = endpoint(
  async (ctx) => json(await getCustomer(ctx.db, ctx.caller, idParam(ctx, "id", "Customer"))),
  { needs: "customers.read" },
);

/** PATCH /api_v2/customers/:id: contact and billing details; the platform's terms are refused. */
const update = endpoint(
  async (ctx) => {
    const id = idParam(ctx, "id", "Customer");
    // Another company's id is 404 before the body is looked at: the same as an unknown id.
    requireOwnCustomer(ctx.caller, id);
    const parsed = parseBody(updateCustomerBodySchema, formOrJsonBody(ctx, "customer"));
    return json(
      await updateCustomer(ctx.db, ctx.caller, id, parsed.fields, parsed.errors, ctx.now),
    );
  },
  { needs: "customers.write" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get, PATCH: update });
