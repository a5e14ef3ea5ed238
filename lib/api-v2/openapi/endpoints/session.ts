import { z } from "zod";
import { authenticateBodySchema } from "@/lib/schemas/auth";
import { personSignInBodySchema } from "@/lib/schemas/person-auth";
import { twoFactorSignInBodySchema } from "@/lib/schemas/two-factor";
import { authResultSchema, infoSchema, meSchema } from "../response-schemas";
import type { Endpoint } from "../shared";

const AuthenticateBody = authenticateBodySchema.meta({ id: "AuthenticateBody" });
const PersonSignInBody = personSignInBodySchema.meta({
  id: "PersonSignInBody",
  description: "A person's e-mail and password. Our addition.",
});
const TwoFactorSignInBody = twoFactorSignInBodySchema.meta({
  id: "TwoFactorSignInBody",
  description:
    "The second step of a person's sign-in: the challenge from 401 two_factor_required and a code. Our addition.",
});
const SignInBody = z.union([AuthenticateBody, PersonSignInBody, TwoFactorSignInBody]);

/** Authentication, service info, the caller and the document itself. */
export const SESSION_ENDPOINTS: Endpoint[] = [
  {
    method: "post",
    path: "/api_v2/authenticate",
    operationId: "authenticate",
    tag: "Authentication",
    summary: "Get a token",
    description:
      "Exchanges credentials for a token, valid 24 hours by default. Two kinds of credentials:\n\n- **A key pair** (the original interface; an integration's pool access). The keys may come as query parameters (as documented by the original interface), as a form-encoded body (what existing data-sync clients send) or as a JSON body. Test keys (pk_test_…/sk_test_…) work only on a test deployment, live keys only on a live one. Rate-limited per key and per client address.\n- **A person's e-mail and password** (our addition): an employer user of the company signs in as themself, and the token carries their role (customer_admin, requestor, read_only), which the API enforces on every call. In the body only (JSON or form-encoded): a `password` in the query string is 422. An unknown e-mail, a wrong password, a teammate who has not chosen a password yet, a deactivated one and a worker's e-mail all get the same 401 `invalid_credentials` (\"The e-mail or password is not valid\") after the same work. Rate-limited per client address (the same counter as key pairs) and per account (failed attempts). Sets the person's `last_sign_in_at`. Sign out with DELETE; a password change, a reset or a deactivation ends all of the person's tokens.\n- **Two-factor sign-in** (our addition): when the person has it on, a right e-mail and password answer 401 `two_factor_required` whose error carries `challenge` (one use, five minutes; only its hash is kept) and `challenge_expires_at`. Send `{challenge, code}` back here: `code` is the current six-digit TOTP code (one 30-second step either side is accepted, each code once) or one of the person's recovery codes (each works once). A wrong, replayed or late code is 401 `invalid_two_factor_code`; it counts against the account's limit, and a challenge dies after five wrong codes.\n\nRe-authenticate when a call answers 401.",
    auth: false,
    request: {
      query: authenticateBodySchema.partial(),
      body: {
        description:
          "The key pair (unless given as query parameters), or a person's e-mail and password (our addition; body only).",
        required: false,
        content: {
          "application/x-www-form-urlencoded": { schema: SignInBody },
          "application/json": { schema: SignInBody },
        },
      },
    },
    queryNotes: {
      api_key: { description: "The public key, pk_test_… or pk_live_…." },
      secret_key: { description: "The secret key, sk_test_… or sk_live_…." },
    },
    success: {
      status: 200,
      description: "A token for the key pair, or for the person.",
      schema: authResultSchema,
      example: { token: "Xb1q0V5mJc9sO3tYp8wZr2uKd7LgEa4N", expires_at: "2026-11-22T09:13:00Z" },
    },
    errors: [
      "malformed_request",
      "invalid_credentials",
      "environment_mismatch",
      "payload_too_large",
      "unsupported_media_type",
      "missing_credentials",
      "validation_failed",
      "rate_limited",
      "two_factor_required",
      "invalid_two_factor_code",
    ],
  },
  {
    method: "delete",
    path: "/api_v2/authenticate",
    operationId: "revokeToken",
    tag: "Authentication",
    summary: "Sign out: revoke the token",
    description:
      "Revokes the token the call carries (query `token` or `Authorization: Bearer`): from then on it is 401 `invalid_token` on every call, on every instance. Other tokens of the same key stay valid. The employer portal calls it when an employer signs out. Our addition: the original interface has no sign-out, so its tokens simply expire.",
    auth: true,
    addition: true,
    success: { status: 204, description: "Revoked: the token is refused from now on." },
    errors: ["payload_too_large", "missing_token", "invalid_token", "token_expired"],
  },
  {
    method: "get",
    path: "/api_v2/info",
    operationId: "getInfo",
    tag: "Meta",
    summary: "Deployment facts",
    description:
      "The server's clock, the environment this deployment serves, its release and the API version. Needs no token.",
    auth: false,
    success: { status: 200, description: "Facts about this deployment.", schema: infoSchema },
    errors: [],
  },
  {
    method: "get",
    path: "/api_v2/me",
    operationId: "getMe",
    tag: "Meta",
    summary: "Who the token belongs to",
    description:
      "The company and access level (pool) of the key behind the token; the person behind an e-mail and password sign-in (`user`, null for a key pair); and `permissions`, the actions the caller holds (the role × action table), which the portal uses to show only what the API would allow. Our addition: the original interface has no such call, so clients (the employer portal among them) must cope without it.",
    auth: true,
    addition: true,
    success: { status: 200, description: "The caller.", schema: meSchema },
    errors: ["missing_token", "invalid_token", "token_expired"],
  },
  {
    method: "get",
    path: "/api_v2/openapi.json",
    operationId: "getOpenApiDocument",
    tag: "Meta",
    summary: "This OpenAPI document",
    description:
      "The OpenAPI 3.1 description of this API, generated from the same schemas the endpoints validate with. Needs no token. Our addition.",
    auth: false,
    addition: true,
    success: {
      status: 200,
      description: "The OpenAPI document.",
      schema: { type: "object", description: "An OpenAPI 3.1 document." },
    },
    errors: [],
  },
];
