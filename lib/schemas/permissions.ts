/**
 * Who may do what: one list of actions and, for each, the roles that hold it (dub's
 * rbac/permissions.ts). The API's handler wrapper reads it for every route (a route declares the
 * action it needs and nothing else checks roles); the portal reads it to hide what a person
 * cannot do; docs/roles.md's role table is this table. Pure data: both sides import it.
 *
 * Who holds an action:
 * - a person signed in with e-mail and password (our addition): by their role;
 * - a private pool key pair's token (the integration's access, as the real service has it):
 *   every action but the operator's (`operatorOnly`, held by no token);
 * - a public pool key pair's token: only the actions marked `publicPool` (reads of what its
 *   workers' active jobs let it see).
 */

/** The reference's employer roles (`POST /users` `role`). */
export const ROLES = ["customer_admin", "requestor", "read_only"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  customer_admin: "Admin",
  requestor: "Requestor",
  read_only: "Read-only",
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  customer_admin: "Everything a requestor does, and manages teammates, badges and webhooks.",
  requestor: "Posts and edits jobs, hires, invites and edits workers, assigns badges.",
  read_only: "Sees what the company sees; changes nothing.",
};

const ALL: readonly Role[] = ROLES;
const REQUESTORS: readonly Role[] = ["customer_admin", "requestor"];
const ADMINS: readonly Role[] = ["customer_admin"];

type Permission = {
  roles: readonly Role[];
  /** Whether a public pool key's token holds it too. */
  publicPool: boolean;
  /**
   * The platform operator's alone (the operator command), held by no token: not even a private
   * key pair's, which otherwise holds every action. Absent means false.
   */
  operatorOnly?: boolean;
  description: string;
};

export const PERMISSIONS = {
  session: {
    roles: ALL,
    publicPool: true,
    description: "Who am I (/me), sign out",
  },
  "workers.read": {
    roles: ALL,
    publicPool: true,
    description: "List and read workers and their history",
  },
  "workers.write": {
    roles: REQUESTORS,
    publicPool: false,
    description: "Invite workers, edit them, assign and remove badges, resend invitations",
  },
  "personal_data.reveal": {
    roles: REQUESTORS,
    publicPool: false,
    description: "Reveal a worker's full SSN (recorded in the worker's history)",
  },
  "badges.read": { roles: ALL, publicPool: true, description: "List and read badges" },
  "badges.write": {
    roles: ADMINS,
    publicPool: false,
    description: "Create, rename and delete badges",
  },
  "job_requests.read": {
    roles: ALL,
    publicPool: true,
    description: "List and read job requests and categories",
  },
  "job_requests.write": {
    roles: REQUESTORS,
    publicPool: false,
    description: "Post, edit and cancel job requests",
  },
  "candidates.read": {
    roles: ALL,
    publicPool: false,
    description: "The ranked candidates of a job request",
  },
  "jobs.read": { roles: ALL, publicPool: true, description: "List and read jobs" },
  "jobs.write": {
    roles: REQUESTORS,
    publicPool: false,
    description: "Hire, approve, rate, mark no-shows, cancel jobs",
  },
  "mails.read": {
    roles: ALL,
    publicPool: false,
    description: "The outbox: mails the API has sent",
  },
  "webhooks.read": {
    roles: ALL,
    publicPool: false,
    description: "List webhooks and their deliveries",
  },
  "webhooks.write": {
    roles: ADMINS,
    publicPool: false,
    description: "Add and remove webhooks, resend deliveries",
  },
  "team.read": {
    roles: ALL,
    publicPool: false,
    description: "List and read the company's employer users (teammates)",
  },
  "team.write": {
    roles: ADMINS,
    publicPool: false,
    description: "Invite and create teammates, change roles, deactivate and reactivate",
  },
  "customers.read": {
    roles: ALL,
    publicPool: true,
    description: "Read the company's own customer record",
  },
  "customers.write": {
    roles: ADMINS,
    publicPool: false,
    description: "Change the company's contact and billing details",
  },
  "customers.create": {
    roles: [],
    publicPool: false,
    operatorOnly: true,
    description: "Create customers: the operator's only (key pairs refused too)",
  },
  "search.read": {
    roles: ALL,
    publicPool: true,
    description: "Search workers, job requests, jobs and badges",
  },
  "tracking.read": {
    roles: ALL,
    publicPool: false,
    description: "A worker's time-and-place trail on the company's jobs",
  },
  "messages.read": {
    roles: ALL,
    publicPool: false,
    description: "Read messages about the company's jobs, unread counts; mark them read",
  },
  "messages.write": {
    roles: REQUESTORS,
    publicPool: false,
    description: "Write to the hired workers of the company's jobs",
  },
} as const satisfies Record<string, Permission>;

export type Action = keyof typeof PERMISSIONS;
export const ACTIONS = Object.keys(PERMISSIONS) as Action[];

/** Who is asking: a key pair's pool, and the person's role when a person signed in. */
export type Principal = { pool: "private" | "public"; role: Role | null };

/** Whether only the platform's operator may do it (no token holds it). */
export const isOperatorOnly = (action: Action): boolean =>
  (PERMISSIONS[action] as Permission).operatorOnly === true;

/** Whether the principal holds the action. */
export function can(who: Principal, action: Action): boolean {
  const p: Permission = PERMISSIONS[action];
  if (p.operatorOnly) return false;
  if (who.role !== null) return p.roles.includes(who.role);
  return who.pool === "private" || p.publicPool;
}

export const isRole = (v: unknown): v is Role =>
  typeof v === "string" && (ROLES as readonly string[]).includes(v);
