import { refuseCreateCustomer } from "@/lib/api-v2/customers/customers";
import { endpoint, methods } from "@/lib/api-v2/handler";

/** POST /api_v2/customers: the reference's; here the operator's alone (403 operator_only for every token). */
const create = endpoint(async () => refuseCreateCustomer(), { needs: "customers.create" });

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: create });
