import fc from "fast-check";
import type { OpenApiDocument } from "@/lib/api-v2/openapi/openapi-document";
import { DEFAULT_JOB_CATEGORIES } from "@/lib/db/schema";
import { WEBHOOK_EVENTS } from "@/lib/schemas/webhook";
import {
  BROKEN_JSON,
  deepText,
  formText,
  headerSafe,
  hostileJson,
  hostileNumber,
  hostileString,
  INVALID_UTF8,
  multipart,
  NUMERIC_STRINGS,
  objectText,
  PATH_SEGMENTS,
  POLLUTERS,
  PROTO_KEYS,
} from "./hostile";

/**
 * Requests to API v2 for the fuzz test, generated from the OpenAPI document: every documented
 * operation with bodies derived from its request schema and then mutated, query strings from
 * its parameters, path ids real and hostile, tokens good and bad in every place a token may
 * go, odd headers and content types; plus methods a path does not document, HEAD, and paths
 * that exist nowhere.
 */

type Json = Record<string, unknown>;
/** The parts of the document's schemas and operations read here. */
type Schema = {
  $ref?: string;
  anyOf?: Schema[];
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  maxLength?: number;
};
type Operation = {
  operationId?: string;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  parameters?: { in?: string; name?: string; schema?: Schema }[];
  responses?: unknown;
};
type KeyPair = { api_key: string; secret_key: string };

/** What the fuzzed database holds, so that some requests get past authentication and lookup. */
export type World = {
  tokens: {
    private: string[];
    public: string[];
    /** Another company's. */
    foreign: string[];
    expired: string[];
    revoked: string[];
  };
  keyPairs: { valid: KeyPair[]; revoked: KeyPair[] };
  /** Ids by the first path segment after /api_v2 ("users", "badges", "jobs", "job_requests", …). */
  ids: Record<string, { own: number[]; foreign: number[] }>;
  /** The companies' ids: the caller's own first (filters such as company_id name them). */
  companies?: number[];
  invitationTokens: string[];
  /** The methods each route file exports, by the document's path ("/api_v2/users/{id}"). */
  exported: Map<string, string[]>;
};

export type FuzzRequest = {
  method: string;
  /** Path with its segments already percent-encoded (never a raw "/" inside a segment). */
  path: string;
  /** Raw query string, without "?". */
  query: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  scheme: "https" | "http";
  /** The hostile things this request carries, for the summary. */
  tags: string[];
};

const utf8 = new TextEncoder();
let freshSeq = 0;
const stamp = `${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}`;
/** A value no other request used: e-mails, phones, names that must be unique. */
const fresh = () => ++freshSeq;
const freshPhone = () => `+1415${String(2_000_000 + ((process.pid * 7919 + fresh()) % 7_999_999))}`;

/** Lone surrogates cannot be percent-encoded: they become U+FFFD, as a browser would send them. */
const wellFormed = (s: string) =>
  s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
const enc = (s: string) => encodeURIComponent(wellFormed(s));

const pick = <T>(xs: readonly T[]): fc.Arbitrary<T> => fc.constantFrom(...xs);
const maybeEmpty = <T>(xs: T[], fallback: T): T[] => (xs.length > 0 ? xs : [fallback]);

/** Resolves a local `$ref` of the document. */
function deref(doc: OpenApiDocument, node: Schema): Schema {
  let cur: Schema | undefined = node;
  for (let i = 0; i < 10 && typeof cur?.$ref === "string"; i++) {
    let at: unknown = doc;
    for (const key of cur.$ref.replace(/^#\//, "").split("/"))
      at = (at as Json | undefined)?.[key.replace(/~1/g, "/").replace(/~0/g, "~")];
    cur = at as Schema | undefined;
  }
  return cur ?? {};
}

type BodySpec = {
  properties: Record<string, Schema>;
  required: string[];
  /** The resource key the fields may be sent under ({"user": {...}}). */
  wrapper?: string;
};

/** The request body's fields as the document gives them (both shapes: top level or wrapped). */
export function bodySpecOf(doc: OpenApiDocument, op: Operation): BodySpec | null {
  const content = op.requestBody?.content;
  const media = content?.["application/json"] ?? content?.["application/x-www-form-urlencoded"];
  if (!media?.schema) return null;
  let schema = deref(doc, media.schema);
  let wrapper: string | undefined;
  if (Array.isArray(schema.anyOf)) {
    // The fields themselves come first; the wrapped shape is the object whose one (required)
    // property holds them. The fields may have required ones of their own ({worker_id, …}).
    const [fields, ...others] = schema.anyOf.map((s) => deref(doc, s));
    const wrapped = others.find(
      (s) => s.required?.length === 1 && Object.keys(s.properties ?? {}).length === 1,
    );
    wrapper = wrapped?.required?.[0];
    schema = fields ?? {};
  }
  return { properties: schema.properties ?? {}, required: schema.required ?? [], wrapper };
}

const types = (schema: Schema): string[] => {
  if (Array.isArray(schema.anyOf)) return schema.anyOf.flatMap(types);
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
};

const isoTimes = [
  "2026-11-21T09:13:00.123+00:00",
  "2026-11-21T09:13:00Z",
  "2026-11-21",
  "2026-11-21 09:13",
  "2030-01-01T00:00:00-07:00",
];
/** Dates and times at the edges of what JavaScript, ISO 8601 and PostgreSQL each accept. */
const EDGE_TIMES = [
  "0000-01-01",
  "0000-01-01T00:00:00Z",
  "0001-01-01T00:00:00Z",
  "0099-12-31",
  "1969-12-31T23:59:59.999-00:01",
  "1970-01-01T00:00:00+14:00",
  "9999-12-31T23:59:59.999Z",
  "9999-12-31T23:59:59.999-14:00",
  "2026-02-29",
  "2024-02-29",
  "2026-02-30",
  "2026-11-21T24:00:00Z",
  "2026-11-21T23:59:60Z",
  "2026-11-21T09:13:00.123456789Z",
  "2026-11-21T09:13:00+2400",
  "2026-11-21t09:13:00z",
  "+275760-09-13T00:00:00.000Z",
  "-000001-01-01T00:00:00Z",
  "20261121",
  "2026-W47",
  "now",
  "infinity",
  "epoch",
];

/** Ids that no row can have, written every way a client might. */
const hostileId = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    pick([0, -1, 1.5, 2147483647, 2147483648, 9999999999, 1e21, Number.MAX_SAFE_INTEGER + 2]),
    pick([
      "0",
      "-1",
      "2147483648",
      "9999999999",
      "99999999999999999999",
      "1e3",
      "0x10",
      " 7 ",
      "",
      "٣",
    ]),
  );

/** Categories: the company's own (the defaults), and names a company does not have. */
const CATEGORIES = [...DEFAULT_JOB_CATEGORIES];
const OTHER_CATEGORIES = ["Space Walking", "general labor", "General Labor ", "Dock work"];

/**
 * Ids of a resource as a body or query names them: mostly the caller's own, sometimes another
 * company's (which must be refused as if they did not exist), sometimes ones no row can have.
 */
function idOf(world: World, resource: string): fc.Arbitrary<unknown> {
  const ids = world.ids[resource] ?? { own: [], foreign: [] };
  return fc.oneof(
    { weight: ids.own.length ? 6 : 0, arbitrary: pick(maybeEmpty(ids.own, 1)) },
    { weight: ids.foreign.length ? 2 : 0, arbitrary: pick(maybeEmpty(ids.foreign, 1)) },
    { weight: 1, arbitrary: pick(maybeEmpty(ids.own, 1)).map(String) },
    { weight: 1, arbitrary: hostileId() },
  );
}

/**
 * Mostly valid values, and now and then one at or just past a documented bound (the bounds are
 * where off-by-one and overflow bugs live; wholly hostile values come from `fieldValue`).
 */
const edged = <T>(valid: fc.Arbitrary<T>, edges: readonly unknown[]): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 12, arbitrary: valid }, { weight: 1, arbitrary: pick(edges) });

