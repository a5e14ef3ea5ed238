import {
  createBadgeBodySchema,
  deleteBadgeQuerySchema,
  listBadgesQuerySchema,
  updateBadgeBodySchema,
} from "@/lib/schemas/badge";
import { badgeListSchema, badgeSchema } from "../response-schemas";
import {
  AUTH_ERRORS,
  type Endpoint,
  eitherShape,
  idParam,
  JSON_BODY_ERRORS,
  PAGING_NOTES,
  PRIVATE_POOL_NOTE,
  queryObject,
} from "../shared";

const CreateBadgeBody = createBadgeBodySchema.meta({ id: "CreateBadgeBody" });

const UpdateBadgeBody = updateBadgeBodySchema.meta({ id: "UpdateBadgeBody" });

const BADGE_BODY_NOTE =
  'Send the fields at the top level, or inside an object under "badge" ({"badge": {...}}). The icon may also be sent as `remote_icon_url`, the name the real service\'s reference documents for writes (`icon_url` wins when both are sent); responses always say `icon_url`.';

const EXAMPLE_BADGE = {
  name: "Forklift certified",
  description: "Holds a valid forklift operator certificate.",
  info_url: "https://example.com/forklift",
  is_soft: false,
};

/** Badges: list, create, read, update, delete. */
export const BADGES_ENDPOINTS: Endpoint[] = [
  {
    method: "get",
    path: "/api_v2/badges",
    operationId: "listBadges",
    tag: "Badges",
    summary: "List badges",
    description:
      "The company's badges by name; `query` filters by name. Each carries `workers_count` (our addition): how many of the workers the caller may see hold it, counted in one grouped query.",
    auth: true,
    request: { query: queryObject(listBadgesQuerySchema) },
    queryNotes: {
      ...PAGING_NOTES,
      query: { description: "Part of the badge name (case-insensitive)." },
    },
    success: { status: 200, description: "One page of badges.", schema: badgeListSchema },
    errors: ["malformed_request", ...AUTH_ERRORS],
  },
  {
    method: "post",
    path: "/api_v2/badges",
    operationId: "createBadge",
    tag: "Badges",
    summary: "Create a badge",
    description: `Creates a badge; its name must be unique in the company. ${BADGE_BODY_NOTE} Our addition.${PRIVATE_POOL_NOTE}`,
    auth: true,
    addition: true,
    request: {
      body: {
        description: BADGE_BODY_NOTE,
        required: true,
        content: {
          "application/json": {
            schema: eitherShape(CreateBadgeBody, "badge"),
            example: EXAMPLE_BADGE,
          },
        },
      },
    },
    success: {
      status: 201,
      description: "The new badge.",
      schema: badgeSchema,
      headers: ["Location"],
    },
    errors: [...JSON_BODY_ERRORS, ...AUTH_ERRORS, "forbidden_for_public_pool", "validation_failed"],
  },
  {
    method: "get",
    path: "/api_v2/badges/{id}",
    operationId: "getBadge",
    tag: "Badges",
    summary: "Get a badge",
    description: "One of the company's badges.",
    auth: true,
    request: { params: idParam("badge") },
    success: { status: 200, description: "The badge.", schema: badgeSchema },
    errors: [...AUTH_ERRORS, "not_found"],
  },
  {
    method: "patch",
    path: "/api_v2/badges/{id}",
    operationId: "updateBadge",
    tag: "Badges",
    summary: "Update a badge",
    description: `Changes the fields sent. ${BADGE_BODY_NOTE} Our addition.${PRIVATE_POOL_NOTE}`,
    auth: true,
    addition: true,
    request: {
      params: idParam("badge"),
      body: {
        description: BADGE_BODY_NOTE,
        required: true,
        content: {
          "application/json": {
            schema: eitherShape(UpdateBadgeBody, "badge"),
            example: { description: "Holds a forklift operator certificate valid this year." },
          },
        },
      },
    },
    success: { status: 200, description: "The updated badge.", schema: badgeSchema },
    errors: [
      ...JSON_BODY_ERRORS,
      ...AUTH_ERRORS,
      "forbidden_for_public_pool",
      "not_found",
      "validation_failed",
    ],
  },
  {
    method: "delete",
    path: "/api_v2/badges/{id}",
    operationId: "deleteBadge",
    tag: "Badges",
    summary: "Delete a badge",
    description: `Deletes a badge that no worker holds; one still held is refused with 422 \`validation_failed\` (remove it from the workers first), unless \`remove_from_workers=true\` is sent: then the badge is taken from every worker who holds it and deleted, in one transaction. Each of those workers changes as a PATCH removing the badge would change them (a new ETag and \`updated_at\`, an entry in their history), though no \`user.updated\` webhook is sent for them. A worker given the badge while it is being deleted either loses it too or is refused with 422 (the badge does not exist). Our addition.${PRIVATE_POOL_NOTE}`,
    auth: true,
    addition: true,
    request: { params: idParam("badge"), query: queryObject(deleteBadgeQuerySchema) },
    queryNotes: {
      remove_from_workers: {
        description:
          "true: take the badge from the workers who hold it, then delete it. Default false (a held badge is refused). Our addition.",
        addition: true,
      },
    },
    success: { status: 204, description: "Deleted; no body." },
    errors: [
      "malformed_request",
      "payload_too_large",
      ...AUTH_ERRORS,
      "forbidden_for_public_pool",
      "not_found",
      "validation_failed",
    ],
  },
];
