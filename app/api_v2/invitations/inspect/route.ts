import { json, jsonBody, methods, parseOr422, publicDbEndpoint } from "@/lib/api-v2/handler";
import { inspectInvitation } from "@/lib/api-v2/invitations/invitations";
import { inspectInvitationBodySchema } from "@/lib/schemas/webhook";

/**
 * POST /api_v2/invitations/inspect: what the accept page shows for an invitation link (our
 * addition; no token — the link's own secret is the credential, sent in the body, never the URL).
 */
const inspect = publicDbEndpoint(async (ctx) => {
  const { token } = parseOr422(inspectInvitationBodySchema, jsonBody(ctx));
  return json(await inspectInvitation(ctx.db, token, ctx.now));
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: inspect });
