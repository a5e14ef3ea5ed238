import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { compileErrors, validate } from "@readme/openapi-parser";
import type { OpenAPIV3_1 } from "openapi-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { internalsIn } from "@/e2e/support/fuzz/response-checks";
import { type Database, openDatabase, setDatabase } from "@/lib/db/client";
import { referenceView } from "@/lib/docs/reference-view";
import { authenticateBodySchema } from "@/lib/schemas/auth";
import { createBadgeBodySchema, updateBadgeBodySchema } from "@/lib/schemas/badge";
import { createEmployerBodySchema } from "@/lib/schemas/employer";
import {
  assignJobBodySchema,
  jobRequestBodySchema,
  REQUESTOR_JOB_STATES,
  simulateWorkerBodySchema,
  updateJobBodySchema,
} from "@/lib/schemas/job";
import {
  createJobRequestTemplateBodySchema,
  updateJobRequestTemplateBodySchema,
} from "@/lib/schemas/job-request-template";
import {
  createMessageBodySchema,
  markReadBodySchema,
  updateMessageBodySchema,
} from "@/lib/schemas/message";
import { cancelSeriesBodySchema, multiDayBodySchema } from "@/lib/schemas/multi-day";
import {
  changePasswordBodySchema,
  confirmPasswordResetBodySchema,
  requestPasswordResetBodySchema,
} from "@/lib/schemas/person-auth";
import {
  companySettingsBodySchema,
  confirmTwoFactorBodySchema,
  disableTwoFactorBodySchema,
} from "@/lib/schemas/two-factor";
import { inviteUserBodySchema, updateUserBodySchema } from "@/lib/schemas/user";
import {
  acceptInvitationBodySchema,
  createWebhookBodySchema,
  inspectInvitationBodySchema,
  WEBHOOK_EVENTS,
} from "@/lib/schemas/webhook";
import { serializeBadge } from "../badges/badges";
import type { Caller } from "../caller";
import { SIGNATURE_HEADER } from "../events/signature";
import { serializeWebhook } from "../events/webhooks";
import { METHODS, type RouteHandler } from "../handler";
import { JOB_TRANSITIONS } from "../jobs/job-state-machine";
import { NOTIFY_TOP } from "../jobs/notify-candidates";
import { type JobRow, serializeJob } from "../jobs/serialize-job";
import { type JobRequestRow, serializeJobRequest } from "../jobs/serialize-job-request";
import { serializeMessage } from "../messages/serialize-message";
import { unwrapBody } from "../unwrap-body";
import { serializeUser, type UserBadgeRow, type UserRow } from "../users/serialize-user";
import { buildOpenApiDocument, ENDPOINTS, TAGS } from "./openapi-document";
import {
  badgeSchema,
  candidateListSchema,
  ERROR_CODES,
  jobEnvelopeSchema,
  jobRequestEnvelopeSchema,
  jobRequestSchema,
  jobSchema,
  messageSchema,
  userSchema,
  webhookEventSchema,
  webhookSchema,
} from "./response-schemas";

const doc = buildOpenApiDocument({ releaseVersion: "9.9.9-test", environment: "test" });
type Json = Record<string, any>;

