// A stand-in for the REAL staffing service (the one at api.wonolo.com/api_v2), for the browser
// journeys in real-service.spec.ts: one live company, in memory, no dependencies. It behaves the
// way the real service's public reference and clients show it behaving, which is NOT how our own
// /api_v2 does:
//   - errors are `{"errors": [...]}`, `{"errors": {"field": [...]}}` or `{"error": "..."}`,
//     never our `{"error": {"code", "message"}}`;
//   - lists are `{"users": [...]}`, `{"job_requests": [...]}`, `{"jobs": [...]}` with no
//     total/page/per, at most 50 a page; filters it does not know are ignored (GET
//     /jobs?worker_id= answers every job);
//   - a route it does not have answers Rails' HTML 404 page: /api_v2/me, and our additions
//     /job_requests/:id/candidates (no ranking), /job_requests/categories, /jobs/:id/simulate;
//   - no ETag, and If-Match is ignored;
//   - invite answers 200, timestamps carry a -07:00 offset;
//   - a job request is `{"job_request": {...}}` with the reference's fields only (none of our
//     address_state, posted_at, created_at), a job `{"job": {...}}` with the worker nested and
//     transitions without from_state/actor; `category` must be one of the company's
//     FAKE_CATEGORIES below, which the service has no call to list.
// Seeded: 60 workers, 4 badges, 3 job requests (posted, filled with one job, draft).
// Control calls for the tests: POST /__control/expire-tokens (every token issued so far answers
// 401 from now on), POST /__control/reset (the seeded company again, jobs included) and
// POST /__control/jobs/:id/{start,pause,resume,complete,withdraw} and POST
// /__control/jobs/:id/message `{"body"}` (the worker's app, which a test cannot drive on the
// real service either). Messages: GET and POST /messages as the reference has them, nothing
// more (no unread counts, no marking read, no stream).
//
// Run alone: `node e2e/portal/fake-real-service.mjs` (port FAKE_REAL_PORT, default 3499).
import crypto from "node:crypto";
import http from "node:http";
import { fileURLToPath } from "node:url";

export const FAKE_LIVE_KEYS = {
  api_key: "pk_live_FAKEREALSERVICE000000001",
  secret_key: "sk_live_FAKEREALSERVICESECRET0000001",
};

const words = (s) => s.trim().split(/\s+/);
const FIRST = words("Maria James Aisha Luis Emily Kwame Sofia Daniel Mei Omar Grace Tyler");
const LAST = words("Garcia Nguyen Okafor Hernandez Kowalski Patel Johnson Rossi Yamamoto Brooks");
const CITIES = [
  ["Oakland", "CA", "94607", "37.8044", "-122.2712"],
  ["Fresno", "CA", "93721", "36.7378", "-119.7871"],
  ["Reno", "NV", "89501", "39.5296", "-119.8138"],
  ["Tucson", "AZ", "85701", "32.2226", "-110.9747"],
  ["Boise", "ID", "83702", "43.615", "-116.2023"],
];
const BADGES = [
  ["Forklift Certified", "Holds a current OSHA forklift operator card."],
  ["Food Handler", "State food handler card on file."],
  ["Night Shift Ready", "Has worked three or more night shifts."],
  ["Bilingual (Spanish)", "Speaks and reads Spanish fluently."],
];

/** The user object's fields, in the order of lib/api-v2/users/serialize-user.ts. */
const FIELDS =
  words(`id external_id type first_name last_name email phone gender dob address address_state
  city zip home_latitude home_longitude latitude longitude avatar_url logo_url workplace_image_url
  business_name drug_tested rating referred_by ssn suspended suspended_until lower_pool
  lower_pool_until onboarding_appt_time tracking_code w2_address_state w2_employee_id
  w2_onboarding_completed w2_onboarding_started w2_onboarding_status updated_at user_badges`);
const READ_ONLY = new Set(["id", "type", "rating", "updated_at", "user_badges"]);
const WRITABLE = FIELDS.filter((k) => !READ_ONLY.has(k));

/** Rails in a Pacific time zone: `2026-05-01T10:00:00.000-07:00`. */
const railsTime = (ms) => `${new Date(ms - 7 * 3600_000).toISOString().slice(0, 23)}-07:00`;

/** A full user object: every field present, in order, null where unset. */
function userObject(values) {
  const defaults = { type: "Worker", suspended: false, lower_pool: false, user_badges: [] };
  return Object.fromEntries(FIELDS.map((k) => [k, values[k] ?? defaults[k] ?? null]));
}