/** The job request's and the job's fields, by name (the schema alone says too little). */
function jobField(name: string, world: World): fc.Arbitrary<unknown> | null {
  const badges = maybeEmpty(world.ids.badges?.own ?? [], 1);
  const text = (valid: string[], max: number) =>
    edged(pick(valid), ["x".repeat(max), "x".repeat(max + 1), "", null]);
  switch (name) {
    case "request_name":
      return edged(
        fc.oneof(
          fc.constant(0).map(() => `Fuzz shift ${stamp} ${fresh()}`),
          pick(["Warehouse pick/pack AM", "Löwenbräu tasting", "李's shift"]),
        ),
        ["x".repeat(255), "x".repeat(256), "", "   "],
      );
    case "category":
      return edged(pick(CATEGORIES), OTHER_CATEGORIES);
    case "slots":
      return edged(fc.integer({ min: 1, max: 6 }), [0, 500, 501, "3", 2.5]);
    case "duration":
      return edged(fc.integer({ min: 1, max: 720 }), [0, 10_080, 10_081, null, "480"]);
    case "actual_duration":
      return edged(fc.integer({ min: 0, max: 720 }), [-1, 10_080, 10_081, null]);
    case "rating":
      return edged(fc.integer({ min: 1, max: 5 }), [0, 6, null, "5"]);
    case "notification_distance":
      return edged(fc.integer({ min: 1, max: 100 }), [0, 500, 501, null]);
    case "timezone":
      return edged(pick(["America/Los_Angeles", "America/New_York", "UTC", "Asia/Kolkata"]), [
        "Mars/Olympus",
        "utc",
        "+05:00",
        "",
      ]);
    case "start_time":
      return fc.oneof(
        { weight: 4, arbitrary: pick(["2026-12-01 08:00", "2026-12-01T08:00:00-08:00"]) },
        { weight: 2, arbitrary: pick(isoTimes) },
        { weight: 1, arbitrary: pick(EDGE_TIMES) },
        { weight: 1, arbitrary: pick([null, ""]) },
      );
    case "wage":
    case "w2_hourly_rate":
      return edged(
        fc.oneof(
          fc.integer({ min: 0, max: 10_000 }).map((cents) => cents / 100),
          pick(["18.50", "21.5", "160"]),
        ),
        [0, 100_000, 100_000.01, 1.234, -0.01, "1e3", "18,50", null],
      );
    case "zip":
      return text(["94105", "94607", "10001-1234"], 20);
    case "country":
      return edged(pick(["US", "us", "CA"]), ["USA", "U", "1A"]);
    case "address":
    case "city":
    case "venue":
    case "address_state":
      return text(["1 Pier St", "Oakland", "CA", "Dock 3", "Zoë's Café"], 255);
    case "description":
    case "description_tasks":
    case "description_company":
    case "description_travel":
    case "description_skills":
    case "description_contact":
    case "description_arrival":
      return text(["Pick and pack orders", "Lift 50 lb", "Ask for Zoë at gate B"], 10_000);
    case "agent_code":
      return text(["A-1", "Null"], 25);
    case "flag_color":
      return text(["red", "#ff0000"], 32);
    case "requestor_notes":
      return text(["Bring boots", "Gate code 1234"], 2_000);
    case "can":
    case "organizational_path":
      return text(["West/Oakland", "ops"], 255);
    case "worker_id":
      return idOf(world, "users");
    case "job_request_id":
    case "multi_day_job_request_id":
      return idOf(world, "job_requests");
    case "employer_id":
      return fc.oneof(idOf(world, "users"), fc.constant(null));
    case "preferred_candidate_ids":
    case "ban_list":
      return edged(fc.array(idOf(world, "users"), { maxLength: 3 }), [
        "1,2",
        [[1]],
        Array.from({ length: 101 }, (_, i) => i + 1),
      ]);
    case "badge_requirements_attributes":
      return fc.array(
        fc.oneof(
          { weight: 4, arbitrary: pick(badges).map((badge_id) => ({ badge_id })) },
          { weight: 2, arbitrary: pick(badges).map((b) => ({ badge_id: b, _destroy: true })) },
          {
            weight: 1,
            arbitrary: fc.integer({ min: 1, max: 50 }).map((id) => ({ id, _destroy: "1" })),
          },
          { weight: 1, arbitrary: idOf(world, "badges").map((badge_id) => ({ badge_id })) },
          { weight: 1, arbitrary: fc.constant({}) },
        ),
        { maxLength: 3 },
      );
    case "open_request":
    case "multi_day":
    case "use_pending_state":
      return fc.oneof(fc.boolean(), pick(["true", "false", "1", "0"]));
    case "push_all_notifications_asap":
      return fc.oneof(fc.boolean(), pick(["on", "off", "1", "0"]));
  }
  return null;
}

