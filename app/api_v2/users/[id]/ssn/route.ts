import { endpoint, idParam, json, methods } from "@/lib/api-v2/handler";
import { revealSsn } from "@/lib/api-v2/users/reveal-ssn";

/** GET /api_v2/users/:id/ssn: a worker's full SSN, recorded in its history (our addition). */
const get = endpoint(
  async (ctx) => json(await revealSsn(ctx.db, ctx.caller, ctx.now, idParam(ctx, "id", "User"))),
  { needs: "personal_data.reveal" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get });