/** 60 workers (first/last name pairs are unique: 12 × 10 cycle with period 60), 4 badges. */
function seed() {
  const now = Date.parse("2026-03-02T17:00:00Z");
  const badges = BADGES.map(([name, description], i) => ({
    id: 301 + i,
    name,
    description,
    info_url: null,
    icon_url: null,
    is_soft: i === 2,
  }));
  const users = Array.from({ length: 60 }, (_, i) => {
    const [city, state, zip, lat, lng] = CITIES[i % CITIES.length];
    const id = 880101 + i;
    const first = FIRST[i % FIRST.length];
    const last = LAST[i % LAST.length];
    return userObject({
      id,
      external_id: `HR-${4100 + i}`,
      first_name: first,
      last_name: last,
      email: `${first}.${last}.${i + 1}@example.com`.toLowerCase(),
      phone: `+1775555${String(1000 + i).padStart(4, "0")}`,
      gender: ["female", "male", "non_binary", null][i % 4],
      dob: `19${70 + (i % 30)}-0${1 + (i % 9)}-1${i % 10}`,
      address: `${100 + i * 7} Main St`,
      address_state: state,
      city,
      zip,
      home_latitude: lat,
      home_longitude: lng,
      latitude: i % 3 === 0 ? lat : null,
      longitude: i % 3 === 0 ? lng : null,
      drug_tested: ["passed", "pending", null][i % 3],
      rating: i % 5 === 0 ? null : 4 + (i % 10) / 10,
      suspended: i % 17 === 16,
      tracking_code: `TRK${id}`,
      w2_onboarding_status: ["completed", "in_progress", "not_started"][i % 3],
      updated_at: railsTime(now - i * 3600_000),
      user_badges:
        i % 4 === 0
          ? [{ id: 5000 + i, user_id: id, badge_id: "301", created_at: railsTime(now - 9e8) }]
          : [],
    });
  });
  return {
    users,
    badges,
    nextUserId: 880101 + users.length,
    nextUserBadgeId: 6000,
    ...seedJobs(badges),
  };
}

/** The company's job categories: a request's `category` must be one of them. */
export const FAKE_CATEGORIES = [
  "Fulfillment / Warehousing",
  "General Labor",
  "Event Staff",
  "Food Production",
  "Delivery",
];
const COMPANY_ID = 1201;
/** The requestor the live key belongs to: the employer on every request and job. */
const EMPLOYER = {
  id: 7001,
  type: "Employer",
  first_name: "Dana",
  last_name: "Whitfield",
  email: "dana.whitfield@example.com",
  phone: "+17755550100",
  business_name: "Sierra Freight & Fulfillment",
  customer_id: COMPANY_ID,
  role: "requestor",
};

/** The job request object's fields, in the order of lib/api-v2/jobs/serialize-job-request.ts. */
const JR_FIELDS = words(`id state request_name category description description_tasks
  description_company description_travel description_skills description_contact
  description_arrival slots start_time duration timezone wage classification w2_hourly_rate venue
  address city zip postal_code country latitude longitude employer_id company_id multi_day
  multi_day_job_request_id preferred_candidate_ids preferred_wonoloers_info ban_list
  notification_distance open_request push_all_notifications_asap use_pending_state
  in_white_gloves_period re_ranked_worker_ids cached_job_states can agent_code
  organizational_path flag_color badge_requirements updated_at`);
const JR_INTS = words("slots duration notification_distance employer_id multi_day_job_request_id");
const JR_NUMBERS = words("wage latitude longitude");
const JR_BOOLS = words("multi_day open_request push_all_notifications_asap use_pending_state");
const JR_ID_LISTS = words("preferred_candidate_ids ban_list");
const JR_TEXT = words(`request_name category description description_tasks description_company
  description_travel description_skills description_contact description_arrival timezone
  classification venue address city zip country can agent_code organizational_path flag_color`);
const DESCRIPTION_PARTS = [
  ["description_tasks", "Tasks"],
  ["description_skills", "Skills"],
  ["description_arrival", "Arrival"],
  ["description_travel", "Travel"],
  ["description_contact", "Contact"],
  ["description_company", "About the company"],
];
const JR_DEFAULTS = {
  timezone: "America/Los_Angeles",
  classification: "1099",
  country: "US",
  multi_day: false,
  preferred_candidate_ids: [],
  ban_list: [],
  open_request: false,
  push_all_notifications_asap: false,
  use_pending_state: false,
  badge_requirements: [],
};
/** A request's states a client may set on create, and the moves PATCH allows. */
const CREATE_STATES = ["draft", "unassigned", "posted", "cancelled"];
const REQUEST_MOVES = {
  draft: ["unassigned", "posted", "cancelled"],
  unassigned: ["posted", "cancelled", "draft"],
  posted: ["unassigned", "cancelled"],
  unfilled: ["posted", "cancelled"],
  filled: ["cancelled"],
  in_progress: ["cancelled"],
};

/** The job object's fields, in the order of lib/api-v2/jobs/serialize-job.ts (ours left out). */
const JOB_FIELDS = words(`id state job_request_id created_at updated_at confirmed_at started_at
  completed_at finished_at hours_worked actual_duration time_to_start adjusted_wage
  requestor_notes classification w2_hourly_rate w2_payment_ref w2_pay_status cancelled_reason
  worker employer transitions`);
/** Jobs in these states hold one of the request's slots. */
const HOLDING = ["filled", "in_progress", "paused", "completed", "approved"];
/** The requestor's moves (PATCH /jobs/:id `state`). */
const REQUESTOR_MOVES = {
  pending: ["filled", "rejected", "cancelled"],
  filled: ["in_progress", "no_show", "cancelled"],
  in_progress: ["cancelled"],
  paused: ["cancelled"],
  completed: ["approved"],
};
/** The worker's moves in the worker's app (here only through /__control). */
const WORKER_MOVES = {
  start: [["filled"], "in_progress"],
  pause: [["in_progress"], "paused"],
  resume: [["paused"], "in_progress"],
  complete: [["in_progress", "paused"], "completed"],
  withdraw: [["pending", "filled"], "withdrawn"],
};