/** A valid value of a body field: by its name where the schema cannot say (phones, ids). */
function validField(name: string, schema: Schema, world: World): fc.Arbitrary<unknown> {
  const badges = maybeEmpty(world.ids.badges?.own ?? [], 1);
  const job = jobField(name, world);
  if (job) return job;
  switch (name) {
    case "email":
      return fc.constant(0).map(() => `fuzz.${stamp}.${fresh()}@example.com`);
    case "phone":
      return fc.constant(0).map(freshPhone);
    case "type":
      return fc.constant("Worker");
    case "first_name":
    case "last_name":
      return pick(["Ada", "Grace", "José", "Zoë", "O'Brien", "Nguyễn", "李"]);
    case "external_id":
      return fc.oneof(
        fc.constant(0).map(() => `ext-${stamp}-${fresh()}`),
        fc.constant(0).map(() => fresh() + 1_000_000),
      );
    case "latitude":
    case "home_latitude":
      return fc.oneof(
        fc.integer({ min: -900_000, max: 900_000 }).map((n) => (n / 10_000).toFixed(4)),
        fc.integer({ min: -90, max: 90 }),
      );
    case "longitude":
    case "home_longitude":
      return fc.oneof(
        fc.integer({ min: -1_800_000, max: 1_800_000 }).map((n) => (n / 10_000).toFixed(4)),
        fc.integer({ min: -180, max: 180 }),
      );
    case "dob":
      return fc.oneof(
        { weight: 3, arbitrary: pick(["1990-05-17", "2000-02-29", "1970-01-01"]) },
        { weight: 1, arbitrary: pick(EDGE_TIMES) },
      );
    case "suspended":
    case "lower_pool":
    case "is_soft":
      return fc.oneof(fc.boolean(), pick(["true", "false", "1", "0"]));
    case "user_badges_attributes":
      return fc.oneof(
        {
          weight: 3,
          arbitrary: fc.array(
            fc.oneof(
              { weight: 3, arbitrary: pick(badges).map((b) => ({ badge_id: String(b) })) },
              { weight: 2, arbitrary: pick(badges).map((b) => ({ badge_id: b, _destroy: true })) },
              {
                weight: 2,
                arbitrary: fc.integer({ min: 1, max: 50 }).map((id) => ({ id, _destroy: "1" })),
              },
              { weight: 1, arbitrary: hostileId().map((badge_id) => ({ badge_id })) },
              { weight: 1, arbitrary: hostileId().map((id) => ({ id, _destroy: true })) },
              {
                weight: 1,
                arbitrary: fc
                  .tuple(hostileId(), pick([true, false, "1", 1, "yes", null]))
                  .map(([id, _destroy]) => ({ id, badge_id: id, _destroy })),
              },
            ),
            { maxLength: 3 },
          ),
        },
        // The Rails spelling: an object keyed by index.
        {
          weight: 1,
          arbitrary: fc
            .array(fc.oneof(pick(badges), hostileId()), { maxLength: 3 })
            .map((ids) => Object.fromEntries(ids.map((b, i) => [String(i), { badge_id: b }]))),
        },
      );
    case "user_badges":
      return fc.array(
        fc.oneof(
          pick(badges),
          pick(badges).map(String),
          pick(badges).map((b) => ({ badge_id: String(b) })),
          hostileId(),
          hostileId().map((badge_id) => ({ badge_id })),
        ),
        { maxLength: 3 },
      );
    case "name":
      return fc.constant(0).map(() => `Fuzz badge ${stamp} ${fresh()}`);
    case "url":
      return fc.constant(0).map(() => `https://hooks.example.com/${stamp}/${fresh()}`);
    case "events":
      return fc.subarray([...WEBHOOK_EVENTS]);
    case "token":
      return fc.oneof(
        pick(maybeEmpty(world.invitationTokens, "x".repeat(43))),
        fc.string({ minLength: 20, maxLength: 60 }),
      );
    case "password":
      return pick(["correct horse battery", "12345678", "p".repeat(200)]);
    case "api_key":
      return pick(world.keyPairs.valid.map((k) => k.api_key));
    case "secret_key":
      return pick(world.keyPairs.valid.map((k) => k.secret_key));
  }
  if (/_url$/.test(name)) return pick(["https://example.com/a.png", "http://example.com/", ""]);
  if (/_until$|_time$|^w2_onboarding_(completed|started)$/.test(name))
    return fc.oneof(
      { weight: 3, arbitrary: pick(isoTimes) },
      { weight: 2, arbitrary: pick(EDGE_TIMES) },
      { weight: 1, arbitrary: fc.constant(null) },
    );
  const t = types(schema);
  if (Array.isArray(schema.enum)) return pick(schema.enum);
  if (t.includes("string")) {
    const max = Math.min(typeof schema.maxLength === "number" ? schema.maxLength : 40, 40);
    return fc.string({ minLength: Math.min(1, max), maxLength: max });
  }
  if (t.includes("boolean")) return fc.boolean();
  if (t.includes("integer") || t.includes("number")) return fc.integer({ min: 0, max: 100 });
  if (t.includes("array")) return fc.constant([]);
  return fc.constant(null);
}

/** A value of another type than the field's: numbers for strings, strings for numbers, … */
function wrongType(schema: Schema): fc.Arbitrary<unknown> {
  const t = types(schema);
  const options: fc.Arbitrary<unknown>[] = [fc.constant(null)];
  if (t.includes("string")) options.push(hostileNumber(), fc.boolean(), fc.constant(["a"]));
  if (t.includes("number") || t.includes("integer"))
    options.push(pick(NUMERIC_STRINGS), fc.boolean());
  if (t.includes("boolean"))
    options.push(pick(["yes", "no", "TRUE", " true", "2", ""]), pick([2, -1]));
  if (t.includes("array")) options.push(fc.constant({ 0: { badge_id: "1" } }), pick(["1,2", "[]"]));
  if (t.includes("object") || t.length === 0) options.push(fc.constant([]), fc.constant("{}"));
  options.push(fc.constant({}), fc.constant([[[]]]), fc.constant({ nested: { deeper: [1] } }));
  return fc.oneof(...options);
}

function fieldValue(name: string, schema: Schema, world: World): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: validField(name, schema, world) },
    { weight: 3, arbitrary: wrongType(schema) },
    { weight: 3, arbitrary: hostileString() },
    { weight: 1, arbitrary: hostileNumber() },
    { weight: 1, arbitrary: hostileJson() },
  );
}

/**
 * Fields every seed of the operation carries though the document lists them as optional (one
 * schema serves POST and PATCH): what a posted job request needs, and its start and time zone,
 * so that calm requests get past the required-field check to the rules behind it (categories,
 * start times read in a zone, badges, candidates notified).
 */