/** Follows a local `$ref` ("#/components/schemas/User") to what it points at. */
function deref(node: any): any {
  if (!node || typeof node !== "object" || typeof node.$ref !== "string") return node;
  const target = node.$ref
    .replace(/^#\//, "")
    .split("/")
    .reduce((at: any, key: string) => at?.[key], doc);
  return deref(target);
}

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    expect(doc.openapi.startsWith("3.1")).toBe(true);
    // validate() dereferences what it is given: hand it a copy.
    const result = await validate(structuredClone(doc) as unknown as OpenAPIV3_1.Document);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
    expect(result.specification).toBe("OpenAPI");
    expect(result.warnings).toEqual([]);
    expect(doc.info.version).toBe("9.9.9-test");
    expect(doc.servers).toEqual([expect.objectContaining({ url: "/" })]);
  });

  it("takes the invite body from the real schema (its required fields)", () => {
    const body = doc.paths?.["/api_v2/users/invite"]?.post?.requestBody as Json;
    const topLevel = deref(body.content["application/json"].schema.anyOf[0]);
    expect(topLevel.required).toEqual(
      expect.arrayContaining(["first_name", "last_name", "email", "phone", "type"]),
    );
    expect(topLevel.required).toHaveLength(5);
    // The other accepted shape: the same fields under "user".
    const wrapped = body.content["application/json"].schema.anyOf[1];
    expect(deref(wrapped.properties.user)).toBe(topLevel);
  });

  it("has examples that the handlers' own schemas accept", () => {
    const bodies: Record<
      string,
      {
        schema: { safeParse(v: unknown): any };
        key?: Parameters<typeof unwrapBody>[1];
      }
    > = {
      inviteUser: { schema: inviteUserBodySchema, key: "user" },
      createEmployerUser: { schema: createEmployerBodySchema, key: "user" },
      updateUser: { schema: updateUserBodySchema, key: "user" },
      createBadge: { schema: createBadgeBodySchema, key: "badge" },
      updateBadge: { schema: updateBadgeBodySchema, key: "badge" },
      authenticate: { schema: authenticateBodySchema },
      createWebhook: { schema: createWebhookBodySchema, key: "webhook" },
      inspectInvitation: { schema: inspectInvitationBodySchema },
      acceptInvitation: { schema: acceptInvitationBodySchema },
      createJobRequest: { schema: jobRequestBodySchema, key: "job_request" },
      updateJobRequest: { schema: jobRequestBodySchema, key: "job_request" },
      createJob: { schema: assignJobBodySchema, key: "job" },
      assignJob: { schema: assignJobBodySchema, key: "job" },
      updateJob: { schema: updateJobBodySchema, key: "job" },
      simulateWorker: { schema: simulateWorkerBodySchema, key: "job" },
      requestPasswordReset: { schema: requestPasswordResetBodySchema },
      confirmPasswordReset: { schema: confirmPasswordResetBodySchema },
      changePassword: { schema: changePasswordBodySchema },
      confirmTwoFactor: { schema: confirmTwoFactorBodySchema },
      disableTwoFactor: { schema: disableTwoFactorBodySchema },
      updateCompanySettings: { schema: companySettingsBodySchema },
      createMultiDayJobRequest: { schema: multiDayBodySchema, key: "multi_day_job_request" },
      updateMultiDayJobRequest: { schema: multiDayBodySchema, key: "multi_day_job_request" },
      cancelMultiDayJobRequest: { schema: cancelSeriesBodySchema },
      createMessage: { schema: createMessageBodySchema, key: "message" },
      updateMessage: { schema: updateMessageBodySchema, key: "message" },
      markMessagesRead: { schema: markReadBodySchema, key: "message" },
      createJobRequestTemplate: { schema: createJobRequestTemplateBodySchema },
      updateJobRequestTemplate: { schema: updateJobRequestTemplateBodySchema },
    };
    for (const e of ENDPOINTS) {
      const content = (doc.paths?.[e.path]?.[e.method]?.requestBody as Json | undefined)?.content;
      for (const media of Object.values(content ?? {}) as Json[]) {
        if (media.example === undefined) continue;
        const b = bodies[e.operationId];
        expect(b, `no schema known for ${e.operationId}`).toBeDefined();
        const input = b!.key ? unwrapBody(media.example, b!.key) : media.example;
        const r = b!.schema.safeParse(input);
        expect(r.success, `${e.operationId}: ${JSON.stringify(r.error?.issues)}`).toBe(true);
      }
    }
  });

  it("documents every error code, and X-Request-Id on every response", () => {
    expect(Object.keys(doc.components?.examples ?? {}).sort()).toEqual([...ERROR_CODES].sort());
    const errorCodes = (deref({ $ref: "#/components/schemas/Error" }) as Json).properties.error
      .properties.code.enum;
    expect([...errorCodes].sort()).toEqual([...ERROR_CODES].sort());
    for (const [p, item] of Object.entries(doc.paths ?? {})) {
      for (const [method, op] of Object.entries(item as Json)) {
        for (const [status, res] of Object.entries((op as Json).responses as Json)) {
          expect(res.headers?.["X-Request-Id"], `${method} ${p} ${status}`).toBeDefined();
        }
      }
    }
    const auth = doc.paths?.["/api_v2/authenticate"]?.post?.responses as Json;
    expect(auth["429"].headers["Retry-After"]).toBeDefined();
    expect(Object.keys(auth["429"].content["application/json"].examples)).toEqual(["rate_limited"]);
    const invite = doc.paths?.["/api_v2/users/invite"]?.post?.responses as Json;
    expect(invite["201"].headers.Location).toBeDefined();
    expect(Object.keys(invite["403"].content["application/json"].examples)).toContain(
      "forbidden_for_public_pool",
    );
  });
});

