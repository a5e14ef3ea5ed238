import fc from "fast-check";
import {
  BROKEN_JSON,
  deepText,
  formText,
  headerSafe,
  hostileJson,
  hostileString,
  multipart,
  objectText,
  PATH_SEGMENTS,
  POLLUTERS,
} from "./hostile";

/**
 * Requests to the portal's own routes, over HTTP: the session (sign in, who am I, sign out),
 * the proxy to the API (allowed and refused paths, every method), the CSV export, and the
 * pages, each with a valid sealed session cookie, none, or a tampered one, and with the right
 * Origin, none or another one.
 */

export type PortalWorld = {
  /** `ep_session=…` of a signed-in demo session. */
  cookie: string;
  /**
   * Another signed-in session's cookie, sent instead of `cookie` on sign-outs (however the path
   * is spelled): a sign-out ends its session for good, and the rest of the run needs `cookie`.
   */
  signOutCookie: string;
  /** http://127.0.0.1:<port>: the Origin the portal's own pages send. */
  origin: string;
  userIds: number[];
  badgeIds: number[];
  webhookIds: number[];
  deliveryIds: number[];
};

export type PortalRequest = {
  kind: "session" | "proxy" | "export" | "page";
  method: string;
  /** Path and query, already percent-encoded. */
  target: string;
  headers: Record<string, string>;
  body?: string;
  tags: string[];
};

const pick = <T>(xs: readonly T[]): fc.Arbitrary<T> => fc.constantFrom(...xs);
const wellFormed = (s: string) =>
  s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
const enc = (s: string) => encodeURIComponent(wellFormed(s));
const nonEmpty = <T>(xs: T[], fallback: T): T[] => (xs.length > 0 ? xs : [fallback]);

/** The session cookie as sent: the real one, none, or tampered in one of many ways. */
function cookieArb(world: PortalWorld): fc.Arbitrary<{ value?: string; tag: string }> {
  const [name, sealed = ""] = world.cookie.split(/=(.*)/s);
  const flip = (i: number) => {
    if (sealed.length === 0) return sealed;
    const at = i % sealed.length;
    const c = sealed[at] === "A" ? "B" : "A";
    return `${sealed.slice(0, at)}${c}${sealed.slice(at + 1)}`;
  };
  return fc.oneof(
    { weight: 14, arbitrary: fc.constant({ value: world.cookie, tag: "cookie:valid" }) },
    { weight: 3, arbitrary: fc.constant({ tag: "cookie:none" }) },
    {
      weight: 4,
      arbitrary: fc
        .oneof(
          fc.nat().map(flip),
          fc.nat().map((n) => sealed.slice(0, n % Math.max(1, sealed.length))),
          fc.constant(`${sealed}A`),
          fc.constant(sealed.replace(/\*/g, "**")),
          fc.constant(sealed.split("*").reverse().join("*")),
          pick([
            "",
            "Fe26.2**",
            "Fe26.2*1*a*b*c*d*e*f",
            "garbage",
            "x".repeat(3900),
            "%00",
            "%FF%FE",
            "e30=",
            "null",
          ]),
          hostileString().map((s) => enc(s).slice(0, 3000)),
        )
        .map((v) => ({ value: `${name}=${v}`, tag: "cookie:tampered" })),
    },
    {
      weight: 1,
      arbitrary: pick([
        `${world.cookie}; ${name}=garbage`,
        `${name}=garbage; ${world.cookie}`,
        `${world.cookie}; __proto__=x; constructor=y`,
        `${world.cookie.toUpperCase()}`,
      ]).map((value) => ({ value, tag: "cookie:odd" })),
    },
  );
}