const SEED_FIELDS: Record<string, string[]> = {
  createJobRequest: [
    "state",
    "request_name",
    "category",
    "description_tasks",
    "slots",
    "address",
    "city",
    "zip",
    "start_time",
    "timezone",
  ],
};
/** Operations with many optional fields, where a seed keeps up to four of them. */
const MANY_FIELDS = ["updateUser", "createJobRequest", "updateJobRequest"];

/**
 * A valid body of the operation: its required fields and a few optional ones. Every field's
 * arbitrary is built once; a generated value picks which optional fields to keep.
 */
function seedBody(spec: BodySpec, opId: string, world: World): fc.Arbitrary<Json> {
  if (opId === "authenticate") {
    return fc
      .oneof(
        { weight: 3, arbitrary: pick(world.keyPairs.valid) },
        {
          weight: 1,
          arbitrary: pick(maybeEmpty(world.keyPairs.revoked, world.keyPairs.valid[0]!)),
        },
        {
          weight: 2,
          arbitrary: fc
            .tuple(
              pick(["pk_test_", "pk_live_", "sk_test_", "", "pk_"]),
              fc.string({ maxLength: 70 }),
            )
            .map(([p, s]) => ({ api_key: p + s, secret_key: `sk_test_${s}` })),
        },
      )
      .map((k) => ({ ...k }));
  }
  const names = Object.keys(spec.properties);
  const required = [...spec.required, ...(SEED_FIELDS[opId] ?? [])];
  const optional = names.filter((n) => !required.includes(n));
  const values = fc.record(
    Object.fromEntries(names.map((n) => [n, validField(n, spec.properties[n] ?? {}, world)])),
  );
  const keep = fc.subarray(optional, {
    maxLength: Math.min(optional.length, MANY_FIELDS.includes(opId) ? 4 : 2),
  });
  // Badge changes are where the all-or-nothing rules live: send them often.
  const badgeField = optional.includes("user_badges_attributes")
    ? fc.oneof(
        { weight: 2, arbitrary: fc.constant<string[]>([]) },
        { weight: 1, arbitrary: pick([["user_badges_attributes"], ["user_badges"]]) },
      )
    : fc.constant<string[]>([]);
  return fc.tuple(values, keep, badgeField).map(([all, extra, badge]) => {
    const wanted = [...new Set([...required, ...extra, ...badge])];
    // Coordinates come in pairs, or the body is refused whatever else it holds.
    for (const [a, b] of [
      ["latitude", "longitude"],
      ["home_latitude", "home_longitude"],
    ] as const)
      if (wanted.includes(a) !== wanted.includes(b)) wanted.push(wanted.includes(a) ? b : a);
    return Object.fromEntries(wanted.filter((n) => n in all).map((n) => [n, all[n]]));
  });
}

type Mutation =
  | { kind: "set"; key: string; value: unknown }
  | { kind: "drop"; key: string }
  | { kind: "extra"; key: string; value: unknown };

function mutations(spec: BodySpec, world: World): fc.Arbitrary<Mutation[]> {
  const names = maybeEmpty(Object.keys(spec.properties), "x");
  const set: fc.Arbitrary<Mutation> = fc.oneof(
    ...names.map((key) =>
      fieldValue(key, spec.properties[key] ?? {}, world).map((value) => ({
        kind: "set" as const,
        key,
        value,
      })),
    ),
  );
  const drop: fc.Arbitrary<Mutation> = pick(names).map((key) => ({ kind: "drop" as const, key }));
  const extra: fc.Arbitrary<Mutation> = fc
    .tuple(
      fc.oneof(
        pick([
          "id",
          "updated_at",
          "rating",
          "company_id",
          "pool",
          "user",
          "badge",
          "webhook",
          "job",
          "job_request",
          "user_id",
          "state",
          "cached_job_states",
        ]),
        hostileString(),
      ),
      hostileJson(),
    )
    .map(([key, value]) => ({ kind: "extra" as const, key, value }));
  return fc.array(
    fc.oneof(
      { weight: 5, arbitrary: set },
      { weight: 1, arbitrary: drop },
      { weight: 2, arbitrary: extra },
    ),
    { maxLength: 4 },
  );
}

