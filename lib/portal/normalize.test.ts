import { describe, expect, it } from "vitest";
import { normalizeError, normalizeList } from "./normalize";

describe("normalizeError", () => {
  it("passes the house error shape through, fields included", () => {
    const body = {
      error: {
        code: "validation_failed",
        message: "Email has already been taken",
        fields: { email: ["has already been taken"] },
      },
    };
    expect(normalizeError(422, body)).toEqual(body.error);
  });

  it("keeps a house error without fields as it is (no empty fields key)", () => {
    expect(normalizeError(404, { error: { code: "not_found", message: "No such user" } })).toEqual({
      code: "not_found",
      message: "No such user",
    });
  });

  it("fills a house-shaped error's missing code and message from the status", () => {
    expect(normalizeError(409, { error: {} })).toEqual({
      code: "conflict",
      message: "The API refused the request (HTTP 409).",
    });
  });

  // The real service's shapes, and bodies that are no JSON object at all.
  it.each([
    {
      name: "Rails field errors {errors: {field: [...]}}",
      status: 422,
      body: { errors: { email: ["has already been taken"], first_name: ["can't be blank"] } },
      expected: {
        code: "validation_failed",
        message: "Email has already been taken; first name can't be blank",
        fields: { email: ["has already been taken"], first_name: ["can't be blank"] },
      },
    },
    {
      name: "field errors given as plain strings",
      status: 422,
      body: { errors: { phone: "is invalid" } },
      expected: {
        code: "validation_failed",
        message: "Phone is invalid",
        fields: { phone: ["is invalid"] },
      },
    },
    {
      name: "a list of messages {errors: [...]}",
      status: 400,
      body: { errors: ["Bad page", "Bad per"] },
      expected: { code: "malformed_request", message: "Bad page; Bad per" },
    },
    {
      name: "an empty list of messages",
      status: 400,
      body: { errors: [] },
      expected: { code: "malformed_request", message: "The API refused the request (HTTP 400)." },
    },
    {
      name: "{error: '...'}",
      status: 401,
      body: { error: "Invalid token" },
      expected: { code: "invalid_token", message: "Invalid token" },
    },
    {
      name: "{message: '...'}",
      status: 403,
      body: { message: "Not allowed for public pool" },
      expected: { code: "forbidden", message: "Not allowed for public pool" },
    },
    {
      name: "an HTML error page (a string)",
      status: 502,
      body: "<html><body><h1>502 Bad Gateway</h1></body></html>",
      expected: {
        code: "upstream_error",
        message: "The API had a problem answering. Try again in a moment.",
      },
    },
    {
      name: "no body (null)",
      status: 404,
      body: null,
      expected: { code: "not_found", message: "The API refused the request (HTTP 404)." },
    },
    {
      name: "an unknown 4xx status",
      status: 418,
      body: null,
      expected: { code: "error", message: "The API refused the request (HTTP 418)." },
    },
    {
      name: "a rate limit",
      status: 429,
      body: { message: "Slow down" },
      expected: { code: "rate_limited", message: "Slow down" },
    },
    {
      name: "a JSON array body",
      status: 500,
      body: [1, 2, 3],
      expected: {
        code: "upstream_error",
        message: "The API had a problem answering. Try again in a moment.",
      },
    },
  ])("turns $name into the house shape", ({ status, body, expected }) => {
    expect(normalizeError(status, body)).toEqual(expected);
  });
});

describe("normalizeList", () => {
  const users = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));

  it.each([
    {
      name: "with a total, more pages left",
      body: { users: users(50), total: 120, page: 1, per: 50 },
      page: 1,
      per: 50,
      expected: { total: 120, hasMore: true, per: 50, count: 50 },
    },
    {
      name: "with a total, on the last page",
      body: { users: users(20), total: 120, page: 3, per: 50 },
      page: 3,
      per: 50,
      expected: { total: 120, hasMore: false, per: 50, count: 20 },
    },
    {
      name: "with a total, the page ending exactly at the total",
      body: { users: users(50), total: 100, per: 50 },
      page: 2,
      per: 50,
      expected: { total: 100, hasMore: false, per: 50, count: 50 },
    },
    {
      name: "with a total and the upstream capping per (asked 100, got 50)",
      body: { users: users(50), total: 80, per: 50 },
      page: 1,
      per: 100,
      expected: { total: 80, hasMore: true, per: 50, count: 50 },
    },
    {
      name: "without a total, a full page (there may be more)",
      body: { users: users(25) },
      page: 1,
      per: 25,
      expected: { total: null, hasMore: true, per: 25, count: 25 },
    },
    {
      name: "without a total, a short page (the last one)",
      body: { users: users(7) },
      page: 4,
      per: 25,
      expected: { total: null, hasMore: false, per: 25, count: 7 },
    },
    {
      name: "a bare array (the real service's shape for some lists)",
      body: users(10),
      page: 1,
      per: 10,
      expected: { total: null, hasMore: true, per: 10, count: 10 },
    },
    {
      name: "an empty result",
      body: { users: [], total: 0 },
      page: 1,
      per: 50,
      expected: { total: 0, hasMore: false, per: 50, count: 0 },
    },
    {
      name: "a body without the resource's key",
      body: { badges: users(3) },
      page: 1,
      per: 50,
      expected: { total: null, hasMore: false, per: 50, count: 0 },
    },
    {
      name: "no body",
      body: null,
      page: 1,
      per: 50,
      expected: { total: null, hasMore: false, per: 50, count: 0 },
    },
  ])("reads a page $name", ({ body, page, per, expected }) => {
    const result = normalizeList<{ id: number }>("users", body, page, per);
    expect({
      total: result.total,
      hasMore: result.hasMore,
      per: result.per,
      count: result.items.length,
    }).toEqual(expected);
    expect(result.page).toBe(page);
  });

  it("returns the upstream's items as they are", () => {
    const items = [{ id: 7, name: "Forklift" }];
    expect(normalizeList("badges", { badges: items, total: 1 }, 1, 50).items).toEqual(items);
  });
});