function originArb(world: PortalWorld): fc.Arbitrary<{ value?: string; tag: string }> {
  return fc.oneof(
    { weight: 8, arbitrary: fc.constant({ value: world.origin, tag: "origin:same" }) },
    { weight: 1, arbitrary: fc.constant({ tag: "origin:none" }) },
    {
      weight: 2,
      arbitrary: pick([
        "null",
        "https://evil.example",
        `${world.origin}.evil.example`,
        world.origin.replace("127.0.0.1", "localhost"),
        "http://127.0.0.1",
        "file://",
        "not a url",
        "\u00ff",
      ]).map((value) => ({ value, tag: "origin:foreign" })),
    },
  );
}

/** Query text from hostile pairs; sometimes with broken escapes. */
function queryArb(names: readonly string[]): fc.Arbitrary<string> {
  const value = fc.oneof(
    hostileString(),
    pick(["1", "0", "-1", "2", "true", "false", "-last_name", "Ada", "%", "_", "\\"]),
  );
  return fc
    .tuple(
      fc.array(fc.tuple(fc.oneof(pick(names), hostileString()), value), { maxLength: 4 }),
      fc.oneof({ weight: 8, arbitrary: fc.constant("") }, pick(["&x=%", "&y=%zz", "&z=%E0%A4%A"])),
    )
    .map(
      ([pairs, raw]) =>
        // Node's HTTP server takes at most 16 KiB of request line and headers (431 beyond):
        // huge query strings are the in-process API fuzz's business.
        `${pairs.map(([k, v]) => `${enc(k).slice(0, 1500)}=${enc(v).slice(0, 1500)}`).join("&")}${raw}`,
    );
}

const API_QUERY_NAMES = [
  "page",
  "per",
  "q",
  "sort",
  "badge_id",
  "suspended",
  "state",
  "email",
  "external_id",
  "updated_after",
  "query",
  "token",
  "__proto__",
];

/** A JSON body for the API behind the proxy, sent one of several ways. */
function apiBodyArb(world: PortalWorld): fc.Arbitrary<{ body?: string; tag: string }> {
  const badge = pick(nonEmpty(world.badgeIds, 1));
  const valid = fc.oneof(
    fc.nat().map((n) => ({
      type: "Worker",
      first_name: "Fuzz",
      last_name: `Portal${n}`,
      email: `portal.fuzz.${process.pid}.${n}.${Date.now() % 100000}@example.com`,
      phone: `+1646${String(2_000_000 + (n % 7_999_999))}`,
    })),
    fc.record({
      city: hostileString(),
      latitude: pick(["37.7", "91", 12.5]),
      longitude: pick(["-122.4", "x"]),
    }),
    badge.map((b) => ({ user_badges_attributes: [{ badge_id: String(b) }] })),
    badge.map((b) => ({ user: { user_badges_attributes: [{ badge_id: b }, { badge_id: b }] } })),
    fc.nat().map((n) => ({ name: `Portal badge ${n}`, description: "d" })),
    fc
      .nat()
      .map((n) => ({ url: `https://hooks.example.com/portal/${n}`, events: ["user.invited"] })),
  );
  const obj = fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 2, arbitrary: fc.dictionary(hostileString(), hostileJson(), { maxKeys: 5 }) },
  );
  return fc.oneof(
    { weight: 8, arbitrary: obj.map((o) => ({ body: JSON.stringify(o), tag: "body:json" })) },
    {
      weight: 2,
      arbitrary: fc.tuple(obj, fc.subarray(POLLUTERS, { minLength: 1 })).map(([o, p]) => ({
        body: objectText(o as Record<string, unknown>, p),
        tag: "body:proto",
      })),
    },
    { weight: 2, arbitrary: pick(BROKEN_JSON).map((body) => ({ body, tag: "body:broken" })) },
    {
      weight: 1,
      arbitrary: pick([100, 10_000] as const).map((n) => ({
        body: deepText(n, "mixed"),
        tag: `body:deep-${n}`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        body: JSON.stringify({ first_name: "x".repeat(1024 * 1024 + 10) }),
        tag: "body:over-1MiB",
      }),
    },
    { weight: 2, arbitrary: fc.constant({ tag: "body:none" }) },
  );
}

