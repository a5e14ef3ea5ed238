// A stand-in for the REAL staffing service (the one at api.wonolo.com/api_v2), for the browser
// journeys in real-service.spec.ts: one live company, in memory, no dependencies. It behaves the
// way the real service's public clients show it behaving, which is NOT how our own /api_v2 does:
//   - errors are `{"errors": [...]}`, `{"errors": {"field": [...]}}` or `{"error": "..."}`,
//     never our `{"error": {"code", "message"}}`;
//   - lists are `{"users": [...]}` with no total/page/per, at most 50 a page;
//   - there is no /api_v2/me (a Rails-style HTML 404), no ETag, and If-Match is ignored;
//   - invite answers 200, timestamps carry a -07:00 offset.
// Control calls for the tests: POST /__control/expire-tokens (every token issued so far answers
// 401 from now on) and POST /__control/reset (the seeded company again).
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
  return { users, badges, nextUserId: 880101 + users.length, nextUserBadgeId: 6000 };
}

export function createFakeRealService() {
  let db = seed();
  /** token → { expiresAt, revoked } */
  const tokens = new Map();

  const send = (res, status, body, type = "application/json; charset=utf-8") => {
    res.writeHead(status, { "content-type": type });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  };
  const notFound = (res) => send(res, 404, { errors: ["Not found"] });

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
      return send(res, 200, { users: db.users.length });
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
    if (route === "GET /api_v2/me") {
      const html =
        "<!DOCTYPE html>\n<html><head><title>The page you were looking for doesn't exist (404)</title></head>\n<body><h1>The page you were looking for doesn't exist.</h1></body></html>\n";
      return send(res, 404, html, "text/html; charset=utf-8");
    }

    const m = route.match(/^(GET|POST|PATCH) \/api_v2\/(users|badges)(?:\/(invite|\d+))?$/);
    if (!m) return notFound(res);
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
    const fields = body && typeof body.user === "object" && body.user ? body.user : body;

    if (resource === "badges" && method === "GET" && !sub) {
      const q = (url.searchParams.get("query") ?? "").toLowerCase();
      return send(res, 200, { badges: db.badges.filter((b) => b.name.toLowerCase().includes(q)) });
    }
    if (resource !== "users") return notFound(res);
    if (method === "GET" && !sub) {
      const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
      const per = Math.min(50, Math.max(1, Number(url.searchParams.get("per")) || 50));
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
