import { z } from "zod";
import { ACTIONS, type Action, ROLES } from "@/lib/schemas/permissions";
import { ADDITION, nullableTimestamp, timestamp } from "./common";

/** Authentication, the caller, the service info and invitations. */

const invitationFields = {
  state: z.enum(["valid", "used", "expired"]).meta({
    description:
      "valid: it can be accepted; used: it was accepted; expired: it was not accepted in time.",
  }),
  first_name: z.string().meta({ description: "The worker's first name, to greet them." }),
  company_name: z.string().meta({ description: "The company that sent the invitation." }),
  email: z.string().meta({ description: "The worker's e-mail address." }),
  expires_at: timestamp("The link expires 7 days after the invite (INVITE_TTL_DAYS)."),
  used_at: nullableTimestamp("When it was accepted, or null."),
  type: z.enum(["Worker", "Employer"]).meta({
    description: "Who is invited: a worker, or a teammate (an employer user). Our addition.",
  }),
  role: z.enum(["customer_admin", "requestor", "read_only"]).nullable().meta({
    description: "A teammate's role once they accept; null for a worker. Our addition.",
  }),
};

export const invitationSchema = z.object(invitationFields).meta({
  id: "Invitation",
  description: `An invitation link, as the accept page shows it.${ADDITION}`,
});

export const invitationAcceptedSchema = z
  .object({ accepted: z.literal(true), ...invitationFields })
  .meta({
    id: "InvitationAccepted",
    description: `The invitation, now used: the worker can sign in with the password.${ADDITION}`,
  });

export const authResultSchema = z
  .object({
    token: z.string().min(20).meta({
      description: "Pass it as ?token=… or Authorization: Bearer … on every other call.",
    }),
    expires_at: z.iso.datetime({ precision: 0 }).meta({
      description:
        "UTC, whole seconds, literal Z (`2026-11-22T09:13:00Z`, parseable with %Y-%m-%dT%H:%M:%SZ). 24 hours after issue by default.",
    }),
  })
  .meta({ id: "AuthResult", description: "A token for the key pair." });

export const meSchema = z
  .object({
    company: z.object({
      id: z.number().int(),
      name: z.string(),
      require_two_factor: z.boolean().meta({
        description: "Every person must sign in with a second factor (our addition).",
      }),
    }),
    two_factor_setup_required: z.boolean().meta({
      description:
        "The company requires two-factor sign-in and this person has not set it up: until they do, only /me, enrolment and sign-out answer (our addition).",
    }),
    pool: z
      .enum(["private", "public"])
      .meta({ description: "The access level of the key behind the token." }),
    environment: z.enum(["test", "live"]),
    user: z
      .object({
        id: z.number().int(),
        first_name: z.string(),
        last_name: z.string(),
        email: z.string(),
        role: z.enum(ROLES),
        title: z.string().nullable(),
        two_factor_enabled: z.boolean().meta({ description: "Our addition." }),
      })
      .nullable()
      .meta({
        description:
          "The person behind an e-mail and password sign-in (our addition); null for a key pair's token.",
      }),
    permissions: z.array(z.enum(ACTIONS as [Action, ...Action[]])).meta({
      description:
        "The actions the caller holds (the role × action table): every action for a private pool key, the reads for a public pool key, the person's role otherwise. Our addition.",
    }),
  })
  .meta({ id: "Me", description: "Who the token belongs to." });

export const infoSchema = z
  .object({
    utc_time_now: z.iso
      .datetime({ precision: 0 })
      .meta({ description: "The server's clock, UTC." }),
    environment: z.enum(["test", "live"]).meta({
      description:
        "Which keys this deployment accepts: pk_test_…/sk_test_… or pk_live_…/sk_live_….",
    }),
    rails_environment: z.string().meta({
      description:
        "The run mode, named as the live service names its framework's (RAILS_ENV): ours is the server's NODE_ENV (`production` for a built deployment).",
    }),
    rack_environment: z.string().meta({
      description: "The same run mode, as the live service's RACK_ENV.",
    }),
    deploy: z
      .object({
        release_version: z.string(),
        environment: z.enum(["test", "live"]),
        started_at: z.iso.datetime({ precision: 0 }),
      })
      .meta({
        description:
          "What is deployed here: the release, the environment it serves and when this instance started (UTC). The live service answers a `deploy` too; these values are ours.",
      }),
    release_version: z.string(),
    api_version: z.literal("2.0"),
    server: z.string(),
    https_required: z
      .boolean()
      .meta({ description: "false when plain HTTP is accepted from loopback (local/demo)." }),
    max_per_page: z.number().int(),
  })
  .meta({ id: "Info", description: "Facts about this deployment." });
