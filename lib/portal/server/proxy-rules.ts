import "server-only";

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
  ["GET", /^users$/, list("users")],
  // The created worker, or (as some clients of the real service expect) `{"user": {...}}`.
  ["POST", /^users\/invite$/, (b) => record(b) || (isObject(b) && record(b.user))],
  ["GET", /^users\/\d{1,10}$/, record],
  ["PATCH", /^users\/\d{1,10}$/, record],
  ["GET", /^badges$/, list("badges")],
  ["POST", /^badges$/, record],
  ["GET", /^badges\/\d{1,10}$/, record],
  // Jobs: the job request list, post and edit, ranked candidates (ours), hire, the requestor's
  // actions on a job, and the demo's stand-in for the worker's app (ours, test environment).
  ["GET", /^job_requests$/, list("job_requests")],
  ["POST", /^job_requests$/, wrapped("job_request")],
  ["GET", /^job_requests\/categories$/],
  ["GET", /^job_requests\/\d{1,10}$/, wrapped("job_request")],
  ["PATCH", /^job_requests\/\d{1,10}$/, wrapped("job_request")],
  ["GET", /^job_requests\/\d{1,10}\/candidates$/, list("candidates")],
  ["GET", /^jobs$/, list("jobs")],
  ["POST", /^jobs\/assign$/, wrapped("job")],
  ["GET", /^jobs\/\d{1,10}$/, wrapped("job")],
  ["PATCH", /^jobs\/\d{1,10}$/, wrapped("job")],
  ["POST", /^jobs\/\d{1,10}\/simulate$/, wrapped("job")],
  ["GET", /^users\/\d{1,10}\/history$/],
  // The events pages: the demo outbox, webhook subscriptions and their deliveries.
  ["GET", /^mails$/],
  ["GET", /^webhooks$/],
  ["POST", /^webhooks$/],
  ["DELETE", /^webhooks\/\d{1,10}$/],
  ["GET", /^webhook_deliveries$/],
  ["POST", /^webhook_deliveries\/\d{1,10}\/resend$/],
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
 * Cross-site request forgery guard: a state-changing call must come from a page of this same
 * origin. Browsers always send Origin on such fetches; a missing one is refused too.
 */
export function originAllowed(method: string, origin: string | null, host: string | null): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return true;
  if (!origin || !host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