/**
 * Three postings of the company, in the fake's cities: one posted (a badge required, no one
 * hired yet), one filled (its one slot taken by a Reno worker), one draft. Start times are
 * ahead of the moment of the seed, so the postings never look stale.
 */
function seedJobs(badges) {
  const now = Date.now();
  const hour = 3600_000;
  /** `days` from today at `hour` o'clock in the service's -07:00. */
  const at = (days, localHour) => {
    const d = new Date(now + days * 24 * hour);
    d.setUTCHours(localHour + 7, 0, 0, 0);
    return railsTime(d.getTime());
  };
  const requirement = (id, badge) => ({
    id,
    badge_id: badge.id,
    badge_name: badge.name,
    badge_icon_url: badge.icon_url,
    badge_description: badge.description,
  });
  const request = (values) =>
    structuredClone({ ...JR_DEFAULTS, employer_id: EMPLOYER.id, ...values });
  const jobRequests = [
    request({
      id: 41201,
      state: "posted",
      request_name: "Warehouse Associate – Port of Oakland",
      category: "Fulfillment / Warehousing",
      description:
        "Tasks: Unload containers, scan and put away cartons, build outbound pallets.\n\nArrival: Check in at the Middle Harbor Rd gate and ask for the shift lead.",
      description_tasks: "Unload containers, scan and put away cartons, build outbound pallets.",
      description_arrival: "Check in at the Middle Harbor Rd gate and ask for the shift lead.",
      slots: 3,
      start_time: at(1, 7),
      duration: 480,
      wage: 21.5,
      venue: "Middle Harbor Cross-Dock",
      address: "1717 Middle Harbor Rd",
      city: "Oakland",
      zip: "94607",
      latitude: 37.8048,
      longitude: -122.3143,
      notification_distance: 25,
      badge_requirements: [requirement(5501, badges[0])],
      updated_at: railsTime(now - 5 * hour),
    }),
    request({
      id: 41202,
      state: "filled",
      request_name: "Banquet Server – Reno-Sparks Convention Center",
      category: "Event Staff",
      description:
        "Tasks: Set tables, serve a plated dinner for 400 guests, clear and reset the hall.\n\nArrival: Staff entrance on the south side, off Peckham Ln. Black pants, non-slip shoes.",
      description_tasks:
        "Set tables, serve a plated dinner for 400 guests, clear and reset the hall.",
      description_arrival:
        "Staff entrance on the south side, off Peckham Ln. Black pants, non-slip shoes.",
      slots: 1,
      start_time: at(2, 16),
      duration: 360,
      wage: 19,
      venue: "Reno-Sparks Convention Center",
      address: "4590 S Virginia St",
      city: "Reno",
      zip: "89502",
      latitude: 39.4862,
      longitude: -119.7932,
      notification_distance: 15,
      updated_at: railsTime(now - 3 * hour),
    }),
    request({
      id: 41203,
      state: "draft",
      request_name: "Produce Packer – Fresno",
      category: "Food Production",
      description: "Tasks: Sort and pack stone fruit on the line.",
      description_tasks: "Sort and pack stone fruit on the line.",
      slots: 6,
      duration: 480,
      wage: 18.25,
      city: "Fresno",
      zip: "93721",
      updated_at: railsTime(now - hour),
    }),
  ];
  const hired = railsTime(now - 20 * hour);
  // Aisha Okafor (the third seeded worker), of Reno.
  const jobs = [
    {
      id: 77001,
      state: "filled",
      job_request_id: 41202,
      user_id: 880103,
      created_at: hired,
      updated_at: hired,
      confirmed_at: hired,
      requestor_notes: "Worked our December gala: asked for her again.",
      w2_pay_status: null,
      transitions: [
        {
          id: 990001,
          job_id: 77001,
          created_at: hired,
          name: "filled",
          latitude: null,
          longitude: null,
        },
      ],
    },
  ];
  return {
    jobRequests,
    jobs,
    nextJobRequestId: 41204,
    nextJobId: 77002,
    nextTransitionId: 990002,
    nextBadgeRequirementId: 5502,
    messages: [],
    nextMessageId: 660001,
  };
}

