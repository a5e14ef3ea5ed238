import { authenticate } from "@/lib/api-v2/auth/authenticate";
import { authenticatePerson } from "@/lib/api-v2/auth/authenticate-person";
import { signInCredentialsOf } from "@/lib/api-v2/auth/credentials";
import { revokeToken } from "@/lib/api-v2/auth/revoke-token";
import { answerTwoFactor } from "@/lib/api-v2/auth/two-factor/challenge-answer";
import { endpoint, json, methods, publicDbEndpoint } from "@/lib/api-v2/handler";
import { clientAddress } from "@/lib/api-v2/request-meta";

/**
 * POST /api_v2/authenticate: exchange a key pair, or a person's e-mail and password (our
 * addition), for a 24-hour token.
 */
const authenticateHandler = publicDbEndpoint(async (ctx) => {
  const creds = signInCredentialsOf(ctx);
  const meta = { clientAddress: clientAddress(ctx.req), now: ctx.now };
  if (creds.kind === "two_factor") return json(await answerTwoFactor(ctx.db, creds, meta));
  return json(
    creds.kind === "person"
      ? await authenticatePerson(ctx.db, creds, meta)
      : await authenticate(ctx.db, creds, meta),
  );
});

/** DELETE /api_v2/authenticate: sign out, revoking the token the call carries (our addition). */
const revokeHandler = endpoint(
  async (ctx) => {
    await revokeToken(ctx.db, ctx.caller, ctx.now);
    return json(null, 204);
  },
  { needs: "session", beforeTwoFactor: true },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: authenticateHandler,
  DELETE: revokeHandler,
});
