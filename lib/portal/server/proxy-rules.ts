import "server-only";
import { env } from "@/lib/env";
import { hostnameOf, publicOriginsOf } from "@/lib/net/allowed-hosts";
import { HOST_HEADER, PROTO_HEADER } from "@/lib/net/trusted-headers";

type Shape = (body: unknown) => boolean;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
/** One resource: an object with its id (ours are numbers; a string id is not refused). */
const record: Shape = (b) => isObject(b) && (typeof b.id === "number" || typeof b.id === "string");
/** One resource under its key (`{"job": {...}}`, the reference's wrapping), or bare. */
const wrapped =
  (key: string): Shape =>
  (b) =>
    record(b) || (isObject(b) && record(b[key]));
/** A page of a list: `{"<key>": [...]}`, or a bare array. */
const list =
  (key: string): Shape =>
  (b) =>
    Array.isArray(b) || (isObject(b) && Array.isArray(b[key]));

/**
 * What the browser may ask the API for through the portal: nothing else passes the proxy.
 * Paths are relative to /api_v2. Where the pages rely on an answer's shape, it is checked on
 * the way through: anything else is the upstream's fault (502), not the page's problem.
 */
const ALLOWED: [method: string, path: RegExp, shape?: Shape][] = [
  ["GET", /^me$/],
  // A person's own account (ours): two-factor sign-in, and the company's rule for it (admins).
  ["POST", /^me\/two_factor$/],
  ["POST", /^me\/two_factor\/confirm$/],
  ["DELETE", /^me\/two_factor$/],
  ["PATCH", /^me\/company$/],
  ["GET", /^users$/, list("users")],
  // The created worker, or (as some clients of the real service expect) `{"user": {...}}`.
  ["POST", /^users\/invite$/, (b) => record(b) || (isObject(b) && record(b.user))],
  ["GET", /^users\/\d{1,10}$/, record],
  ["PATCH", /^users\/\d{1,10}$/, record],
  ["GET", /^badges$/, list("badges")],
  ["POST", /^badges$/, record],
  ["GET", /^badges\/\d{1,10}$/, record],
  // Rename and delete (the badges page); DELETE may carry ?remove_from_workers=true.
  ["PATCH", /^badges\/\d{1,10}$/, record],
  ["DELETE", /^badges\/\d{1,10}$/],
  // Jobs: the job request list, post and edit, ranked candidates (ours), hire, the requestor's
  // actions on a job, and the demo's stand-in for the worker's app (ours, test environment).
  ["GET", /^job_requests$/, list("job_requests")],
  ["POST", /^job_requests$/, wrapped("job_request")],
  ["GET", /^job_requests\/categories$/],
  ["GET", /^job_requests\/\d{1,10}$/, wrapped("job_request")],
  ["PATCH", /^job_requests\/\d{1,10}$/, wrapped("job_request")],
  ["GET", /^job_requests\/\d{1,10}\/candidates$/, list("candidates")],
  // Posting in seconds (ours): the live count of qualified workers, and templates.
  ["GET", /^job_requests\/qualified_workers$/],
  ["GET", /^job_request_templates$/, list("job_request_templates")],
  ["POST", /^job_request_templates$/, wrapped("job_request_template")],
  ["GET", /^job_request_templates\/\d{1,10}$/, wrapped("job_request_template")],
  ["PATCH", /^job_request_templates\/\d{1,10}$/, wrapped("job_request_template")],
  ["DELETE", /^job_request_templates\/\d{1,10}$/],
  // Multi-day series (issue 27): the reference's three, and our "this and following" cancel.
  ["POST", /^multi_day_job_requests$/, wrapped("multi_day_job_request")],
  ["GET", /^multi_day_job_requests\/\d{1,10}$/, wrapped("multi_day_job_request")],
  ["PATCH", /^multi_day_job_requests\/\d{1,10}$/, wrapped("multi_day_job_request")],
  ["POST", /^multi_day_job_requests\/\d{1,10}\/cancel$/, wrapped("multi_day_job_request")],
  ["GET", /^jobs$/, list("jobs")],
  ["POST", /^jobs\/assign$/, wrapped("job")],
  ["GET", /^jobs\/\d{1,10}$/, wrapped("job")],
  ["PATCH", /^jobs\/\d{1,10}$/, wrapped("job")],
  // The demo's worker moves (the job back) and, with action `message`, replies (the message).
  ["POST", /^jobs\/\d{1,10}\/simulate$/, (b) => wrapped("job")(b) || wrapped("message")(b)],
  ["GET", /^users\/\d{1,10}\/history$/],
  // A worker's full SSN, read on purpose and recorded in their history (ours).
  [
    "GET",
    /^users\/\d{1,10}\/ssn$/,
    (b) => isObject(b) && (typeof b.ssn === "string" || b.ssn === null),
  ],
  // A new invitation link for a worker who has not accepted (ours).
  ["POST", /^users\/\d{1,10}\/invitation$/, record],
  // Messages: a job's conversation with its worker, and (ours) unread counts and marking read.
  ["GET", /^messages$/, list("messages")],
  ["POST", /^messages$/, wrapped("message")],
  ["GET", /^messages\/unread$/],
  ["POST", /^messages\/mark_read$/],
  // ZIP lookup (ours): fills a site's or a worker's city, state and time zone.
  ["GET", /^zip_codes\/\d{5}$/, (b) => isObject(b) && typeof b.zip === "string"],
  // The events pages: the demo outbox, webhook subscriptions and their deliveries.
  ["GET", /^mails$/],
  ["GET", /^webhooks$/],
  ["POST", /^webhooks$/],
  ["DELETE", /^webhooks\/\d{1,10}$/],
  ["GET", /^webhook_deliveries$/],
  ["POST", /^webhook_deliveries\/\d{1,10}\/resend$/],
  // The rest of the reference (issue 27): the company's customer record (the Company page) and
  // telling a posting's workers again (the job request page).
  ["GET", /^customers\/\d{1,10}$/, record],
  ["PATCH", /^customers\/\d{1,10}$/, record],
  ["POST", /^job_requests\/\d{1,10}\/resend_notifications$/],
  // The home page's sections in one call (ours, issue 28).
  ["GET", /^home$/, (b) => isObject(b) && isObject(b.home)],
];

