import { z } from "zod";
import {
  createEmployerBodySchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  updateEmployerBodySchema,
} from "@/lib/schemas/employer";
import { ROLES } from "@/lib/schemas/permissions";
import { ADDITION, listOf, nullableTimestamp, timestamp } from "../schemas/common";
import { AUTH_ERRORS, type Endpoint, eitherShape, JSON_BODY_ERRORS } from "../shared";

/**
 * Employer users (the company's team), as the reference's POST /users with `type: "Employer"`
 * has them, and what we add (teammate invitations, the team's filters, the last-admin rule).
 * GET /users?type=Employer, GET/PATCH /users/{id} and POST /users/invite share their operations
 * with workers (one operation per method and path): their descriptions point here.
 */

const addition = (description: string) => ({
  description: `${description}${ADDITION}`,
  "x-addition": true,
});

export const employerUserSchema = z
  .object({
    id: z.number().int(),
    updated_at: timestamp(),
    customer_id: z.number().int().meta({ description: "The company (our company id)." }),
    role: z.enum(ROLES),
    last_name: z.string(),
    first_name: z.string(),
    email: z.string(),
    type: z.literal("Employer"),
    avatar_url: z.string().nullable(),
    phone: z.string().nullable().meta({ description: "E.164, or null: optional for employers." }),
    suspended: z.boolean().meta({ description: "Deactivated: cannot sign in; sessions ended." }),
    suspended_at: nullableTimestamp("When `suspended` last became true; null while active."),
    title: z.string().nullable(),
    business_name: z.string().nullable().meta({ description: "The company's name." }),
    logo_url: z.string().nullable(),
    invitation_status: z
      .enum(["invited", "accepted", "expired"])
      .nullable()
      .meta(
        addition("Invited teammates: `invited` until they choose a password, then `accepted`."),
      ),
    last_sign_in_at: z.iso
      .datetime({ offset: true })
      .nullable()
      .meta(addition("When they last signed in with their e-mail and password.")),
    two_factor_enabled: z
      .boolean()
      .meta(addition("Whether they sign in with a second factor (an authenticator app).")),
  })
  .meta({
    id: "EmployerUser",
    description:
      "An employer user (a teammate): the reference's users fields that apply to an employer, in the order of its users schema, then ours. Never a password, hash or token.",
  });

export const employerListSchema = listOf(
  "users",
  employerUserSchema,
  "EmployerUserList",
  "employer users",
);

export const CreateEmployerBody = createEmployerBodySchema.meta({
  id: "CreateEmployerBody",
  description: `A teammate with a password of their own. password: ${PASSWORD_MIN}–${PASSWORD_MAX} characters, kept only as a slow hash, never echoed; password_confirmation must match. customer_id must be the caller's company.`,
});

export const UpdateEmployerBody = updateEmployerBodySchema.meta({
  id: "UpdateEmployerBody",
  description:
    "A teammate's fields; only those sent change. `suspended: true` deactivates them and ends their sessions at once.",
});

/** The form encoding the reference documents: `user[first_name]=…`. */
const CreateEmployerForm = z
  .object(
    Object.fromEntries(
      Object.keys(createEmployerBodySchema.shape).map((k) => [`user[${k}]`, z.string()]),
    ),
  )
  .meta({ id: "CreateEmployerForm", description: "The same fields, form-encoded as user[...]." });

/** What the shared operations say about employer users. */
export const EMPLOYER_NOTES = {
  list: ` With \`type=Employer\`, the company's employer users instead (schema EmployerUser; filters \`email\`, \`first_name\`, \`last_name\`, \`suspended\`, \`role\` (ours: one role or a comma-separated list)); that needs a private-pool key (team.read): a public-pool key gets 403 \`forbidden_for_public_pool\`.`,
  get: " An employer user's id answers the teammate (schema EmployerUser) to whoever may read the team (team.read); for anyone else it is 404, like a missing id.",
  patch: ` An employer user's id takes UpdateEmployerBody (first_name, last_name, email, phone, title, role, suspended), as JSON or in the reference's form encoding (\`user[title]=…\`), and needs team.write. The company's last active customer_admin cannot be demoted or deactivated (422 on \`role\` / \`suspended\`: "is the company's last active admin"). Deactivating ends that person's sessions at once.`,
  invite: ` With \`type: "Employer"\` (our addition, needs team.write), a teammate is invited instead (first_name, last_name, email, role, title?, phone?): the mail names who invited them, the company and the role; accepting the link (POST /invitations/accept) sets their password.`,
  resend: " For an employer user who has not accepted (a teammate), it needs team.write.",
};

const EXAMPLE = {
  user: {
    type: "Employer",
    first_name: "Dana",
    last_name: "Lee",
    email: "dana@example.com",
    customer_id: 1,
    role: "requestor",
    title: "Operations manager",
    password: "correct horse battery",
    password_confirmation: "correct horse battery",
  },
};

export const EMPLOYERS_ENDPOINTS: Endpoint[] = [
  {
    method: "post",
    path: "/api_v2/users",
    operationId: "createEmployerUser",
    tag: "Users",
    summary: "Create an employer user",
    description:
      'Creates an employer user (`type: "Employer"`) of the caller\'s company with a password: as JSON (the fields at the top level or under "user") or in the reference\'s form encoding (`user[first_name]=…`). Workers are not created here: `type` "Worker" (or none) answers 405 `method_not_allowed` and points to POST /users/invite. Needs team.write (a private-pool key, or a person whose role is customer_admin).',
    auth: true,
    request: {
      body: {
        description: "The teammate.",
        required: true,
        content: {
          "application/json": { schema: eitherShape(CreateEmployerBody, "user"), example: EXAMPLE },
          "application/x-www-form-urlencoded": { schema: CreateEmployerForm },
        },
      },
    },
    success: {
      status: 201,
      description: "The new employer user.",
      schema: employerUserSchema,
      headers: ["Location", "ETag"],
    },
    errors: [
      ...JSON_BODY_ERRORS,
      ...AUTH_ERRORS,
      "forbidden_for_public_pool",
      "forbidden_for_role",
      "method_not_allowed",
      "validation_failed",
    ],
  },
];