function proxyArb(world: PortalWorld): fc.Arbitrary<PortalRequest> {
  const id = (ids: number[]) =>
    fc.oneof(
      { weight: 4, arbitrary: pick(nonEmpty(ids, 1)).map(String) },
      { weight: 2, arbitrary: pick(PATH_SEGMENTS) },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: 2_147_483_647 }).map(String) },
    );
  const allowed = fc.oneof(
    pick(["me", "users", "users/invite", "badges", "jobs", "job_requests", "mails", "webhooks"]),
    pick(["webhook_deliveries"]),
    id(world.userIds).map((i) => `users/${i}`),
    id(world.userIds).map((i) => `users/${i}/history`),
    id(world.badgeIds).map((i) => `badges/${i}`),
    id(world.webhookIds).map((i) => `webhooks/${i}`),
    id(world.deliveryIds).map((i) => `webhook_deliveries/${i}/resend`),
  );
  const refused = fc.oneof(
    pick([
      "authenticate",
      "info",
      "openapi.json",
      "users/1/../../authenticate",
      "users/%2e%2e/authenticate",
      "..%2Fauthenticate",
      "users%2F1",
      "users//1",
      "users/1/",
      "./me",
      "me/",
      "invitations/accept",
      "invitations/inspect",
      "badges/1/users",
      "jobs/1",
      "users/1/history/extra",
      "a/b/c/d/e/f/g",
      "%00",
      "me%00",
      "__proto__",
      "constructor/prototype",
      "USERS",
      `users/${"9".repeat(40)}`,
      // Escapes that do not decode.
      "%2",
      "users/%zz",
      "users/%E0%A4%A",
      "users/1%",
    ]),
    hostileString().map((s) => enc(s).slice(0, 2000) || "%20"),
  );
  return fc
    .record({
      method: fc.oneof(
        { weight: 5, arbitrary: pick(["GET", "POST", "PATCH", "DELETE"]) },
        { weight: 1, arbitrary: pick(["PUT", "HEAD", "OPTIONS"]) },
      ),
      path: fc.oneof({ weight: 4, arbitrary: allowed }, { weight: 2, arbitrary: refused }),
      query: fc.oneof({ weight: 2, arbitrary: fc.constant("") }, queryArb(API_QUERY_NAMES)),
      body: apiBodyArb(world),
      cookie: cookieArb(world),
      origin: originArb(world),
      ifMatch: fc.oneof(
        { weight: 5, arbitrary: fc.constant(undefined) },
        pick(['"u1-v1"', "*", "garbage", '"', `"${"u".repeat(3000)}"`]),
      ),
      contentType: fc.oneof(
        { weight: 6, arbitrary: fc.constant("application/json") },
        pick(["text/plain", "", "application/x-www-form-urlencoded", "multipart/form-data"]),
      ),
    })
    .map((r) => {
      const headers: Record<string, string> = {};
      const tags = ["proxy", r.cookie.tag, r.origin.tag];
      if (r.cookie.value !== undefined) headers.cookie = r.cookie.value;
      if (r.origin.value !== undefined) headers.origin = r.origin.value;
      if (r.ifMatch !== undefined) headers["if-match"] = r.ifMatch;
      const hasBody = !["GET", "HEAD", "OPTIONS"].includes(r.method) && r.body.body !== undefined;
      if (hasBody) {
        headers["content-type"] = r.contentType;
        tags.push(r.body.tag);
      }
      return {
        kind: "proxy" as const,
        method: r.method,
        target: `/api/proxy/${r.path}${r.query ? `?${r.query}` : ""}`,
        headers,
        body: hasBody ? r.body.body : undefined,
        tags,
      };
    });
}

