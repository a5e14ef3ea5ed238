import { json, jsonBody, methods, parseOr422, publicDbEndpoint } from "@/lib/api-v2/handler";
import { acceptInvitation } from "@/lib/api-v2/invitations/invitations";
import { clientAddress } from "@/lib/api-v2/request-meta";
import { acceptInvitationBodySchema } from "@/lib/schemas/webhook";

/** POST /api_v2/invitations/accept: the worker accepts once and sets a password (our addition). */
const accept = publicDbEndpoint(async (ctx) => {
  const { token, password } = parseOr422(acceptInvitationBodySchema, jsonBody(ctx));
  return json(
    await acceptInvitation(ctx.db, token, password, {
      clientAddress: clientAddress(ctx.req),
      now: ctx.now,
    }),
  );
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: accept });
