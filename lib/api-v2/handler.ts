import { randomUUID } from "node:crypto";
import { ZodError, type z } from "zod";
import { type Db, getDb } from "@/lib/db/client";
import { log, redact, redactPath } from "@/lib/log";
import { textResponse } from "@/lib/net/response-text";
import type { Action } from "@/lib/schemas/permissions";
import { type Caller, callerFromToken, requirePermission } from "./caller";
import { clock } from "./clock";
import { ApiError, type ErrorBody, type FieldErrors, validationError } from "./errors";
import { wakeDispatchers } from "./events/dispatcher";
import { knownApiError } from "./known-error";
import {
  hasNul,
  isJsonMediaType,
  MAX_BODY_BYTES,
  MAX_PUBLIC_BODY_BYTES,
  mediaType,
  nulRefused,
  parseJsonObject,
  readBodyText,
  refuseDeclaredOver,
} from "./read-body";
import { transportAllowed } from "./request-meta";
import { fieldErrorsOf } from "./zod-errors";

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type RouteHandler = (req: Request, ctx: RouteContext) => Promise<Response>;

/** What every handler gets. */
export type Ctx = {
  req: Request;
  url: URL;
  requestId: string;
  now: Date;
  params: Record<string, string | string[] | undefined>;
  /** Raw body text (already size-checked: MAX_BODY_BYTES, or MAX_PUBLIC_BODY_BYTES without a token). */
  bodyText: string;
  mediaType: string;
};
/** A handler that reads the database. */
type DbCtx = Ctx & { db: Db };
/** A handler behind a token. */
type AuthedCtx = DbCtx & { caller: Caller };

const JSON_TYPE = "application/json; charset=utf-8";

export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  const init = { status, headers: { "content-type": JSON_TYPE, ...headers } };
  return status === 204 ? new Response(null, init) : textResponse(JSON.stringify(data), init);
}

function errorResponse(err: ApiError, requestId: string): Response {
  const body: ErrorBody = { error: { code: err.code, message: err.message } };
  if (err.fields) body.error.fields = err.fields;
  if (err.code === "internal_error") body.error.request_id = requestId;
  if (err.extra) Object.assign(body.error, err.extra);
  return json(body, err.status, err.headers);
}

function requestIdOf(req: Request): string {
  const given = req.headers.get("x-request-id");
  return given && /^[A-Za-z0-9._-]{8,64}$/.test(given) ? given : randomUUID();
}

/** Parse with a zod schema; failures become 422 validation_failed with every field at once. */
export function parseOr422<S extends z.ZodType>(
  schema: S,
  input: unknown,
  extra?: FieldErrors,
): z.output<S> {
  const r = schema.safeParse(input);
  if (!r.success || (extra && Object.keys(extra).length > 0)) {
    throw validationError({ ...(r.success ? {} : fieldErrorsOf(r.error)), ...extra });
  }
  return r.data;
}

export type Parsed<T> = {
  /** The whole body, when every field parsed. */
  data: T | null;
  /** Each field that parsed on its own, so later checks can still run on it. */
  fields: Partial<T>;
  errors: FieldErrors;
};

/**
 * Parse a body without stopping at the first failure: schema errors come back with the fields
 * that did parse, so the service can add its own findings (a taken e-mail, a broken coordinate
 * pair) and report every failing field in one 422.
 */
export function parseBody<S extends z.ZodObject>(
  schema: S,
  input: Record<string, unknown>,
): Parsed<z.output<S>> {
  const r = schema.safeParse(input);
  if (r.success) return { data: r.data, fields: r.data, errors: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, fieldSchema] of Object.entries(schema.shape)) {
    if (input[key] === undefined) continue;
    const fr = (fieldSchema as z.ZodType).safeParse(input[key]);
    if (fr.success) fields[key] = fr.data;
  }
  return { data: null, fields: fields as Partial<z.output<S>>, errors: fieldErrorsOf(r.error) };
}