function applyMutations(base: Json, ms: Mutation[]): Json {
  const out: Json = { ...base };
  for (const m of ms) {
    if (m.kind === "drop") delete out[m.key];
    // defineProperty: a key named "__proto__" becomes a member, as JSON.parse would make it.
    else
      Object.defineProperty(out, m.key, {
        value: m.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return out;
}

type BodyOut = { body?: string | Uint8Array<ArrayBuffer>; contentType?: string; tags: string[] };

const JSON_TYPES = [
  "application/json",
  "application/json",
  "application/json",
  "application/json; charset=utf-8",
  "application/json;charset=UTF-8",
  "application/json; charset=latin1",
  "application/json; charset=utf-16",
  "Application/JSON",
  "application/json ; foo=bar",
  "application/problem+json",
  "application/vnd.api+json; v=2",
];
const OTHER_TYPES = [
  "text/plain",
  "text/json",
  "text/html; charset=utf-8",
  "application/xml",
  "application/octet-stream",
  "application/jsonx",
  "application/json5",
  "*/*",
  ";;;",
  "application/x-www-form-urlencoded; charset=\u00ff",
  "",
];
const FORM_TYPES = [
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded; charset=UTF-8",
];

/**
 * How a body is sent, chosen apart from the body itself (so no arbitrary is built per request):
 * plain JSON, wrapped, with prototype or duplicate keys spliced in, nested 10,000 deep, over
 * 1 MiB, broken, not UTF-8, in the wrong container, or with another content type.
 */
type Plan =
  | { kind: "json" | "wrapped" | "empty" | "no-type" | "multipart"; type: string }
  | { kind: "proto"; type: string; pollute: [string, string][]; inside: boolean }
  | { kind: "dup"; type: string; pick: number; value: unknown; first: boolean }
  | {
      kind: "deep";
      type: string;
      shape: "array" | "object" | "mixed";
      levels: number;
      asField: boolean;
    }
  | { kind: "huge"; type: string; size: number; pick: number }
  | { kind: "broken"; type: string; text: string }
  | { kind: "bytes"; type: string; bytes: number[] }
  | { kind: "container"; type: string; shape: number }
  | { kind: "other-type"; type: string }
  | { kind: "form"; type: string };

function planArb(forForm: boolean): fc.Arbitrary<Plan> {
  const json = pick(JSON_TYPES);
  const simple = (kind: "json" | "wrapped" | "empty") => json.map((type) => ({ kind, type }));
  return fc.oneof(
    { weight: 30, arbitrary: simple("json") },
    { weight: 8, arbitrary: simple("wrapped") },
    {
      weight: 6,
      arbitrary: fc
        .record({
          type: json,
          pollute: fc.subarray(POLLUTERS, { minLength: 1 }),
          inside: fc.boolean(),
        })
        .map((r) => ({ kind: "proto" as const, ...r })),
    },
    {
      weight: 5,
      arbitrary: fc
        .record({ type: json, pick: fc.nat(), value: hostileJson(), first: fc.boolean() })
        .map((r) => ({ kind: "dup" as const, ...r })),
    },
    {
      weight: 3,
      arbitrary: fc
        .record({
          type: json,
          shape: pick(["array", "object", "mixed"] as const),
          levels: pick([100, 1000, 10_000]),
          asField: fc.boolean(),
        })
        .map((r) => ({ kind: "deep" as const, ...r })),
    },
    {
      weight: 2,
      arbitrary: fc
        .record({
          type: json,
          size: pick([900 * 1024, 1024 * 1024 + 1, 1_250_000]),
          pick: fc.nat(),
        })
        .map((r) => ({ kind: "huge" as const, ...r })),
    },
    {
      weight: 4,
      arbitrary: fc
        .record({ type: json, text: pick(BROKEN_JSON) })
        .map((r) => ({ kind: "broken" as const, ...r })),
    },
    {
      weight: 2,
      arbitrary: fc
        .record({ type: json, bytes: pick(INVALID_UTF8) })
        .map((r) => ({ kind: "bytes" as const, ...r })),
    },
    {
      weight: 3,
      arbitrary: fc
        .record({ type: json, shape: fc.nat({ max: 5 }) })
        .map((r) => ({ kind: "container" as const, ...r })),
    },
    { weight: 2, arbitrary: simple("empty") },
    {
      weight: 5,
      arbitrary: pick(OTHER_TYPES).map((type) => ({ kind: "other-type" as const, type })),
    },
    { weight: 2, arbitrary: fc.constant({ kind: "no-type" as const, type: "" }) },
    {
      weight: forForm ? 8 : 2,
      arbitrary: pick(FORM_TYPES).map((type) => ({ kind: "form" as const, type })),
    },
    { weight: 2, arbitrary: fc.constant({ kind: "multipart" as const, type: "" }) },
  );
}

const at = <T>(xs: T[], i: number, fallback: T): T =>
  xs.length > 0 ? xs[i % xs.length]! : fallback;

/** The body as sent, following the plan. */
function render(obj: Json, spec: BodySpec | null, plan: Plan): BodyOut {
  const key = spec?.wrapper ?? "user";
  const keys = Object.keys(obj);
  const json = (body: string | Uint8Array<ArrayBuffer>, tags: string[]): BodyOut => ({
    body,
    contentType: plan.type,
    tags,
  });
  switch (plan.kind) {
    case "json":
      return json(JSON.stringify(obj), []);
    case "wrapped":
      return json(JSON.stringify(spec?.wrapper ? { [key]: obj } : obj), ["wrapped"]);
    case "proto":
      return json(
        plan.inside && spec?.wrapper
          ? `{${JSON.stringify(key)}:${objectText(obj, plan.pollute)}}`
          : objectText(obj, plan.pollute),
        ["proto-keys"],
      );
    case "dup": {
      const dup: [string, string] = [
        at(keys, plan.pick, "email"),
        JSON.stringify(plan.value) ?? "null",
      ];
      return json(plan.first ? objectText(obj, [dup]) : objectText(obj, [], [dup]), [
        "duplicate-keys",
      ]);
    }
    case "deep": {
      const deep = deepText(plan.levels, plan.shape);
      const field = spec?.wrapper ?? keys[0] ?? "a";
      return json(plan.asField ? objectText(obj, [], [[field, deep]]) : deep, [
        `deep-${plan.levels}`,
      ]);
    }
    case "huge":
      return json(
        objectText(obj, [], [[at(keys, plan.pick, "a"), JSON.stringify("x".repeat(plan.size))]]),
        [plan.size > 1024 * 1024 ? "over-1MiB" : "huge"],
      );
    case "broken":
      return json(plan.text, ["broken-json"]);
    case "bytes":
      return json(new Uint8Array(plan.bytes), ["invalid-utf8"]);
    case "container": {
      const shapes = [
        [obj],
        { [key]: [obj] },
        { [key]: JSON.stringify(obj) },
        { [key]: null },
        { [key]: obj, ...obj },
        { data: obj },
      ];
      return json(JSON.stringify(shapes[plan.shape % shapes.length]), ["wrong-container"]);
    }
    case "empty":
      return json("", ["empty-body"]);
    case "other-type":
      return json(JSON.stringify(obj), ["wrong-content-type"]);
    case "no-type":
      return { body: utf8.encode(JSON.stringify(obj)), tags: ["no-content-type"] };
    case "form":
      return json(formText(obj), ["form"]);
    case "multipart": {
      const m = multipart(obj);
      return { body: m.body, contentType: m.type, tags: ["multipart"] };
    }
  }
}

function bodyArb(
  doc: OpenApiDocument,
  op: Operation | undefined,
  world: World,
  calm = false,
): fc.Arbitrary<BodyOut> {
  const spec = op ? bodySpecOf(doc, op) : null;
  const opId = String(op?.operationId ?? "");
  if (calm) {
    if (!spec) return fc.constant<BodyOut>({ tags: [] });
    // A valid body, sent plainly, with at most one field changed (to a valid value mostly).
    const names = maybeEmpty(Object.keys(spec.properties), "x");
    const one = fc.oneof(
      ...names.map((key) =>
        fc
          .oneof(
            { weight: 3, arbitrary: validField(key, spec.properties[key] ?? {}, world) },
            { weight: 1, arbitrary: fieldValue(key, spec.properties[key] ?? {}, world) },
          )
          .map((value): Mutation => ({ kind: "set", key, value })),
      ),
    );
    return fc
      .tuple(
        seedBody(spec, opId, world),
        fc.array(one, { maxLength: 1 }),
        pick(["json", "json", "wrapped"] as const),
      )
      .map(([seed, ms, kind]) =>
        render(applyMutations(seed, ms), spec, { kind, type: "application/json" }),
      );
  }
  if (!spec) {
    // No documented body: usually none, sometimes one anyway.
    return fc.oneof(
      { weight: 6, arbitrary: fc.constant<BodyOut>({ tags: [] }) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(hostileJson(), planArb(false))
          .map(([v, plan]) =>
            render(
              typeof v === "object" && v && !Array.isArray(v) ? (v as Json) : { v },
              null,
              plan,
            ),
          ),
      },
    );
  }
  return fc
    .tuple(seedBody(spec, opId, world), mutations(spec, world), planArb(opId === "authenticate"))
    .map(([seed, ms, plan]) => render(applyMutations(seed, ms), spec, plan));
}

/** Query values: valid ones where the parameter says what is valid, and hostile ones. */
function queryValue(name: string, schema: Schema, world: World): fc.Arbitrary<string> {
  const valid: fc.Arbitrary<string>[] = [];
  if (name === "page" || name === "per") {
    valid.push(fc.integer({ min: 1, max: 60 }).map(String));
    valid.push(
      pick([
        "-1",
        "0",
        "1.5",
        "NaN",
        "1e3",
        "0x10",
        "99999999999999999999",
        "1000001",
        " 1",
        "+1",
        "1,2",
        "٣",
      ]),
    );
  }
  if (Array.isArray(schema.enum)) valid.push(pick(schema.enum.map(String)));
  if (name === "state")
    valid.push(
      pick([
        "filled",
        "posted",
        "filled,in_progress",
        "pending,",
        ",",
        "FILLED",
        "delivered",
        "dead",
        "nope",
      ]),
    );
  if (name === "sort")
    valid.push(pick(["-updated_at", "last_name", "-id", "id", "-", "name", "-password_hash"]));
  if (/^updated_(after|before)$/.test(name))
    valid.push(
      pick([
        ...isoTimes,
        ...EDGE_TIMES,
        "2026-11-21T09:13:00 00:00",
        "yesterday",
        "2026-13-45",
        "0000-00-00",
        "+275760-09-13T00:00:00.000Z",
        "9999-12-31T23:59:59.999Z",
        "1e3",
      ]),
    );
  if (name === "suspended" || name === "drug_tested")
    valid.push(pick(["true", "false", "1", "0", "yes", "TRUE", "true,false"]));
  if (name === "badge_id" || name === "webhook_id") {
    const ids = maybeEmpty(world.ids.badges?.own ?? [], 1);
    valid.push(pick(ids).map(String));
    valid.push(pick(["1,2", "1,,2", " 1 , 2 ", "a", "99999999999", "2147483648", "-1", "1;2"]));
  }
  // The jobs' filters by id: the caller's own, another company's, and not ids at all.
  const idResource: Record<string, string> = {
    job_request_id: "job_requests",
    multi_day_job_request_id: "job_requests",
    worker_id: "users",
  };
  if (name in idResource) {
    const ids = world.ids[idResource[name]!] ?? { own: [], foreign: [] };
    valid.push(pick(maybeEmpty([...ids.own, ...ids.foreign], 1)).map(String));
    valid.push(pick(["0", "-1", "2147483648", "1,2", "1.0", "a"]));
  }
  if (name === "company_id")
    valid.push(pick(maybeEmpty(world.companies ?? [], 1)).map(String), pick(["0", "x", "1e3"]));
  if (name === "w2_hourly_rate")
    valid.push(pick(["18.50", "21.5", "0", "100000", "1.234", "-1", "1e3", "18,50"]));
  if (name === "agent_code") valid.push(pick(["A-1", "Null", "null", "x".repeat(26)]));
  if (name === "category") valid.push(pick([...CATEGORIES, ...OTHER_CATEGORIES]));
  if (name === "zip") valid.push(pick(["94105", "94607", "x".repeat(21)]));
  if (name === "state")
    valid.push(
      pick([
        "draft",
        "unassigned",
        "in_progress,completed",
        "approved",
        "cancelled,no_show",
        "pending",
        "unfilled",
      ]),
    );
  if (name === "q" || name === "query")
    valid.push(
      pick([
        "Ada",
        "ada",
        "415",
        "(415) 555-01",
        "%",
        "_",
        "\\",
        "%_",
        "a%b_c\\d",
        "' or 1=1 --",
        "%%%%",
        "\\%",
        "ext-",
      ]),
    );
  if (name === "email") valid.push(pick(["ada@example.com", "ADA@EXAMPLE.COM ", "a@b"]));
  valid.push(hostileString());
  return fc.oneof(...valid);
}

function queryArb(
  op: Operation | undefined,
  world: World,
): fc.Arbitrary<{ pairs: [string, string][]; tags: string[] }> {
  const params: { name: string; schema: Schema }[] = (op?.parameters ?? [])
    .filter((p) => p.in === "query" && typeof p.name === "string")
    .map((p) => ({ name: p.name as string, schema: p.schema ?? {} }));
  const known = params.length > 0 ? params : [{ name: "page", schema: {} }];
  const one: fc.Arbitrary<{ pair: [string, string][]; tag?: string }> = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.oneof(
        ...known.map((p) =>
          fc
            .tuple(queryValue(p.name, p.schema, world), fc.integer({ min: 1, max: 3 }))
            .map(([v, times]) => ({
              pair: Array.from({ length: times }, () => [p.name, v] as [string, string]),
              tag: times > 1 ? "repeated-param" : undefined,
            })),
        ),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.oneof(pick([...PROTO_KEYS, "token", "page[]", "per[0]", "a.b", ""]), hostileString()),
          hostileString(),
        )
        .map(([k, v]) => ({ pair: [[k, v]] as [string, string][], tag: "odd-param" })),
    },
  );
  return fc.array(one, { maxLength: 4 }).map((xs) => ({
    pairs: xs.flatMap((x) => x.pair),
    tags: xs.flatMap((x) => (x.tag ? [x.tag] : [])),
  }));
}

/** Raw query text: mostly well encoded, sometimes with broken escapes and `+`. */
function encodeQuery(pairs: [string, string][], raw: number): string {
  const parts = pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`);
  if (raw === 1) parts.push("q=%", "x=%zz", "y=%E0%A4%A", "z=%C0%AF");
  if (raw === 2) parts.push("a+b=c+d", "&&", "=", "k=v=w", "flag");
  return parts.join("&");
}

type TokenPlace = "query" | "bearer" | "form" | "both";
type TokenChoice = { value: string | null; kind: string };

function tokenArb(world: World): fc.Arbitrary<TokenChoice> {
  const t = world.tokens;
  const of = (kind: keyof World["tokens"], weight: number) => ({
    weight: t[kind].length > 0 ? weight : 0,
    arbitrary: pick(maybeEmpty(t[kind], "")).map((value) => ({ value, kind })),
  });
  return fc.oneof(
    of("private", 40),
    of("public", 14),
    of("foreign", 8),
    of("expired", 3),
    of("revoked", 3),
    { weight: 6, arbitrary: fc.constant({ value: null, kind: "none" }) },
    {
      weight: 6,
      arbitrary: fc
        .oneof(
          hostileString(),
          pick(["", " ", "null", "a".repeat(4096), "Bearer x", "token", "%00"]),
          pick(maybeEmpty(t.private, "x")).map(
            (s) => `${s.slice(0, -1)}${s.endsWith("A") ? "B" : "A"}`,
          ),
          pick(maybeEmpty(t.private, "x")).map((s) => ` ${s} `),
        )
        .map((value) => ({ value, kind: "garbage" })),
    },
  );
}

const AUTH_GARBAGE = [
  "Bearer",
  "Bearer ",
  "Bearer  ",
  "Basic dXNlcjpwYXNz",
  "Token abc",
  "Bearer a b",
  "Bearer \u00ff\u00fe",
  `Bearer ${"x".repeat(8192)}`,
  "bearer",
  "Bearer\t",
  "Bearer null",
];

function headersArb(
  world: World,
): fc.Arbitrary<{ headers: Record<string, string>; tags: string[] }> {
  const userIds = maybeEmpty(world.ids.users?.own ?? [], 1);
  const entries: fc.Arbitrary<[string, string, string?]>[] = [
    pick(AUTH_GARBAGE).map((v) => ["authorization", v, "garbage-authorization"]),
    fc
      .oneof(
        fc.tuple(pick(userIds), fc.integer({ min: 1, max: 4 })).map(([id, v]) => `"u${id}-v${v}"`),
        pick([
          "*",
          'W/"u1-v1"',
          "garbage",
          '"',
          ",,",
          '"u1-v1", "u2-v3", *',
          `"${"u".repeat(5000)}"`,
          "",
        ]),
      )
      .map((v) => ["if-match", v, "if-match"]),
    fc
      .oneof(
        pick([
          "fuzz-request-0001",
          "x",
          "a b c d e f g h",
          "x".repeat(65),
          "../../../..",
          "ÿÿÿÿÿÿÿÿÿÿ",
          "",
        ]),
        hostileString().map(headerSafe),
      )
      .map((v) => ["x-request-id", v, "x-request-id"]),
    pick(["text/html", "*/*", "application/xml;q=0.9", ",,,", "\u00ff"]).map((v) => ["accept", v]),
    pick(["http", "https", "ftp"]).map((v) => ["x-forwarded-proto", v, "forwarded-proto"]),
    pick(["1.2.3.4", "::1, 10.0.0.1", "garbage"]).map((v) => ["x-forwarded-for", v]),
    pick(["ep_session=garbage", "a=b; __proto__=x", "=".repeat(100)]).map((v) => ["cookie", v]),
    pick(["gzip", "br", "identity;q=0"]).map((v) => ["content-encoding", v, "content-encoding"]),
  ];
  // Every header's value is drawn, then a few of them are sent.
  return fc
    .tuple(
      fc.subarray(
        entries.map((_, i) => i),
        { maxLength: 3 },
      ),
      fc.tuple(...entries),
    )
    .map(([idx, all]) => {
      const hs = idx.map((i) => all[i]!);
      return {
        headers: Object.fromEntries(hs.map(([k, v]) => [k, v])),
        tags: hs.flatMap(([, , tag]) => (tag ? [tag] : [])),
      };
    });
}

function pathSegmentArb(
  template: string,
  world: World,
  calm = false,
): fc.Arbitrary<{ seg: string; tag?: string }> {
  const resource = template.split("/")[2] ?? "";
  const ids = world.ids[resource] ?? { own: [], foreign: [] };
  if (calm) return pick(maybeEmpty(ids.own, 1)).map((n) => ({ seg: String(n) }));
  const all = Object.values(world.ids).flatMap((x) => [...x.own, ...x.foreign]);
  return fc.oneof(
    {
      weight: ids.own.length ? 8 : 0,
      arbitrary: pick(maybeEmpty(ids.own, 1)).map((n) => ({ seg: String(n) })),
    },
    {
      weight: ids.foreign.length ? 2 : 0,
      arbitrary: pick(maybeEmpty(ids.foreign, 1)).map((n) => ({
        seg: String(n),
        tag: "foreign-id",
      })),
    },
    { weight: 1, arbitrary: pick(maybeEmpty(all, 1)).map((n) => ({ seg: String(n) })) },
    { weight: 4, arbitrary: pick(PATH_SEGMENTS).map((seg) => ({ seg, tag: "odd-id" })) },
    { weight: 2, arbitrary: hostileString().map((s) => ({ seg: enc(s) || "%20", tag: "odd-id" })) },
  );
}

type Target = {
  method: string;
  template: string | null;
  /** For paths no route has: the paths to try. */
  paths?: fc.Arbitrary<string>;
  tag?: string;
};

const UNKNOWN_PATHS = [
  "/api_v2",
  "/api_v2/nope",
  "/api_v2/Users",
  "/api_v2/users/1/2",
  "/api_v2/users/1/history/extra",
  "/api_v2/badges/1/users",
  "/api_v2/%00",
  "/api_v2/__proto__",
  "/api_v2/constructor/prototype",
  "/api_v2/users/invite/1",
  "/api_v2/webhook_deliveries/1",
  "/api_v2/jobs/assign/1",
  "/api_v2/jobs/1/assign",
  "/api_v2/job_requests/categories/1",
  "/api_v2/job_requests/1/candidates/1",
  "/api_v2/job_requests/1/jobs",
  "/api_v2/info.json",
  "/api_v2/openapi.yaml",
];

/** Every documented operation, HEAD on each GET, the methods a path does not document, nowhere. */
function targets(doc: OpenApiDocument, world: World): { weight: number; target: Target }[] {
  const out: { weight: number; target: Target }[] = [];
  for (const [template, item] of Object.entries(doc.paths ?? {})) {
    for (const m of Object.keys(item as Json)) {
      const op = (item as Json)[m] as Operation;
      if (!op?.responses) continue;
      const method = m.toUpperCase();
      // Accepting an invitation hashes the password first (scrypt, slow by design): fewer of those.
      const weight =
        op.operationId === "acceptInvitation" ? 4 : op.requestBody ? 24 : method === "GET" ? 12 : 8;
      out.push({ weight, target: { method, template } });
      if (op.requestBody || method === "GET" || method === "DELETE")
        out.push({ weight: op.requestBody ? 12 : 4, target: { method, template, tag: "calm" } });
      if (method === "GET")
        out.push({ weight: 4, target: { method: "HEAD", template, tag: "head" } });
    }
    const documented = Object.keys(item as Json).map((m) => m.toUpperCase());
    const others = (world.exported.get(template) ?? []).filter((m) => !documented.includes(m));
    for (const method of others)
      out.push({
        weight: 1,
        target: { method, template, tag: "undocumented-method" },
      });
  }
  const paths = fc.oneof(
    pick(UNKNOWN_PATHS),
    hostileString().map((s) => `/api_v2/${enc(s) || "%20"}`),
  );
  for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"])
    out.push({ weight: 2, target: { method, template: null, paths, tag: "unknown-path" } });
  return out;
}

/** fast-check prints a failing value: keep megabyte bodies out of that message. */
function withShortPrint(r: FuzzRequest): FuzzRequest {
  const clip = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}…(${s.length} chars)` : s);
  Object.defineProperty(r, fc.toStringMethod, {
    enumerable: false,
    value: () =>
      JSON.stringify({
        ...r,
        path: clip(r.path),
        query: clip(r.query),
        headers: Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, clip(v)])),
        body:
          typeof r.body === "string"
            ? clip(r.body)
            : r.body && `bytes:${clip(Buffer.from(r.body).toString("latin1"))}`,
      }),
  });
  return r;
}

