import { describe, expect, it } from "vitest";
import {
  answerShape,
  forwardedSearch,
  originAllowed,
  proxyAllows,
  requestOriginAllowed,
} from "@/lib/portal/server/proxy-rules";

describe("proxyAllows: the browser reaches only the calls the portal needs", () => {
  it.each([
    ["GET", "me"],
    ["GET", "users"],
    ["POST", "users/invite"],
    ["GET", "users/1"],
    ["GET", "users/1234567890"],
    ["PATCH", "users/42"],
    ["GET", "badges"],
    ["POST", "badges"],
    ["GET", "badges/7"],
    ["PATCH", "badges/7"],
    ["DELETE", "badges/7"],
    ["GET", "jobs"],
    ["GET", "job_requests"],
    ["POST", "job_requests"],
    ["GET", "job_requests/categories"],
    ["GET", "job_requests/12"],
    ["PATCH", "job_requests/12"],
    ["GET", "job_requests/12/candidates"],
    ["POST", "multi_day_job_requests"],
    ["GET", "multi_day_job_requests/4"],
    ["PATCH", "multi_day_job_requests/4"],
    ["POST", "multi_day_job_requests/4/cancel"],
    ["POST", "jobs/assign"],
    ["GET", "jobs/5"],
    ["PATCH", "jobs/5"],
    ["POST", "jobs/5/simulate"],
    ["GET", "users/42/history"],
    ["GET", "mails"],
    ["GET", "webhooks"],
    ["POST", "webhooks"],
    ["DELETE", "webhooks/3"],
    ["GET", "webhook_deliveries"],
    ["POST", "webhook_deliveries/17/resend"],
    ["GET", "messages"],
    ["POST", "messages"],
    ["GET", "messages/unread"],
    ["POST", "messages/mark_read"],
    // Method names are case-insensitive; surrounding slashes are tolerated.
    ["get", "users"],
    ["patch", "users/42"],
    ["GET", "/users/42/"],
  ])("allows %s %s", (method, path) => {
    expect(proxyAllows(method, path)).toBe(true);
  });

  it.each([
    // Path traversal and odd segments never pass, whatever they would resolve to.
    ["GET", "users/../badges"],
    ["GET", "users/./1"],
    ["GET", "../authenticate"],
    ["GET", "users//1"],
    ["GET", "users/1/extra"],
    ["GET", "users/abc"],
    ["GET", "users/12345678901"],
    ["GET", "users/-1"],
    // Writes the portal never makes.
    ["DELETE", "badges"],
    ["DELETE", "badges/abc"],
    ["DELETE", "users/1"],
    ["PUT", "users/1"],
    ["POST", "users"],
    ["PATCH", "users"],
    ["POST", "users/1"],
    ["PATCH", "badges"],
    ["PUT", "badges/1"],
    ["POST", "jobs"],
    ["DELETE", "job_requests/12"],
    ["PUT", "job_requests/12"],
    ["POST", "job_requests/12/candidates"],
    ["GET", "jobs/assign"],
    ["GET", "jobs/5/simulate"],
    ["PATCH", "jobs"],
    ["POST", "job_requests/abc"],
    ["PATCH", "users/42/history"],
    ["POST", "mails"],
    ["DELETE", "mails"],
    // Messages: the portal reads conversations, writes, counts and marks read; no more.
    ["GET", "messages/stream"],
    ["PATCH", "messages/3"],
    ["DELETE", "messages/3"],
    ["POST", "messages/unread"],
    ["GET", "messages/mark_read"],
    ["DELETE", "webhooks"],
    ["PATCH", "webhooks/3"],
    ["GET", "webhooks/abc"],
    ["POST", "webhook_deliveries"],
    ["GET", "webhook_deliveries/17/resend"],
    ["POST", "webhook_deliveries/x/resend"],
    ["GET", "users/abc/history"],
    ["GET", "users/1/history/1"],
    // Calls that are not for the browser at all.
    ["POST", "authenticate"],
    ["GET", "authenticate"],
    ["GET", "info"],
    ["GET", "openapi.json"],
    ["GET", ""],
    ["GET", "users/invite"],
    ["GET", "usersx"],
    ["GET", "xusers"],
    // The worker-facing invitation calls are public: the page calls /api_v2 itself.
    ["POST", "invitations/inspect"],
    ["POST", "invitations/accept"],
  ])("refuses %s %s", (method, path) => {
    expect(proxyAllows(method, path)).toBe(false);
  });
});