/** Parse query parameters; a bad one is 400 malformed_request. */
export function parseQuery<S extends z.ZodType>(schema: S, url: URL): z.output<S> {
  const raw: Record<string, string> = {};
  for (const [k, v] of url.searchParams) {
    if (hasNul(k) || hasNul(v)) throw nulRefused(`Query parameter ${k.replaceAll("\u0000", "")}`);
    raw[k] = v;
  }
  const r = schema.safeParse(raw);
  if (!r.success) {
    const fields = fieldErrorsOf(r.error);
    const first = Object.entries(fields)[0];
    throw new ApiError(
      "malformed_request",
      first ? `Query parameter ${first[0]} ${first[1][0]}` : "Malformed query parameters",
    );
  }
  return r.data;
}

/** The JSON body of a POST/PATCH: 415 for another media type, 400 for bad JSON. */
export function jsonBody(ctx: Ctx): Record<string, unknown> {
  if (ctx.bodyText.trim() === "") return {};
  if (!isJsonMediaType(ctx.mediaType)) {
    throw new ApiError("unsupported_media_type", "Send the request body as application/json");
  }
  return parseJsonObject(ctx.bodyText);
}

/** Reads the request body within a limit, once: later calls get the same text. */
type ReadBody = (limit: number) => Promise<string>;

function bodyOnce(req: Request, hasBody: boolean): ReadBody {
  let text: Promise<string> | undefined;
  return (limit) => {
    text ??= hasBody ? readBodyText(req, limit) : Promise.resolve("");
    return text;
  };
}

/**
 * The token: query `token`, `Authorization: Bearer`, or a form-encoded `token` field. Only the
 * last needs the body, and reads it within the token-less calls' limit: until the token is
 * checked, the caller is nobody.
 */
async function tokenOf(ctx: Ctx, readBody: ReadBody): Promise<string | null> {
  const q = ctx.url.searchParams.get("token");
  if (q) return q;
  const auth = ctx.req.headers.get("authorization");
  const m = auth?.match(/^Bearer\s+(\S+)\s*$/i);
  if (m?.[1]) return m[1];
  if (ctx.mediaType === "application/x-www-form-urlencoded") {
    const text = await readBody(MAX_PUBLIC_BODY_BYTES);
    return text ? new URLSearchParams(text).get("token") : null;
  }
  return null;
}

/**
 * The work every handler shares: transport rule, body (up to `bodyLimit` bytes; null when the
 * handler ignores it: a 404 or 405 must not answer 413), request id, error shape, log line.
 * `prepare` adds what the handler's context needs (the database, the caller) and refuses early.
 * Cheap refusals come before work in proportion to the request: the transport, then a declared
 * Content-Length over the limit, then `prepare` (the token check), and only then the body is
 * read.
 */
function wrap<C extends Ctx>(
  bodyLimit: number | null,
  prepare: (base: Ctx, readBody: ReadBody) => Promise<C>,
  fn: (ctx: C) => Promise<Response>,
): RouteHandler {
  return async (req, routeCtx) => {
    const started = performance.now();
    const requestId = requestIdOf(req);
    const url = new URL(req.url);
    let res: Response;
    try {
      if (!transportAllowed(req)) {
        throw new ApiError("https_required", "All calls must be made over HTTPS");
      }
      const limit = req.method === "GET" || req.method === "HEAD" ? null : bodyLimit;
      if (limit !== null) refuseDeclaredOver(req, limit);
      const readBody = bodyOnce(req, limit !== null);
      const base: Ctx = {
        req,
        url,
        requestId,
        now: clock.now(),
        params: (await routeCtx?.params) ?? {},
        bodyText: "",
        mediaType: mediaType(req),
      };
      const ctx = await prepare(base, readBody);
      if (limit !== null) ctx.bodyText = await readBody(limit);
      res = await fn(ctx);
    } catch (err) {
      res = errorResponse(toApiError(err, requestId, req), requestId);
    }
    res.headers.set("x-request-id", requestId);
    res.headers.set("cache-control", "no-store");
    // A successful write may have queued mail or webhooks (committed by now): deliver promptly.
    if (req.method !== "GET" && res.status < 300) wakeDispatchers();
    log.info("api", {
      requestId,
      method: req.method,
      path: redactPath(url.pathname + url.search),
      status: res.status,
      ms: Math.round(performance.now() - started),
    });
    return res;
  };
}