/** One request to API v2. */
export function apiRequestArb(doc: OpenApiDocument, world: World): fc.Arbitrary<FuzzRequest> {
  const shared = {
    token: tokenArb(world),
    place: pick<TokenPlace>(["query", "query", "bearer", "bearer", "form", "both"]),
    headers: headersArb(world),
    rawQuery: fc.oneof({ weight: 12, arbitrary: fc.constant(0) }, fc.constant(1), fc.constant(2)),
    http: fc.oneof({ weight: 30, arbitrary: fc.constant(false) }, fc.constant(true)),
  };
  const calm = calmShared(world);
  // One arbitrary per target, built once; the run picks among them by weight.
  return fc.oneof(
    ...targets(doc, world).map(({ weight, target }) => ({
      weight,
      arbitrary: requestArb(doc, world, target, target.tag === "calm" ? calm : shared),
    })),
  );
}

type Shared = {
  token: fc.Arbitrary<TokenChoice>;
  place: fc.Arbitrary<TokenPlace>;
  headers: fc.Arbitrary<{ headers: Record<string, string>; tags: string[] }>;
  rawQuery: fc.Arbitrary<number>;
  http: fc.Arbitrary<boolean>;
};

/**
 * The same, calm: a good token in a plain place, an id of the caller's own, a valid body with
 * at most one field changed. Hostile requests mostly stop at the door; these get to the rules
 * behind it (duplicate badges, If-Match, uniqueness, coordinate pairs) with odd values there.
 */