export function createFakeRealService() {
  let db = seed();
  /** token → { expiresAt, revoked } */
  const tokens = new Map();

  const send = (res, status, body, type = "application/json; charset=utf-8") => {
    res.writeHead(status, { "content-type": type });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  };
  /** A record that does not exist (the route does). */
  const notFound = (res) => send(res, 404, { errors: ["Not found"] });
  /** A route that does not exist: Rails' own page, in HTML, whatever the client accepts. */
  const noRoute = (res) =>
    send(
      res,
      404,
      "<!DOCTYPE html>\n<html><head><title>The page you were looking for doesn't exist (404)</title></head>\n<body><h1>The page you were looking for doesn't exist.</h1></body></html>\n",
      "text/html; charset=utf-8",
    );

  const readBody = async (req) => {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    return Buffer.concat(chunks).toString("utf8");
  };

  const tokenError = (req, url) => {
    const auth = req.headers.authorization ?? "";
    const token = auth.startsWith("Bearer ") ? auth.slice(7) : url.searchParams.get("token");
    const t = token && tokens.get(token);
    if (!token) return "Token required";
    if (!t) return "Invalid token";
    if (t.revoked || t.expiresAt <= Date.now()) return "Token expired";
    return null;
  };

  /** Field errors as the real service sends them: `{"errors": {"email": ["..."]}}`. */
  const validate = (u, self) => {
    const errors = {};
    for (const k of ["first_name", "last_name", "email", "phone"]) {
      if (typeof u[k] !== "string" || !u[k].trim()) errors[k] = ["can't be blank"];
    }
    const email = String(u.email ?? "").toLowerCase();
    if (email && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) errors.email = ["is invalid"];
    else if (email && db.users.some((o) => o !== self && o.email.toLowerCase() === email))
      errors.email = ["has already been taken"];
    return Object.keys(errors).length ? errors : null;
  };

  const applyFields = (user, fields) => {
    for (const k of WRITABLE) if (k in fields) user[k] = fields[k];
    for (const a of Array.isArray(fields.user_badges_attributes)
      ? fields.user_badges_attributes
      : []) {
      if (a._destroy) {
        user.user_badges = user.user_badges.filter(
          (b) => b.id !== Number(a.id) && b.badge_id !== String(a.badge_id),
        );
      } else if (db.badges.some((b) => String(b.id) === String(a.badge_id))) {
        user.user_badges.push({
          id: db.nextUserBadgeId++,
          user_id: user.id,
          badge_id: String(a.badge_id),
          created_at: railsTime(Date.now()),
        });
      }
    }
    user.updated_at = railsTime(Date.now());
  };

  async function handle(req, res) {
    const url = new URL(req.url ?? "/", "http://fake.invalid");
    const route = `${req.method} ${url.pathname.replace(/\/+$/, "")}`;

    if (route === "POST /__control/expire-tokens") {
      for (const t of tokens.values()) t.revoked = true;
      return send(res, 200, { expired: tokens.size });
    }
    if (route === "POST /__control/reset") {
      db = seed();
      return send(res, 200, {
        users: db.users.length,
        job_requests: db.jobRequests.length,
        jobs: db.jobs.length,
      });
    }
    const reply = route.match(/^POST \/__control\/jobs\/(\d+)\/message$/);
    if (reply) {
      const job = db.jobs.find((j) => j.id === Number(reply[1]));
      if (!job) return notFound(res);
      const { body } = JSON.parse((await readBody(req)) || "{}");
      return send(res, 201, addMessage(job, job.user_id, EMPLOYER.id, String(body ?? "")));
    }
    const control = route.match(/^POST \/__control\/jobs\/(\d+)\/(\w+)$/);
    if (control) {
      const job = db.jobs.find((j) => j.id === Number(control[1]));
      const move = Object.hasOwn(WORKER_MOVES, control[2]) ? WORKER_MOVES[control[2]] : null;
      if (!job) return notFound(res);
      if (!move)
        return send(res, 422, {
          errors: { action: [`must be one of ${Object.keys(WORKER_MOVES).join(", ")}`] },
        });
      if (!move[0].includes(job.state))
        return send(res, 422, { errors: { state: [`cannot ${control[2]} a ${job.state} job`] } });
      moveJob(job, move[1]);
      syncRequest(requestOf(job));
      return send(res, 200, { job: jobJson(job) });
    }
    if (route === "POST /api_v2/authenticate") {
      // Form-encoded body (as the real service's clients send it), or query parameters.
      const form = new URLSearchParams(await readBody(req));
      const apiKey = form.get("api_key") ?? url.searchParams.get("api_key");
      const secretKey = form.get("secret_key") ?? url.searchParams.get("secret_key");
      if (!apiKey || !secretKey)
        return send(res, 422, { errors: ["api_key and secret_key are required"] });
      if (apiKey !== FAKE_LIVE_KEYS.api_key || secretKey !== FAKE_LIVE_KEYS.secret_key)
        return send(res, 401, { errors: ["Invalid credentials"] });
      const token = crypto.randomBytes(24).toString("base64url");
      const expiresAt = Date.now() + 24 * 3600_000;
      tokens.set(token, { expiresAt, revoked: false });
      return send(res, 200, {
        token,
        expires_at: `${new Date(expiresAt).toISOString().slice(0, 19)}Z`,
      });
    }
    if (route === "GET /api_v2/messages" || route === "POST /api_v2/messages") {
      const expired = tokenError(req, url);
      if (expired) return send(res, 401, { error: expired });
      return messagesRoute(req, res, url);
    }
    // Rails routes first: a path the service does not have is its HTML 404, token or not.
    const m =
      route.match(/^(GET|POST|PATCH) \/api_v2\/(users|badges)(?:\/(invite|\d+))?$/) ??
      route.match(/^(GET|POST|PATCH) \/api_v2\/(job_requests|jobs)(?:\/(assign|\d+))?$/);
    if (!m) return noRoute(res);
    const [, method, resource, sub] = m;
    const expired = tokenError(req, url);
    if (expired) return send(res, 401, { error: expired });
    let body = {};
    if (method !== "GET") {
      try {
        body = JSON.parse((await readBody(req)) || "{}");
      } catch {
        return send(res, 400, { errors: ["Malformed JSON"] });
      }
    }
    if (resource === "job_requests") return jobRequestsRoute(res, url, method, sub, body);
    if (resource === "jobs") return jobsRoute(res, url, method, sub, body);
    const fields = body && typeof body.user === "object" && body.user ? body.user : body;

    if (resource === "badges" && method === "GET" && !sub) {
      const q = (url.searchParams.get("query") ?? "").toLowerCase();
      return send(res, 200, { badges: db.badges.filter((b) => b.name.toLowerCase().includes(q)) });
    }
    if (resource !== "users") return notFound(res);
    if (method === "GET" && !sub) {
      const { page, per } = paging(url);
      const q = (url.searchParams.get("q") ?? "").trim().toLowerCase();
      const text = (u) => [u.first_name, u.last_name, u.email, u.phone, u.external_id].join(" ");
      const hits = db.users
        .filter((u) => text(u).toLowerCase().includes(q))
        .sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at));
      return send(res, 200, { users: hits.slice((page - 1) * per, page * per) });
    }
    if (method === "POST" && sub === "invite") {
      const errors = validate(fields, null);
      if (errors) return send(res, 422, { errors });
      const user = userObject({ id: db.nextUserId++ });
      applyFields(user, fields);
      db.users.push(user);
      return send(res, 200, user);
    }
    const user = db.users.find((u) => u.id === Number(sub));
    if (!user || (method !== "GET" && method !== "PATCH")) return notFound(res);
    if (method === "GET") return send(res, 200, user);
    const errors = validate({ ...user, ...fields }, user);
    if (errors) return send(res, 422, { errors });
    applyFields(user, fields); // If-Match is not a thing here: last write wins.
    return send(res, 200, user);
  }

  // ---- Messages (GET and POST /messages; no unread counts, no marking read, no stream) -------

  const addMessage = (job, senderId, receiverId, body) => {
    const at = railsTime(Date.now());
    const m = {
      id: db.nextMessageId++,
      job_id: job.id,
      sender_id: senderId,
      receiver_id: receiverId,
      body,
      image_url: null,
      read_at: null,
      created_at: at,
      updated_at: at,
    };
    db.messages.push(m);
    return m;
  };

  async function messagesRoute(req, res, url) {
    if (req.method === "GET") {
      const { page, per } = paging(url);
      const jobId = Number(url.searchParams.get("job_id")) || null;
      const hits = db.messages
        .filter((m) => jobId === null || m.job_id === jobId)
        .sort((a, b) => b.id - a.id);
      return send(res, 200, { messages: hits.slice((page - 1) * per, page * per) });
    }
    let fields = {};
    try {
      const parsed = JSON.parse((await readBody(req)) || "{}");
      fields = parsed && typeof parsed.message === "object" ? parsed.message : parsed;
    } catch {
      return send(res, 400, { errors: ["Malformed JSON"] });
    }
    const job = db.jobs.find((j) => j.id === Number(fields.job_id));
    const errors = {};
    if (typeof fields.body !== "string" || !fields.body.trim()) errors.body = ["can't be blank"];
    if (!job) errors.job = ["must exist"];
    else if (Number(fields.receiver_id) !== job.user_id) errors.receiver = ["is invalid"];
    if (Number(fields.sender_id) !== EMPLOYER.id) errors.sender = ["is invalid"];
    if (Object.keys(errors).length) return send(res, 422, { errors });
    return send(res, 201, addMessage(job, EMPLOYER.id, job.user_id, fields.body));
  }

  // ---- Job requests and jobs -------------------------------------------------------------

  const paging = (url) => ({
    page: Math.max(1, Number(url.searchParams.get("page")) || 1),
    per: Math.min(50, Math.max(1, Number(url.searchParams.get("per")) || 50)),
  });
  /** A comma list filter (`state=posted,filled`), or null when absent. */
  const listParam = (url, name) => {
    const v = url.searchParams.get(name);
    return v ? v.split(",").map((x) => x.trim()) : null;
  };
  /** The resource's fields under its key (`{"job_request": {...}}`) or flat. */
  const fieldsOf = (body, key) =>
    body && typeof body[key] === "object" && body[key] !== null ? body[key] : (body ?? {});
  const blank = (v) => v == null || (typeof v === "string" && !v.trim());
  const hasErrors = (errors) => Object.keys(errors).length > 0;
  const addError = (errors, field, message) => {
    errors[field] = [...(errors[field] ?? []), message];
  };

  const requestOf = (job) => db.jobRequests.find((r) => r.id === job.job_request_id);
  const jobsOf = (r) => db.jobs.filter((j) => j.job_request_id === r.id);

  const jobRequestJson = (r) => {
    const counts = {};
    for (const j of jobsOf(r)) counts[j.state] = (counts[j.state] ?? 0) + 1;
    const full = {
      ...r,
      postal_code: r.zip,
      company_id: COMPANY_ID,
      preferred_wonoloers_info: [],
      in_white_gloves_period: false,
      cached_job_states: counts,
    };
    return Object.fromEntries(JR_FIELDS.map((k) => [k, full[k] ?? null]));
  };

  const jobJson = (j) => {
    const r = requestOf(j);
    const minutes =
      j.actual_duration ??
      (j.started_at && j.completed_at
        ? Math.max(0, Math.round((Date.parse(j.completed_at) - Date.parse(j.started_at)) / 60_000))
        : null);
    const full = {
      ...j,
      hours_worked: minutes === null ? null : Math.round((minutes / 60) * 100) / 100,
      classification: r?.classification ?? "1099",
      w2_hourly_rate: r?.w2_hourly_rate ?? null,
      worker: db.users.find((u) => u.id === j.user_id) ?? null,
      employer: EMPLOYER,
    };
    return Object.fromEntries(JOB_FIELDS.map((k) => [k, full[k] ?? null]));
  };

  /** One move of a job: the state's time stamped, a transition recorded. */
  function moveJob(job, to, extra = {}) {
    const t = railsTime(Date.now());
    if (to === "filled") job.confirmed_at = t;
    if (to === "in_progress" && !job.started_at) job.started_at = t;
    if (to === "completed") {
      job.completed_at = t;
      job.finished_at = t;
    }
    if (to === "cancelled") job.cancelled_reason = extra.cancelled_reason ?? null;
    job.state = to;
    job.updated_at = t;
    job.transitions.push({
      id: db.nextTransitionId++,
      job_id: job.id,
      created_at: t,
      name: to,
      latitude: null,
      longitude: null,
    });
  }

  /** "Generally speaking, the state of a Job Request is determined by the states of the Jobs." */
  function syncRequest(r) {
    if (!r || r.state === "draft" || r.state === "cancelled") return;
    const holding = jobsOf(r).filter((j) => HOLDING.includes(j.state));
    const full = holding.length >= (r.slots ?? 0) && holding.length > 0;
    let next = r.state;
    if (holding.some((j) => j.state === "in_progress" || j.state === "paused"))
      next = "in_progress";
    else if (full && holding.every((j) => j.state === "approved")) next = "approved";
    else if (full && holding.every((j) => j.state === "completed" || j.state === "approved"))
      next = "completed";
    else if (full) next = "filled";
    else if (["filled", "in_progress", "completed", "approved"].includes(r.state)) next = "posted";
    if (next !== r.state) {
      r.state = next;
      r.updated_at = railsTime(Date.now());
    }
  }

  /** `2026-12-01 09:30` (read in -07:00, as the service's zone) or ISO 8601 with an offset. */
  const parseStart = (v) => {
    const m =
      /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(
        String(v).trim(),
      );
    if (!m) return null;
    const ms = Date.parse(`${m[1]}T${m[2]}${m[3] ?? ":00"}${m[5] ?? "-07:00"}`);
    return Number.isNaN(ms) ? null : railsTime(ms);
  };

  /** A body's fields onto a request (a copy); what the service refuses goes to `errors`. */
  function applyJobRequest(r, f, errors) {
    for (const k of JR_TEXT) {
      if (k in f) r[k] = f[k] === null ? null : String(f[k]);
    }
    for (const k of JR_INTS) {
      if (!(k in f)) continue;
      if (blank(f[k])) r[k] = null;
      else if (!Number.isInteger(Number(f[k]))) addError(errors, k, "is not a number");
      else r[k] = Number(f[k]);
    }
    for (const k of JR_NUMBERS) {
      if (!(k in f)) continue;
      if (blank(f[k])) r[k] = null;
      else if (!Number.isFinite(Number(f[k]))) addError(errors, k, "is not a number");
      else r[k] = Number(f[k]);
    }
    for (const k of JR_BOOLS) {
      if (k in f) r[k] = f[k] === true || f[k] === "true" || f[k] === "1" || f[k] === 1;
    }
    for (const k of JR_ID_LISTS) {
      if (k in f) r[k] = (Array.isArray(f[k]) ? f[k] : []).map(Number).filter(Number.isInteger);
    }
    if ("w2_hourly_rate" in f) {
      if (blank(f.w2_hourly_rate)) r.w2_hourly_rate = null;
      else if (!Number.isFinite(Number(f.w2_hourly_rate)))
        addError(errors, "w2_hourly_rate", "is not a number");
      else r.w2_hourly_rate = Number(f.w2_hourly_rate).toFixed(2);
    }
    if ("start_time" in f) {
      if (blank(f.start_time)) r.start_time = null;
      else {
        const t = parseStart(f.start_time);
        if (t) r.start_time = t;
        else addError(errors, "start_time", "is invalid");
      }
    }
    // "If the description_ fields are specified, description will automatically be populated."
    if (!("description" in f) && DESCRIPTION_PARTS.some(([k]) => k in f)) {
      const parts = DESCRIPTION_PARTS.filter(([k]) => !blank(r[k])).map(
        ([k, label]) => `${label}: ${r[k]}`,
      );
      if (parts.length) r.description = parts.join("\n\n");
    }
    for (const a of Array.isArray(f.badge_requirements_attributes)
      ? f.badge_requirements_attributes
      : []) {
      if (!a || typeof a !== "object") continue;
      if (a._destroy && a._destroy !== "false" && a._destroy !== "0") {
        r.badge_requirements = r.badge_requirements.filter(
          (b) => b.id !== Number(a.id) && b.badge_id !== Number(a.badge_id),
        );
        continue;
      }
      const badge = db.badges.find((b) => b.id === Number(a.badge_id));
      if (!badge) addError(errors, "badge_requirements.badge", "must exist");
      else if (r.badge_requirements.some((b) => b.badge_id === badge.id))
        addError(errors, "badge_requirements.badge_id", "has already been taken");
      else
        r.badge_requirements.push({
          id: db.nextBadgeRequirementId++,
          badge_id: badge.id,
          badge_name: badge.name,
          badge_icon_url: badge.icon_url,
          badge_description: badge.description,
        });
    }
    if ("state" in f) r.state = f.state;
  }

  /** The model's validations, on the request as it would be saved. */
  function validateJobRequest(r, errors) {
    if (r.state !== "draft" && r.state !== "cancelled") {
      for (const k of ["request_name", "category", "address", "city", "zip", "slots"]) {
        if (blank(r[k]) && !errors[k]) addError(errors, k, "can't be blank");
      }
      if (blank(r.description) && blank(r.description_tasks))
        addError(errors, "description", "can't be blank");
    }
    if (!blank(r.category) && !FAKE_CATEGORIES.includes(r.category) && !errors.category)
      addError(errors, "category", "is not included in the list");
    if (r.slots != null && r.slots < 1 && !errors.slots)
      addError(errors, "slots", "must be greater than 0");
    if (r.duration != null && r.duration < 1 && !errors.duration)
      addError(errors, "duration", "must be greater than 0");
    if (r.classification !== "1099" && r.classification !== "w2")
      addError(errors, "classification", "is not included in the list");
    else if (r.classification === "w2" && r.w2_hourly_rate == null && !errors.w2_hourly_rate)
      addError(errors, "w2_hourly_rate", "can't be blank");
    if ((r.latitude == null) !== (r.longitude == null))
      addError(errors, r.latitude == null ? "latitude" : "longitude", "can't be blank");
  }

  function jobRequestsRoute(res, url, method, sub, body) {
    if (sub === "assign" || (!sub && method === "PATCH")) return noRoute(res);
    if (method === "GET" && !sub) {
      const { page, per } = paging(url);
      const states = listParam(url, "state");
      const classification = url.searchParams.get("classification");
      // Other filters (our category, zip) are not the service's: ignored, as Rails ignores them.
      const hits = db.jobRequests
        .filter((r) => !states || states.includes(r.state))
        .filter((r) => !classification || r.classification === classification)
        .sort((a, b) => b.id - a.id);
      return send(res, 200, {
        job_requests: hits.slice((page - 1) * per, page * per).map(jobRequestJson),
      });
    }
    const f = fieldsOf(body, "job_request");
    const errors = {};
    if (method === "POST" && !sub) {
      if (blank(f.state)) addError(errors, "state", "can't be blank");
      else if (!CREATE_STATES.includes(f.state))
        addError(errors, "state", "is not included in the list");
      const r = structuredClone({ ...JR_DEFAULTS, employer_id: EMPLOYER.id });
      applyJobRequest(r, f, errors);
      validateJobRequest(r, errors);
      if (hasErrors(errors)) return send(res, 422, { errors });
      r.id = db.nextJobRequestId++;
      r.updated_at = railsTime(Date.now());
      db.jobRequests.push(r);
      return send(res, 201, { job_request: jobRequestJson(r) });
    }
    if (method === "POST") return noRoute(res);
    const current = db.jobRequests.find((r) => r.id === Number(sub));
    if (!current) return notFound(res);
    if (method === "GET") return send(res, 200, { job_request: jobRequestJson(current) });

    // PATCH
    if (["cancelled", "completed", "approved"].includes(current.state))
      return send(res, 422, { errors: { state: [`is ${current.state} and can't be changed`] } });
    if ("state" in f && f.state !== current.state) {
      if (!(REQUEST_MOVES[current.state] ?? []).includes(f.state))
        addError(errors, "state", `cannot transition from ${current.state} to ${f.state}`);
    }
    const r = structuredClone(current);
    applyJobRequest(r, f, errors);
    validateJobRequest(r, errors);
    const held = jobsOf(current).filter((j) => HOLDING.includes(j.state)).length;
    if (r.slots != null && r.slots < held && !errors.slots)
      addError(errors, "slots", `can't be fewer than the ${held} workers already assigned`);
    if (hasErrors(errors)) return send(res, 422, { errors });
    r.updated_at = railsTime(Date.now());
    Object.assign(current, r);
    // "All Jobs attached to this Job Request will also be cancelled."
    if (current.state === "cancelled") {
      for (const j of jobsOf(current)) {
        if (["pending", "filled", "in_progress", "paused"].includes(j.state))
          moveJob(j, "cancelled", { cancelled_reason: "decided_to_cancel" });
      }
    } else syncRequest(current);
    return send(res, 200, { job_request: jobRequestJson(current) });
  }

  function jobsRoute(res, url, method, sub, body) {
    if (method === "GET" && !sub) {
      const { page, per } = paging(url);
      const states = listParam(url, "state");
      const requestId = Number(url.searchParams.get("job_request_id")) || null;
      // worker_id is ours, not the service's: ignored, so every job comes back.
      const hits = db.jobs
        .filter((j) => !states || states.includes(j.state))
        .filter((j) => !requestId || j.job_request_id === requestId)
        .sort((a, b) => b.id - a.id);
      return send(res, 200, { jobs: hits.slice((page - 1) * per, page * per).map(jobJson) });
    }
    const f = fieldsOf(body, "job");
    const errors = {};
    if (method === "POST" && sub === "assign") return assign(res, f);
    if (method === "POST" || !sub || sub === "assign") return noRoute(res);
    const job = db.jobs.find((j) => j.id === Number(sub));
    if (!job) return notFound(res);
    if (method === "GET") return send(res, 200, { job: jobJson(job) });

    // PATCH: the requestor's moves, and notes.
    if ("state" in f && f.state !== job.state) {
      if (!(REQUESTOR_MOVES[job.state] ?? []).includes(f.state))
        addError(errors, "state", `cannot transition from ${job.state} to ${f.state}`);
    }
    const reasons = ["admin_cancelled", "decided_to_cancel", "asked_to_cancel"];
    if (!blank(f.cancelled_reason) && !reasons.includes(f.cancelled_reason))
      addError(errors, "cancelled_reason", "is not included in the list");
    if (!blank(f.actual_duration) && !Number.isInteger(Number(f.actual_duration)))
      addError(errors, "actual_duration", "is not a number");
    if (hasErrors(errors)) return send(res, 422, { errors });
    if ("requestor_notes" in f) job.requestor_notes = f.requestor_notes;
    if ("actual_duration" in f)
      job.actual_duration = blank(f.actual_duration) ? null : Number(f.actual_duration);
    if ("state" in f && f.state !== job.state) {
      moveJob(job, f.state, { cancelled_reason: f.cancelled_reason ?? null });
      syncRequest(requestOf(job));
    } else job.updated_at = railsTime(Date.now());
    return send(res, 200, { job: jobJson(job) });
  }

  /** POST /jobs/assign: hires a worker onto a request (the reference's body is flat). */
  function assign(res, f) {
    const errors = {};
    const r = db.jobRequests.find((x) => x.id === Number(f.job_request_id));
    const worker = db.users.find((u) => u.id === Number(f.worker_id));
    if (blank(f.job_request_id)) addError(errors, "job_request_id", "can't be blank");
    else if (!r) addError(errors, "job_request_id", "does not exist");
    if (blank(f.worker_id)) addError(errors, "worker_id", "can't be blank");
    else if (!worker) addError(errors, "worker_id", "does not exist");
    if (hasErrors(errors)) return send(res, 422, { errors });
    const slots = r.slots ?? 0;
    const held = jobsOf(r).filter((j) => HOLDING.includes(j.state)).length;
    const missing = r.badge_requirements
      .filter((b) => !worker.user_badges.some((ub) => String(ub.badge_id) === String(b.badge_id)))
      .map((b) => b.badge_name);
    if (jobsOf(r).some((j) => j.user_id === worker.id))
      addError(errors, "worker_id", "is already assigned to this job request");
    else if (r.state === "filled" || (["posted", "unassigned"].includes(r.state) && held >= slots))
      addError(errors, "job_request_id", `has no open slots (${held} of ${slots} filled)`);
    else if (!["posted", "unassigned"].includes(r.state))
      addError(errors, "job_request_id", `is ${r.state}: workers are assigned to posted requests`);
    else if (worker.suspended) addError(errors, "worker_id", "is suspended");
    else if (r.ban_list.includes(worker.id))
      addError(errors, "worker_id", "is on the ban list of this job request");
    else if (missing.length)
      addError(errors, "worker_id", `does not have the required badges: ${missing.join(", ")}`);
    if (hasErrors(errors)) return send(res, 422, { errors });
    const t = railsTime(Date.now());
    const job = {
      id: db.nextJobId++,
      state: "filled",
      job_request_id: r.id,
      user_id: worker.id,
      created_at: t,
      updated_at: t,
      confirmed_at: t,
      requestor_notes: blank(f.requestor_notes) ? null : String(f.requestor_notes),
      transitions: [],
    };
    job.transitions.push({
      id: db.nextTransitionId++,
      job_id: job.id,
      created_at: t,
      name: "filled",
      latitude: null,
      longitude: null,
    });
    db.jobs.push(job);
    syncRequest(r);
    return send(res, 201, { job: jobJson(job) });
  }

  return http.createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { errors: ["Internal server error"] }));
  });
}

/** Starts the fake on 127.0.0.1 and resolves once it listens. */
export function startFakeRealService(port = Number(process.env.FAKE_REAL_PORT || 3499)) {
  const server = createFakeRealService();
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startFakeRealService();
  const { port } = server.address();
  process.stderr.write(`fake real service on http://127.0.0.1:${port}/api_v2\n`);
}