describe("originAllowed: writes only from the portal's own pages", () => {
  const allowed = ["http://127.0.0.1:3000", "https://portal.example.com"];

  it.each([
    { method: "POST", origin: "http://127.0.0.1:3000", expected: true, why: "own origin" },
    { method: "DELETE", origin: "http://127.0.0.1:3000", expected: true, why: "own origin" },
    { method: "POST", origin: "https://portal.example.com", expected: true, why: "public origin" },
    {
      method: "POST",
      origin: "https://portal.example.com:443",
      expected: true,
      why: "default port written out",
    },
    {
      method: "PATCH",
      origin: "https://127.0.0.1:3000",
      expected: false,
      why: "same host, other scheme",
    },
    {
      method: "POST",
      origin: "http://portal.example.com",
      expected: false,
      why: "public host over plain http",
    },
    { method: "POST", origin: "http://evil.example", expected: false, why: "foreign origin" },
    {
      method: "POST",
      origin: "http://127.0.0.1:3001",
      expected: false,
      why: "same address, other port",
    },
    { method: "POST", origin: "http://localhost:3000", expected: false, why: "other host name" },
    {
      method: "POST",
      origin: "http://127.0.0.1:3000.evil.example",
      expected: false,
      why: "look-alike host",
    },
    { method: "POST", origin: "ftp://127.0.0.1:3000", expected: false, why: "not http(s)" },
    { method: "POST", origin: null, expected: false, why: "missing origin on a write" },
    { method: "PATCH", origin: null, expected: false, why: "missing origin on a write" },
    { method: "POST", origin: "null", expected: false, why: "opaque origin (sandboxed page)" },
    { method: "POST", origin: "not a url", expected: false, why: "malformed origin" },
    { method: "POST", origin: "", expected: false, why: "empty origin" },
    { method: "GET", origin: null, expected: true, why: "a read needs no origin" },
    { method: "GET", origin: "http://evil.example", expected: true, why: "reads are always ok" },
    { method: "HEAD", origin: null, expected: true, why: "safe method" },
    { method: "OPTIONS", origin: null, expected: true, why: "safe method" },
    { method: "get", origin: "garbage", expected: true, why: "method case does not matter" },
  ])("$method from $origin → $expected ($why)", ({ method, origin, expected }) => {
    expect(originAllowed(method, origin, allowed)).toBe(expected);
  });

  it("refuses every write when no origin is allowed", () => {
    expect(originAllowed("POST", "http://127.0.0.1:3000", [])).toBe(false);
  });
});