const clean = (path: string) => path.replace(/^\/+|\/+$/g, "");

function rule(method: string, path: string) {
  const p = clean(path);
  if (p.split("/").some((s) => s === ".." || s === "." || s === "")) return undefined;
  return ALLOWED.find(([m, re]) => m === method.toUpperCase() && re.test(p));
}

export function proxyAllows(method: string, path: string): boolean {
  return rule(method, path) !== undefined;
}

/** The check a successful answer to this call must pass, if the pages rely on its shape. */
export function answerShape(method: string, path: string): Shape | undefined {
  return rule(method, path)?.[2];
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard: a state-changing call must come from a page of one of
 * `allowed` origins (scheme, host and port). Browsers always send Origin on such fetches; a
 * missing one is refused too.
 */
export function originAllowed(
  method: string,
  origin: string | null,
  allowed: readonly string[],
): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return true;
  if (!origin) return false;
  try {
    const url = new URL(origin);
    if (url.protocol !== "https:" && url.protocol !== "http:") return false;
    return allowed.includes(url.origin);
  } catch {
    return false;
  }
}

/**
 * The request's own origin: the scheme and the (already allowed) host our server established
 * (lib/server/main.ts), or outside it the URL's scheme and the Host header.
 */
function ownOrigin(req: Request): string | null {
  const proto =
    req.headers.get(PROTO_HEADER) ?? (new URL(req.url).protocol === "https:" ? "https" : "http");
  const host = req.headers.get(HOST_HEADER) ?? req.headers.get("host");
  if (!hostnameOf(host)) return null;
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return null;
  }
}

/**
 * Where the portal's pages are: the configured public origins (PUBLIC_URL, PUBLIC_ORIGINS) and
 * the origin this request was made to. The Host alone is not enough: it is the client's word
 * (checked against ALLOWED_HOSTS by our server) and it says nothing of the scheme.
 */
export function requestOriginAllowed(req: Request): boolean {
  const own = ownOrigin(req);
  const allowed = [...publicOriginsOf(env()), ...(own ? [own] : [])];
  return originAllowed(req.method, req.headers.get("origin"), allowed);
}

/** Query parameters that carry credentials: the browser never chooses the proxy's credentials. */
const CREDENTIAL_PARAMS = ["token", "api_key", "secret_key"];

/**
 * The query string the proxy sends upstream: the browser's, less any credential. The session's
 * token is the only one the proxy uses (a `?token=` of the browser's would otherwise override it
 * upstream, and `?token=junk` would sign the user out).
 */
export function forwardedSearch(url: URL): string {
  const params = new URLSearchParams(url.search);
  for (const name of [...params.keys()]) {
    if (CREDENTIAL_PARAMS.includes(name.toLowerCase())) params.delete(name);
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}