function calmShared(world: World): Shared {
  const userIds = maybeEmpty(world.ids.users?.own ?? [], 1);
  return {
    token: fc.oneof(
      {
        weight: 5,
        arbitrary: pick(world.tokens.private).map((value) => ({ value, kind: "private" })),
      },
      {
        weight: 1,
        arbitrary: pick(world.tokens.public).map((value) => ({ value, kind: "public" })),
      },
    ),
    place: pick<TokenPlace>(["query", "bearer"]),
    headers: fc.oneof(
      {
        weight: 3,
        arbitrary: fc.constant<{ headers: Record<string, string>; tags: string[] }>({
          headers: {},
          tags: [],
        }),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(pick(userIds), fc.integer({ min: 1, max: 6 })).map(([id, v]) => ({
          headers: { "if-match": `"u${id}-v${v}"` } as Record<string, string>,
          tags: ["if-match"],
        })),
      },
    ),
    rawQuery: fc.constant(0),
    http: fc.constant(false),
  };
}

function requestArb(
  doc: OpenApiDocument,
  world: World,
  target: Target,
  shared: Shared,
): fc.Arbitrary<FuzzRequest> {
  const calm = target.tag === "calm";
  {
    const op = target.template
      ? ((doc.paths?.[target.template] as Record<string, Operation> | undefined)?.[
          target.method === "HEAD" ? "get" : target.method.toLowerCase()
        ] as Operation | undefined)
      : undefined;
    const hasBody = target.method !== "GET" && target.method !== "HEAD";
    const path: fc.Arbitrary<{ path: string; tags: string[] }> =
      target.paths !== undefined
        ? target.paths.map((p) => ({ path: p, tags: [] }))
        : target.template!.includes("{id}")
          ? pathSegmentArb(target.template!, world, calm).map(({ seg, tag }) => ({
              path: target.template!.replace("{id}", seg),
              tags: tag ? [tag] : [],
            }))
          : fc.constant({ path: target.template!, tags: [] });
    return fc
      .record({
        ...shared,
        path,
        query: queryArb(op, world),
        body: hasBody ? bodyArb(doc, op, world, calm) : fc.constant<BodyOut>({ tags: [] }),
      })
      .map((r): FuzzRequest => {
        const headers: Record<string, string> = { ...r.headers.headers };
        const pairs = [...r.query.pairs];
        let body = r.body.body;
        const tags = [
          ...(target.tag ? [target.tag] : []),
          ...r.path.tags,
          ...r.query.tags,
          ...r.body.tags,
          ...r.headers.tags,
          `token:${r.token.kind}`,
        ];
        if (r.body.contentType !== undefined) headers["content-type"] = r.body.contentType;
        if (r.token.value !== null) {
          const place =
            r.place === "form" && !(typeof body === "string" && r.body.tags.includes("form"))
              ? "query"
              : r.place;
          if (place === "query" || place === "both") pairs.push(["token", r.token.value]);
          if (place === "bearer" || place === "both")
            headers.authorization = `Bearer ${headerSafe(r.token.value)}`;
          if (place === "form") body = `${body ? `${body}&` : ""}token=${enc(r.token.value)}`;
          tags.push(`token-in:${place}`);
        }
        if (r.rawQuery) tags.push("raw-query");
        if (r.http) tags.push("http");
        // A string body without a content type would get text/plain from Request: send bytes.
        if (typeof body === "string" && headers["content-type"] === undefined)
          body = utf8.encode(body);
        return withShortPrint({
          method: target.method,
          path: r.path.path,
          query: encodeQuery(pairs, r.rawQuery),
          headers,
          body,
          scheme: r.http ? "http" : "https",
          tags,
        });
      });
  }
}