describe("requestOriginAllowed: the request's own origin is its scheme and checked host", () => {
  const post = (headers: Record<string, string>, url = "http://127.0.0.1:3000/api/session") =>
    requestOriginAllowed(new Request(url, { method: "POST", headers }));

  it("takes the scheme and host our server established", () => {
    const ours = { "x-ep-proto": "https", "x-ep-host": "portal.example.com" };
    expect(post({ ...ours, origin: "https://portal.example.com" })).toBe(true);
    expect(post({ ...ours, origin: "http://portal.example.com" })).toBe(false);
    // The Host header (here the proxy's name for us) is not what the browser asked for.
    expect(post({ ...ours, host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" })).toBe(false);
  });

  it("outside our server, falls back to the URL's scheme and the Host header", () => {
    expect(post({ host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" })).toBe(true);
    expect(post({ host: "127.0.0.1:3000", origin: "https://127.0.0.1:3000" })).toBe(false);
    expect(post({ host: "evil.example/x", origin: "http://evil.example" })).toBe(false);
  });
});

describe("answerShape: what the pages rely on is checked on the way through", () => {
  const user = { id: 880101, first_name: "Maria", user_badges: [] };
  it.each([
    { call: "GET users", body: { users: [user] }, ok: true },
    { call: "GET users", body: [user], ok: true, why: "a bare array" },
    { call: "GET users", body: { users: [] }, ok: true },
    { call: "GET users", body: { status: "ok", data: "maintenance" }, ok: false },
    { call: "GET users", body: { users: "none" }, ok: false },
    { call: "GET users/42", body: user, ok: true },
    { call: "GET users/42", body: { ...user, id: "42" }, ok: true, why: "a string id" },
    { call: "GET users/42", body: { users: [user] }, ok: false, why: "a list for a record" },
    { call: "GET users/42", body: [user], ok: false },
    { call: "PATCH users/42", body: { first_name: "Maria" }, ok: false, why: "no id" },
    { call: "POST users/invite", body: user, ok: true },
    { call: "POST users/invite", body: { user }, ok: true, why: "wrapped in user" },
    { call: "POST users/invite", body: { ok: true }, ok: false },
    { call: "GET badges", body: { badges: [] }, ok: true },
    { call: "GET badges", body: { users: [] }, ok: false, why: "another resource's list" },
    { call: "GET job_requests/3", body: { job_request: { id: 3 } }, ok: true },
    { call: "GET job_requests/3", body: { id: 3 }, ok: true, why: "bare" },
    { call: "GET job_requests/3", body: { job: { id: 3 } }, ok: false, why: "another key" },
    { call: "POST jobs/assign", body: { job: { id: 9 } }, ok: true },
    { call: "GET job_requests/3/candidates", body: { candidates: [] }, ok: true },
    { call: "GET job_requests/3/candidates", body: { html: "<p>" }, ok: false },
    { call: "POST badges", body: { id: 7, name: "Forklift" }, ok: true },
    { call: "GET messages", body: { messages: [], page: 1, per: 50, total: 0 }, ok: true },
    { call: "GET messages", body: { jobs: [] }, ok: false, why: "another resource's list" },
    { call: "POST messages", body: { message: { id: 12 } }, ok: true },
    { call: "POST jobs/5/simulate", body: { job: { id: 5 } }, ok: true, why: "a worker's move" },
    { call: "POST jobs/5/simulate", body: { message: { id: 12 } }, ok: true, why: "a reply" },
    { call: "POST jobs/5/simulate", body: { ok: true }, ok: false },
  ])("$call with $body → $ok", ({ call, body, ok }) => {
    const [method, path] = call.split(" ") as [string, string];
    const shape = answerShape(method, path);
    expect(shape).toBeTypeOf("function");
    expect(shape?.(body)).toBe(ok);
  });

  it("has no opinion on calls whose answers the pages read leniently, nor on refused calls", () => {
    expect(answerShape("GET", "me")).toBeUndefined();
    expect(answerShape("GET", "mails")).toBeUndefined();
    expect(answerShape("DELETE", "webhooks/3")).toBeUndefined();
    expect(answerShape("GET", "users/../admin")).toBeUndefined();
  });
});

describe("forwardedSearch: the browser's query string, less any credential", () => {
  it.each([
    ["?page=2&per=50", "?page=2&per=50"],
    ["?token=junk", ""],
    ["?q=ada&token=other-companys-token&page=2", "?q=ada&page=2"],
    ["?TOKEN=x&Api_Key=pk_test_1&secret_key=sk_test_1&q=a", "?q=a"],
    ["?token=a&token=b", ""],
    ["", ""],
  ])("%s → %s", (search, expected) => {
    expect(forwardedSearch(new URL(`http://127.0.0.1:3000/api/proxy/users${search}`))).toBe(
      expected,
    );
  });
});
