import { refuseCreateCustomer } from "@/lib/api-v2/customers/customers";
import { endpoint, methods } from "@/lib/api-v2/handler";

/**
 * POST /api_v2/customers: the reference's; here the operator's alone. The permission table marks
 * `customers.create` operatorOnly, so the wrapper refuses every token before this runs (403
 * operator_only for a key pair); the handler refuses again should that ever change.
 */
const create = endpoint(async () => refuseCreateCustomer(), { needs: "customers.create" });

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: create });
