import { acceptInvitationBodySchema, inspectInvitationBodySchema } from "@/lib/schemas/webhook";
import { invitationAcceptedSchema, invitationSchema } from "../response-schemas";
import { ADDITION_NOTE, type Endpoint, JSON_BODY_ERRORS } from "../shared";

const InspectInvitationBody = inspectInvitationBodySchema.meta({ id: "InspectInvitationBody" });

const AcceptInvitationBody = acceptInvitationBodySchema.meta({ id: "AcceptInvitationBody" });

const EXAMPLE_INVITATION_TOKEN = "tjbm5ATGw6nI28Zd_qWfpFTNpPUT6hRB_jpKzSaevzM";

/** The worker's side of an invitation (our addition). */
export const INVITATIONS_ENDPOINTS: Endpoint[] = [
  {
    method: "post",
    path: "/api_v2/invitations/inspect",
    operationId: "inspectInvitation",
    tag: "Invitations",
    summary: "Look at an invitation link",
    description: `What the accept page shows before the worker types anything: whether the link is valid, used or expired, and whom and which company it is for. Needs no API token: the link's token is the credential, sent in the body (never in the URL, so it stays out of logs). An unknown token is 404.${ADDITION_NOTE}`,
    auth: false,
    addition: true,
    request: {
      body: {
        description: "The token from the link (after #token=).",
        required: true,
        content: {
          "application/json": {
            schema: InspectInvitationBody,
            example: { token: EXAMPLE_INVITATION_TOKEN },
          },
        },
      },
    },
    success: { status: 200, description: "The invitation.", schema: invitationSchema },
    errors: [...JSON_BODY_ERRORS, "validation_failed", "not_found"],
  },
  {
    method: "post",
    path: "/api_v2/invitations/accept",
    operationId: "acceptInvitation",
    tag: "Invitations",
    summary: "Accept an invitation",
    description: `The worker accepts the invitation and chooses a password (at least 8 characters). A link works once: a used one is 422 \`validation_failed\` on \`token\` ("has already been used…"), an expired one too ("has expired…"); two clicks racing each other cannot both succeed. An unknown token is 404. Needs no API token. Rate-limited per client address and per invitation (429 \`rate_limited\` with Retry-After); the password is hashed only for a live invitation, so an unknown, used or expired link is answered at once.${ADDITION_NOTE}`,
    auth: false,
    addition: true,
    request: {
      body: {
        description: "The token from the link, and the worker's new password.",
        required: true,
        content: {
          "application/json": {
            schema: AcceptInvitationBody,
            example: { token: EXAMPLE_INVITATION_TOKEN, password: "correct horse battery" },
          },
        },
      },
    },
    success: {
      status: 200,
      description: "Accepted: the worker can sign in with the password.",
      schema: invitationAcceptedSchema,
    },
    errors: [...JSON_BODY_ERRORS, "validation_failed", "not_found", "rate_limited"],
  },
];