function sessionArb(world: PortalWorld): fc.Arbitrary<PortalRequest> {
  const keys = fc.oneof(
    fc.constant({ demo: true }),
    pick([
      { demo: "true" },
      { demo: 1 },
      { demo: false },
      { demo: true, api_key: "x" },
      {},
      { api_key: "", secret_key: "" },
      {
        api_key: "pk_test_aaaaaaaaaaaaaaaaaaaaaaaa",
        secret_key: "sk_test_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
      },
      {
        api_key: "pk_live_aaaaaaaaaaaaaaaaaaaaaaaa",
        secret_key: "sk_live_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
      },
      { api_key: "pk_test_x", secret_key: "sk_test_y", next: "//evil.example" },
      { api_key: ["a"], secret_key: { b: 1 } },
      [],
      null,
    ] as unknown[]),
    fc.record({ api_key: hostileString(), secret_key: hostileString() }),
    fc.record({ api_key: hostileString(), secret_key: hostileString(), next: hostileString() }),
  );
  const body = fc.oneof(
    {
      weight: 6,
      arbitrary: keys.map((k) => ({
        body: JSON.stringify(k),
        type: "application/json",
        tag: "body:json",
      })),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          keys,
          fc.oneof(
            pick([
              "/workers",
              "//evil.example",
              "/\\evil",
              "https://evil.example",
              "/workers?q=%00",
              "javascript:alert(1)",
            ]),
            hostileString(),
          ),
        )
        .map(([k, next]) => ({
          body: formText({ ...(typeof k === "object" && k && !Array.isArray(k) ? k : {}), next }),
          type: "application/x-www-form-urlencoded",
          tag: "body:form",
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constant(multipart({ demo: "true" }))
        .map((m) => ({ body: m.body, type: m.type, tag: "body:multipart" })),
    },
    {
      weight: 2,
      arbitrary: pick(BROKEN_JSON).map((b) => ({
        body: b,
        type: "application/json",
        tag: "body:broken",
      })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(keys, fc.subarray(POLLUTERS, { minLength: 1 })).map(([k, p]) => ({
        body: objectText(
          typeof k === "object" && k && !Array.isArray(k) ? (k as Record<string, unknown>) : {},
          p,
        ),
        type: "application/json",
        tag: "body:proto",
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        body: deepText(10_000, "object"),
        type: "application/json",
        tag: "body:deep-10000",
      }),
    },
    {
      weight: 1,
      arbitrary: pick(["", "text/plain", "application/json; charset=latin1"]).map((type) => ({
        body: '{"demo":true}',
        type,
        tag: "body:odd-type",
      })),
    },
  );
  return fc
    .record({
      method: fc.oneof(
        { weight: 3, arbitrary: pick(["GET", "POST", "DELETE"]) },
        { weight: 1, arbitrary: pick(["PUT", "PATCH", "HEAD", "OPTIONS"]) },
      ),
      body,
      cookie: cookieArb(world),
      origin: originArb(world),
      query: fc.oneof({ weight: 4, arbitrary: fc.constant("") }, queryArb(["next", "demo"])),
    })
    .map((r) => {
      const headers: Record<string, string> = {};
      const tags = ["session", r.cookie.tag, r.origin.tag];
      if (r.cookie.value !== undefined) headers.cookie = r.cookie.value;
      if (r.origin.value !== undefined) headers.origin = r.origin.value;
      const hasBody = !["GET", "HEAD", "OPTIONS"].includes(r.method);
      if (hasBody) {
        if (r.body.type) headers["content-type"] = r.body.type;
        tags.push(r.body.tag);
      }
      return {
        kind: "session" as const,
        method: r.method,
        target: `/api/session${r.query ? `?${r.query}` : ""}`,
        headers,
        body: hasBody ? r.body.body : undefined,
        tags,
      };
    });
}

const EXPORT_NAMES = [
  "q",
  "badge_id",
  "badge",
  "suspended",
  "sort",
  "type",
  "email",
  "external_id",
  "w2_onboarding_status",
  "address_state",
  "drug_tested",
  "updated_before",
  "updated_after",
  "page",
  "per",
];

function exportArb(world: PortalWorld): fc.Arbitrary<PortalRequest> {
  return fc
    .record({
      method: fc.oneof(
        { weight: 6, arbitrary: fc.constant("GET") },
        pick(["POST", "HEAD", "DELETE"]),
      ),
      query: queryArb(EXPORT_NAMES),
      cookie: cookieArb(world),
    })
    .map((r) => ({
      kind: "export" as const,
      method: r.method,
      target: `/api/export/workers${r.query ? `?${r.query}` : ""}`,
      headers: (r.cookie.value !== undefined ? { cookie: r.cookie.value } : {}) as Record<
        string,
        string
      >,
      tags: ["export", r.cookie.tag],
    }));
}

function pageArb(world: PortalWorld): fc.Arbitrary<PortalRequest> {
  const workerId = fc.oneof(
    pick(nonEmpty(world.userIds, 1)).map(String),
    pick(PATH_SEGMENTS),
    hostileString().map((s) => enc(s).slice(0, 200) || "%20"),
  );
  const page = fc.oneof(
    {
      weight: 3,
      arbitrary: queryArb(["next", "expired", "signed_out", "error"]).map((q) => `/sign-in?${q}`),
    },
    {
      weight: 2,
      arbitrary: pick([
        "//evil.example",
        "https://evil.example",
        "/\\evil",
        "/workers?q=1",
        "%2F%2Fevil",
      ]).map((n) => `/sign-in?next=${enc(n)}`),
    },
    {
      weight: 4,
      arbitrary: queryArb(["q", "badge", "suspended", "sort", "page", "per"]).map(
        (q) => `/workers?${q}`,
      ),
    },
    { weight: 3, arbitrary: workerId.map((id) => `/workers/${id}`) },
    { weight: 1, arbitrary: workerId.map((id) => `/workers/${id}?invited=1`) },
    { weight: 2, arbitrary: queryArb(["token", "next"]).map((q) => `/accept-invite?${q}`) },
    {
      weight: 2,
      arbitrary: pick([
        "/",
        "/badges",
        "/outbox",
        "/webhooks",
        "/workers/new",
        "/workers/import",
        "/docs",
        "/nope",
        "/workers/1/2",
        "/workers/%2",
        "/workers/%E0%A4%A",
        "/sign-in%zz",
        "/api_v2/users/%2",
        "/api_v2/%zz",
      ]),
    },
  );
  return fc
    .record({
      path: page,
      cookie: cookieArb(world),
      method: fc.oneof({ weight: 9, arbitrary: fc.constant("GET") }, fc.constant("HEAD")),
    })
    .map((r) => ({
      kind: "page" as const,
      method: r.method,
      target: r.path,
      headers: {
        accept: "text/html",
        ...(r.cookie.value !== undefined ? { cookie: headerSafe(r.cookie.value) } : {}),
      },
      tags: ["page", r.cookie.tag],
    }));
}

export function portalRequestArb(world: PortalWorld): fc.Arbitrary<PortalRequest> {
  return fc
    .oneof(
      { weight: 9, arbitrary: proxyArb(world) },
      { weight: 4, arbitrary: sessionArb(world) },
      { weight: 2, arbitrary: exportArb(world) },
      { weight: 3, arbitrary: pageArb(world) },
    )
    .map(withShortPrint);
}

/** fast-check prints a failing value: keep long targets, cookies and bodies short there. */
function withShortPrint(r: PortalRequest): PortalRequest {
  const clip = (s: string) => (s.length > 200 ? `${s.slice(0, 200)}…(${s.length} chars)` : s);
  Object.defineProperty(r, fc.toStringMethod, {
    enumerable: false,
    value: () =>
      JSON.stringify({
        ...r,
        target: clip(r.target),
        headers: Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, clip(v)])),
        body: r.body === undefined ? undefined : clip(r.body),
      }),
  });
  return r;
}
