import { z } from "zod";
import { ADDITION_NOTE, AUTH_ERRORS, type Endpoint, idParam, PRIVATE_POOL_NOTE } from "../shared";

const revealedSsnSchema = z
  .object({
    ssn: z
      .string()
      .nullable()
      .meta({ description: "The worker's full SSN; null when none is set." }),
  })
  .meta({ id: "RevealedSsn" });

/** A worker's personal data read on purpose (our addition). */
export const PERSONAL_DATA_ENDPOINTS: Endpoint[] = [
  {
    method: "get",
    path: "/api_v2/users/{id}/ssn",
    operationId: "revealUserSsn",
    tag: "Users",
    summary: "Reveal a worker's full SSN",
    description: `The worker's full SSN. Every call is recorded in the worker's history (kind personal_data_revealed: who and when, never the number). A teammate signed in with their own e-mail and password reads only the last four digits in the user object's ssn ("•••-••-1234") and reveals the rest here; requestors and admins may, read-only teammates get 403 \`forbidden_for_role\`. Readable for the private pool that owns the worker; any other id is 404.${PRIVATE_POOL_NOTE}${ADDITION_NOTE}`,
    auth: true,
    addition: true,
    request: { params: idParam("user") },
    success: {
      status: 200,
      description: "The full SSN.",
      schema: revealedSsnSchema,
      example: { ssn: "123-45-6789" },
    },
    errors: [...AUTH_ERRORS, "forbidden_for_public_pool", "forbidden_for_role", "not_found"],
  },
];