const withDb = async (base: Ctx): Promise<DbCtx> => ({ ...base, db: await getDb() });

function toApiError(err: unknown, requestId: string, req: Request): ApiError {
  const known = knownApiError(err);
  if (known) return known;
  if (err instanceof ZodError) return validationError(fieldErrorsOf(err));
  log.error("unhandled error", {
    requestId,
    method: req.method,
    path: redact(new URL(req.url).pathname),
    err: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
    stack: err instanceof Error ? err.stack : undefined,
  });
  return new ApiError("internal_error", `Something went wrong on our side (request ${requestId})`);
}

/**
 * No token and no database: /info, /openapi.json and the 404/405 answers work even while the
 * database is down. `body: false` when it answers without looking at the body.
 */
export const publicEndpoint = (
  fn: (ctx: Ctx) => Promise<Response>,
  opts: { body?: boolean } = {},
): RouteHandler =>
  wrap((opts.body ?? true) ? MAX_PUBLIC_BODY_BYTES : null, async (base) => base, fn);

/**
 * No token, but the database: authenticate, and the invitation calls (their own secrets). Their
 * bodies are small, so the limit is too (MAX_PUBLIC_BODY_BYTES).
 */
export const publicDbEndpoint = (fn: (ctx: DbCtx) => Promise<Response>): RouteHandler =>
  wrap(MAX_PUBLIC_BODY_BYTES, withDb, fn);

/**
 * A token is required, and `needs` names the action the route performs
 * (lib/schemas/permissions.ts): a caller that does not hold it gets 403 before the handler runs
 * (`forbidden_for_public_pool` for a public pool key, `forbidden_for_role` for a person whose
 * role lacks it). The one place a route's access rule lives.
 */
export const endpoint = (
  fn: (ctx: AuthedCtx) => Promise<Response>,
  access: {
    needs: Action;
    /** Open to a person who must still set up two-factor sign-in (/me, enrolment, sign-out). */
    beforeTwoFactor?: boolean;
  },
): RouteHandler =>
  wrap(
    MAX_BODY_BYTES,
    async (base, readBody) => {
      const ctx = await withDb(base);
      const token = await tokenOf(ctx, readBody);
      if (!token) {
        throw new ApiError(
          "missing_token",
          "A token is required: pass ?token=… or Authorization: Bearer …",
        );
      }
      const caller = await callerFromToken(ctx.db, token, ctx.now);
      requirePermission(caller, access.needs, access.beforeTwoFactor);
      return { ...ctx, caller };
    },
    fn,
  );

/**
 * Every method of a route file: the given ones, and a JSON 405 for the rest (Next's own 405
 * has an empty body, which breaks the one-error-shape rule).
 */
export function methods(
  handlers: Partial<Record<Method, RouteHandler>>,
  hints: Partial<Record<Method, string>> = {},
): Record<Method, RouteHandler> {
  const allow = Object.keys(handlers).join(", ");
  const notAllowed = publicEndpoint(
    async (ctx) => {
      const hint = hints[ctx.req.method as Method];
      throw new ApiError(
        "method_not_allowed",
        hint ?? `${ctx.req.method} is not supported here; use ${allow}`,
        undefined,
        { Allow: allow },
      );
    },
    { body: false },
  );
  return Object.fromEntries(METHODS.map((m) => [m, handlers[m] ?? notAllowed])) as Record<
    Method,
    RouteHandler
  >;
}

/** A positive integer path id, or 404 (an id that cannot exist is simply not found). */
export function idParam(ctx: Ctx, name = "id", what = "Record"): number {
  const raw = ctx.params[name];
  if (typeof raw !== "string" || !/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) {
    throw new ApiError("not_found", `${what} not found`);
  }
  return Number(raw);
}