describe("our additions in the document", () => {
  const ADDED_PATHS = [
    "/api_v2/webhooks",
    "/api_v2/webhooks/{id}",
    "/api_v2/webhook_deliveries",
    "/api_v2/webhook_deliveries/{id}/resend",
    "/api_v2/mails",
    "/api_v2/users/{id}/history",
    "/api_v2/invitations/inspect",
    "/api_v2/invitations/accept",
    "/api_v2/job_requests/{id}/candidates",
    "/api_v2/job_requests/categories",
    "/api_v2/jobs/{id}/simulate",
    "/api_v2/messages/unread",
    "/api_v2/messages/mark_read",
    "/api_v2/messages/stream",
    "/api_v2/job_requests/qualified_workers",
    "/api_v2/job_request_templates",
    "/api_v2/job_request_templates/{id}",
  ];

  it("marks webhooks, deliveries, mails, history, invitations, candidates and categories as additions", () => {
    for (const p of ADDED_PATHS) {
      const item = doc.paths?.[p] as Json | undefined;
      expect(item, p).toBeDefined();
      for (const [method, op] of Object.entries(item!)) {
        expect((op as Json)["x-addition"], `${method} ${p}`).toBe(true);
        expect((op as Json).description, `${method} ${p}`).toContain("Our addition.");
      }
    }
    expect(doc.info.description).toContain("documented additions");
    for (const p of [
      "/webhooks",
      "/webhook_deliveries",
      "/users/{id}/history",
      "/mails",
      "/job_requests/{id}/candidates",
      "/job_requests/categories",
    ]) {
      expect(doc.info.description).toContain(p);
    }
  });

  it("marks our fields and filters of job requests and jobs", () => {
    const schemas = doc.components?.schemas as Json;
    const flagged = (name: string) =>
      Object.entries(schemas[name].properties as Json)
        .filter(([, p]) => (p as Json)["x-addition"] === true)
        .map(([k]) => k);
    expect(flagged("JobRequest")).toEqual(["address_state", "posted_at", "created_at"]);
    expect(flagged("Job")).toEqual(["user_id", "approved_at", "cancelled_at", "rating"]);
    expect(flagged("JobTransition")).toEqual(["from_state", "actor", "actor_user"]);
    for (const name of ["JobRequest", "Job", "JobTransition"]) {
      for (const field of flagged(name)) {
        expect(schemas[name].properties[field].description, `${name}.${field}`).toContain(
          "Our addition.",
        );
      }
    }
    const params = (p: string): Json[] =>
      ((doc.paths?.[p]?.get ?? {}) as Json).parameters.filter((x: Json) => x["x-addition"]);
    expect(params("/api_v2/jobs").map((x) => x.name)).toEqual(["worker_id"]);
    expect(params("/api_v2/job_requests").map((x) => x.name)).toEqual([
      "category",
      "zip",
      "employer_id",
      "start_after",
      "start_before",
      "sort",
    ]);
  });

  it("explains the job state machine, the ranking and the required fields", () => {
    const jobs = TAGS.find((t) => t.name === "Jobs")!.description;
    for (const e of JOB_TRANSITIONS) {
      expect(jobs, `${e.from} → ${e.to}`).toMatch(
        new RegExp(`From \`${e.from}\`:[^.]*\`${e.to}\` \\(${e.by.join(" or ")}\\)`),
      );
    }
    expect(jobs).toContain("422 `validation_failed` on `fields.state`");
    const requests = TAGS.find((t) => t.name === "Job requests")!.description;
    expect(requests).toContain(`top ${NOTIFY_TOP} candidates`);
    expect(requests).toContain("no geocoding");
    const byId = (id: string) => ENDPOINTS.find((e) => e.operationId === id)!;
    const candidates = byId("listJobRequestCandidates");
    for (const phrase of ["current location", "home", "preferred", "rating", "has_more"]) {
      expect(candidates.description, phrase).toContain(phrase);
    }
    expect(candidates.errors).toContain("forbidden_for_public_pool");
    const update = byId("updateJob").description;
    for (const state of REQUESTOR_JOB_STATES) expect(update, state).toContain(`\`${state}\``);
    expect(byId("createJobRequest").description).toContain("`draft` (our addition");
    const body = deref({ $ref: "#/components/schemas/JobRequestBody" }) as Json;
    expect(body.properties.start_time.description).toContain("YYYY-MM-DD HH:MM");
  });

  it("needs a private-pool key for webhooks, deliveries and mails, and no token for the links", () => {
    const ops = ENDPOINTS.filter((e) => /webhook|mails/.test(e.path));
    expect(ops.length).toBe(7);
    for (const e of ops) expect(e.errors, e.operationId).toContain("forbidden_for_public_pool");
    for (const id of ["inspectInvitation", "acceptInvitation"]) {
      const op = doc.paths?.[`/api_v2/invitations/${id.replace("Invitation", "")}`]?.post as Json;
      expect(op.security, id).toEqual([]);
    }
    const resend = doc.paths?.["/api_v2/webhook_deliveries/{id}/resend"]?.post?.responses as Json;
    expect(Object.keys(resend)).toContain("202");
  });

  it("describes webhook delivery in the Webhooks tag", () => {
    const tag = TAGS.find((t) => t.name === "Webhooks");
    expect(tag).toBeDefined();
    for (const phrase of [
      '{"id", "event", "occurred_at", "data"}',
      SIGNATURE_HEADER,
      "lowercase hex SHA-256 of the exact body bytes followed by the company's secret key",
      "at least once",
      "60, 120 and 240 seconds",
      "10% jitter",
      "deduplicate by its `id`",
      ...WEBHOOK_EVENTS,
    ]) {
      expect(tag!.description, phrase).toContain(phrase);
    }
  });

  it("documents each event we send under webhooks, signed, with its body", () => {
    const hooks = (doc as Json).webhooks as Json;
    expect(Object.keys(hooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    for (const event of WEBHOOK_EVENTS) {
      const op = hooks[event].post as Json;
      const header = (op.parameters as Json[]).find((p) => p.name === SIGNATURE_HEADER);
      expect(header, event).toMatchObject({ in: "header", required: true });
      const body = deref(op.requestBody.content["application/json"].schema);
      expect(Object.keys(body.properties), event).toEqual(["id", "event", "occurred_at", "data"]);
      expect(body.properties.event.enum, event).toEqual([event]);
    }
  });
});

describe("the /docs page's view of the document", () => {
  const view = referenceView(doc);

  it("lists every operation under its tag, with a curl example", () => {
    expect(view.tags.map((t) => t.name)).toEqual(TAGS.map((t) => t.name));
    const ops = view.tags.flatMap((t) => t.operations);
    expect(ops.map((o) => o.id).sort()).toEqual(ENDPOINTS.map((e) => e.operationId).sort());
    for (const op of ops) expect(op.curl).toMatch(/^curl .*\$BASE_URL\/api_v2\//);
    const invite = ops.find((o) => o.id === "inviteUser")!;
    expect(invite.body?.wrapperKey).toBe("user");
    expect(invite.body?.fields.filter((f) => f.required).map((f) => f.name)).toEqual(
      expect.arrayContaining(["type", "first_name", "last_name", "email", "phone"]),
    );
    expect(invite.privatePoolOnly).toBe(true);
    expect(view.errors.map((e) => e.code).sort()).toEqual([...ERROR_CODES].sort());
  });
});

describe("the response schemas", () => {
  const at = new Date("2026-11-21T09:13:00.123Z");
  const user: UserRow = {
    id: 42,
    companyId: 1,
    type: "Worker",
    externalId: "wonolotest1",
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    phone: "+14155555555",
    gender: null,
    dob: "1990-12-10",
    address: null,
    addressState: "",
    city: "San Francisco",
    zip: "94111",
    homeLatitude: "37.7952000",
    homeLongitude: "-122.4028000",
    latitude: null,
    longitude: null,
    zipLatitude: null,
    zipLongitude: null,
    avatarUrl: null,
    logoUrl: null,
    workplaceImageUrl: null,
    businessName: null,
    drugTested: "",
    rating: "4.50",
    referredBy: "",
    ssn: "",
    suspended: false,
    suspendedUntil: null,
    agreedToTerms: null,
    lowerPool: null,
    lowerPoolUntil: null,
    onboardingApptTime: at,
    trackingCode: null,
    w2AddressState: null,
    w2EmployeeId: "",
    w2OnboardingCompleted: null,
    w2OnboardingStarted: at,
    w2OnboardingStatus: "",
    createdAt: at,
    updatedAt: at,
    version: 3,
    searchText: null,
    passwordHash: null,
    invitationExpiresAt: null,
    role: null,
    title: null,
    lastSignInAt: null,
    suspendedAt: null,
    totpSecret: null,
    totpEnabledAt: null,
    totpLastStep: null,
    totpRecoveryHashes: null,
  };
  const held: UserBadgeRow = { id: 7, userId: 42, badgeId: 12, createdAt: at };
  // The private pool owning the worker: it reads the SSN and date of birth.
  const owner: Caller = { apiKeyId: 1, companyId: 1, companyName: "Acme", pool: "private" };

  it("describe serializeUser's output: every field, in its order", () => {
    const json = serializeUser(user, [held], owner);
    expect(Object.keys(userSchema.shape)).toEqual(Object.keys(json));
    expect(userSchema.parse(json)).toEqual(json);
  });

  it("describe the badge, job and job request serializers", () => {
    const badge = serializeBadge({
      id: 12,
      companyId: 1,
      name: "Forklift",
      description: "Certified",
      infoUrl: null,
      iconUrl: null,
      isSoft: false,
      createdAt: at,
      updatedAt: at,
      searchText: "forklift",
    });
    expect(Object.keys(badgeSchema.shape)).toEqual(Object.keys(badge));
    expect(badgeSchema.parse(badge)).toEqual(badge);
    const requestRow: JobRequestRow = {
      id: 3,
      companyId: 1,
      employerId: null,
      name: "Warehouse shift",
      state: "posted",
      category: "Fulfillment / Warehousing",
      description: "Tasks: Pick and pack.",
      descriptionTasks: "Pick and pack.",
      descriptionCompany: null,
      descriptionTravel: null,
      descriptionSkills: null,
      descriptionContact: null,
      descriptionArrival: null,
      slots: 2,
      startTime: at,
      duration: 480,
      timezone: "America/Los_Angeles",
      wage: "160.00",
      classification: "w2",
      w2HourlyRate: "18.50",
      venue: "Dock 4",
      address: "500 Terry A Francois Blvd",
      city: "San Francisco",
      addressState: "CA",
      zip: "94158",
      country: "US",
      latitude: "37.7706000",
      longitude: "-122.3872000",
      preferredCandidateIds: [42],
      banList: [],
      notificationDistance: 25,
      openRequest: false,
      multiDay: false,
      multiDayJobRequestId: null,
      pushAllNotificationsAsap: false,
      usePendingState: false,
      can: null,
      agentCode: null,
      organizationalPath: null,
      flagColor: null,
      postedAt: at,
      notificationsResentAt: null,
      createdAt: at,
      updatedAt: at,
      searchText: "warehouse shift",
    };
    for (const jr of [
      serializeJobRequest(requestRow, {
        badges: [
          {
            id: 1,
            badge_id: 12,
            badge_name: "Forklift",
            badge_icon_url: null,
            badge_description: "Certified",
          },
        ],
        jobStates: { filled: 1, cancelled: 1 },
      }),
      // A draft: nearly everything unset.
      serializeJobRequest(
        {
          ...requestRow,
          state: "draft",
          category: null,
          description: null,
          descriptionTasks: null,
          startTime: null,
          duration: null,
          wage: null,
          classification: "1099",
          w2HourlyRate: null,
          latitude: null,
          longitude: null,
          addressState: null,
          postedAt: null,
        },
        { badges: [], jobStates: {} },
      ),
    ]) {
      expect(Object.keys(jobRequestSchema.shape)).toEqual(Object.keys(jr));
      expect(jobRequestSchema.parse(jr)).toEqual(jr);
      expect(jobRequestEnvelopeSchema.parse({ job_request: jr })).toEqual({ job_request: jr });
    }

    const jobRow: JobRow = {
      id: 5,
      companyId: 1,
      jobRequestId: 3,
      userId: 42,
      state: "approved",
      requestorNotes: "Great work",
      confirmedAt: at,
      startedAt: at,
      completedAt: at,
      finishedAt: at,
      approvedAt: at,
      cancelledAt: null,
      cancelledReason: null,
      actualDuration: 450,
      rating: 5,
      adjustedWage: null,
      w2PaymentRef: null,
      w2PayStatus: null,
      createdAt: at,
      updatedAt: at,
    };
    const employer = {
      id: null,
      type: "Employer",
      first_name: null,
      last_name: null,
      email: null,
      phone: null,
      business_name: "Acme",
      customer_id: 1,
      role: "requestor" as const,
    };
    const transition = (id: number, name: string, fromState: string | null) => ({
      id,
      jobId: 5,
      name,
      fromState,
      actor: "requestor" as const,
      actorUserId: null,
      latitude: null,
      longitude: null,
      createdAt: at,
    });
    for (const job of [
      serializeJob(jobRow, {
        worker: serializeUser(user, [held], owner),
        employer,
        request: { classification: "w2", w2HourlyRate: "18.50" },
        transitions: [
          transition(1, "filled", null),
          {
            ...transition(2, "in_progress", "filled"),
            latitude: "37.7706",
            longitude: "-122.3872",
          },
          transition(3, "completed", "in_progress"),
          transition(4, "approved", "completed"),
        ],
      }),
      // What a public-pool key sees of an old job, and a webhook's cancelled one.
      serializeJob(
        {
          ...jobRow,
          state: "cancelled",
          cancelledAt: at,
          cancelledReason: "admin_cancelled",
          rating: null,
        },
        { worker: null, employer, request: undefined, transitions: [] },
      ),
      serializeJob(jobRow, {
        worker: serializeUser(user, [held], null),
        employer,
        request: { classification: "1099", w2HourlyRate: null },
        transitions: [],
      }),
    ]) {
      expect(Object.keys(jobSchema.shape)).toEqual(Object.keys(job));
      expect(jobSchema.parse(job)).toEqual(job);
      expect(jobEnvelopeSchema.parse({ job })).toEqual({ job });
      // The job's event: previous_state null when the job was just created.
      for (const previous_state of [null, "completed"]) {
        const event = {
          id: "0b6f2f0e-4c8e-4f7a-9a55-0f8f3c1b2a9d",
          event: "job.state_changed",
          occurred_at: at.toISOString(),
          data: { job, previous_state },
        };
        expect(webhookEventSchema.parse(event)).toEqual(event);
      }
    }
    const jr = serializeJobRequest(requestRow, { badges: [], jobStates: {} });
    const requestEvent = {
      id: "0b6f2f0e-4c8e-4f7a-9a55-0f8f3c1b2a9e",
      event: "job_request.state_changed",
      occurred_at: at.toISOString(),
      data: { job_request: jr, previous_state: "draft" },
    };
    expect(webhookEventSchema.parse(requestEvent)).toEqual(requestEvent);
  });

  it("describe the candidates page", () => {
    const page = {
      candidates: [
        {
          rank: 1,
          distance_km: 1.234,
          distance_miles: 0.767,
          coordinates: "current",
          approximate_location: false,
          zip_centre: null,
          preferred: true,
          badges_matched: [{ badge_id: "12", name: "Forklift" }],
          worker: serializeUser(user, [held], owner),
        },
        {
          rank: 2,
          distance_km: null,
          distance_miles: null,
          coordinates: null,
          approximate_location: false,
          zip_centre: null,
          preferred: false,
          badges_matched: [],
          worker: serializeUser(
            { ...user, id: 43, homeLatitude: null, homeLongitude: null },
            [],
            owner,
          ),
        },
      ],
      job_request_id: 3,
      site: { latitude: 37.7706, longitude: -122.3872 },
      page: 1,
      per: 50,
      has_more: false,
    };
    expect(candidateListSchema.parse(page)).toEqual(page);
    expect(candidateListSchema.parse({ ...page, site: null, candidates: [] }).site).toBeNull();
  });

  it("describe serializeWebhook's output, for some events or all", () => {
    const row = {
      id: 3,
      companyId: 1,
      url: "https://example.com/hooks",
      events: ["user.invited"],
      apiKeyId: 9,
      createdAt: at,
    };
    for (const hook of [
      serializeWebhook(row, "pk_test_abc"),
      serializeWebhook({ ...row, events: [], apiKeyId: null }, null),
    ]) {
      expect(Object.keys(webhookSchema.shape)).toEqual(Object.keys(hook));
      expect(webhookSchema.parse(hook)).toEqual(hook);
    }
  });

  it("describe the message serializer, and mark our fields of it", () => {
    const party = (id: number, type: string) => ({ id, type, firstName: "Ana", lastName: "Ruiz" });
    const message = serializeMessage(
      {
        id: 12,
        companyId: 1,
        jobId: 34,
        jobRequestId: 5,
        senderId: 7,
        receiverId: 42,
        senderType: "Employer",
        body: "Gate code is 4412",
        imageUrl: null,
        readAt: null,
        actorUserId: 7,
        createdAt: at,
        updatedAt: at,
      },
      party(7, "Employer"),
      party(42, "Worker"),
    );
    expect(Object.keys(messageSchema.shape)).toEqual(Object.keys(message));
    expect(messageSchema.parse(message)).toEqual(message);
    const props = (deref({ $ref: "#/components/schemas/Message" }) as Json).properties as Json;
    expect(
      Object.entries(props)
        .filter(([, p]) => (p as Json)["x-addition"] === true)
        .map(([k]) => k),
    ).toEqual(["job_request_id", "sender", "receiver"]);
  });

  it("describe the event bodies, and refuse one whose data does not fit its event", () => {
    const body = {
      id: "0b6f2f0e-4c8e-4f7a-9a55-0f8f3c1b2a9d",
      event: "user.invited",
      occurred_at: at.toISOString(),
      data: { user: serializeUser(user, [held], null) },
    };
    expect(webhookEventSchema.parse(body)).toEqual(body);
    expect(webhookEventSchema.safeParse({ ...body, event: "user.updated" }).success).toBe(false);
  });
});

/**
 * Which methods each route file implements, asked of the route itself: every method is
 * exported (methods() answers the others with a 405), so each is called for real and any
 * 405 marks a method the route does not implement.
 */
describe("every route under app/api_v2", () => {
  const apiDir = path.join(process.cwd(), "app", "api_v2");
  const routes: { urlPath: string; file: string }[] = [];
  const walk = (dir: string, segs: string[]) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        // The catch-all ([...path] or [[...path]]) is the JSON 404 for unknown paths.
        if (/^\[\[?\.\.\./.test(entry.name)) continue;
        const seg = entry.name.replace(/^\[(\w+)\]$/, "{$1}");
        walk(path.join(dir, entry.name), [...segs, seg]);
      } else if (entry.name === "route.ts") {
        routes.push({
          urlPath: `/api_v2${segs.map((s) => `/${s}`).join("")}`,
          file: path.join(dir, entry.name),
        });
      }
    }
  };
  walk(apiDir, []);

  let database: Database | undefined;
  beforeAll(async () => {
    database = await openDatabase({ kind: "embedded", dataDir: null });
    setDatabase(database);
  });
  afterAll(async () => {
    setDatabase(undefined);
    await database?.close();
  });

  async function implementedMethods(file: string, urlPath: string): Promise<string[]> {
    const mod = (await import(pathToFileURL(file).href)) as Record<string, RouteHandler>;
    const url = `https://api.test${urlPath.replace(/\{\w+\}/g, "1")}`;
    const out: string[] = [];
    for (const method of METHODS) {
      const handler = mod[method];
      expect(handler, `${file} exports ${method}`).toBeTypeOf("function");
      const res = await handler!(new Request(url, { method }), {
        params: Promise.resolve({ id: "1" }),
      });
      if (res.status !== 405) out.push(method);
    }
    return out;
  }

  it("finds the route files", () => {
    expect(routes.map((r) => r.urlPath)).toEqual(
      expect.arrayContaining(["/api_v2/users/{id}", "/api_v2/openapi.json"]),
    );
  });

  it("is documented with every method it implements, and no other", async () => {
    const paths = Object.keys(doc.paths ?? {}).sort();
    expect(paths).toEqual(routes.map((r) => r.urlPath).sort());
    for (const { urlPath, file } of routes) {
      const implemented = await implementedMethods(file, urlPath);
      expect(implemented.length, urlPath).toBeGreaterThan(0);
      const item = (doc.paths?.[urlPath] ?? {}) as Json;
      const documented = Object.keys(item).map((m) => m.toUpperCase());
      for (const m of implemented) expect(documented, `${m} ${urlPath}`).toContain(m);
      // A documented method that is not implemented must be documented as exactly that: a
      // 405 that says where to go (POST /users → /users/invite).
      for (const m of documented.filter((d) => !implemented.includes(d))) {
        const statuses = Object.keys(item[m.toLowerCase()].responses);
        expect(statuses, `${m} ${urlPath} answers 405`).toContain("405");
        expect(
          statuses.some((s) => s.startsWith("2")),
          `${m} ${urlPath}`,
        ).toBe(false);
      }
    }
  });
});

describe("the document's prose", () => {
  // The fuzz suites refuse any answer that looks like internals (a stack frame such as
  // "at fn (", a source path): /docs and openapi.json must never read like one.
  it("never reads like a stack trace or a source path", () => {
    expect(internalsIn(JSON.stringify(doc))).toBeNull();
  });
});
