import type { ValidateFunction } from "ajv";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { type ErrorCode, STATUS_OF } from "@/lib/api-v2/errors";
import type { OpenApiDocument } from "@/lib/api-v2/openapi/openapi-document";

/**
 * What every answer must be, whatever was sent: checks that return a list of problems (empty
 * when the answer is right), so a fuzz test can report every broken rule of one answer at once.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Signs that an answer carries internals: a stack trace, a source path, a driver's message. */
const INTERNALS = [
  /\bat (?:async )?[\w$.<>]+ \(/, // "at fn (" of a stack frame
  /\bat (?:file:\/\/)?\/[\w./-]+:\d+:\d+/, // "at /path/file.js:12:3"
  /node_modules\//,
  /\.(?:ts|tsx|js|mjs):\d+:\d+/,
  /\b(?:TypeError|ReferenceError|SyntaxError|RangeError): /,
  /\b(?:duplicate key value|violates (?:unique|foreign key|not-null|check) constraint|invalid byte sequence|invalid input syntax for)\b/,
];

/** The first sign of internals in a body, or null. */
export function internalsIn(text: string): string | null {
  for (const re of INTERNALS) {
    const m = text.match(re);
    if (m) return m[0];
  }
  return null;
}

/**
 * The one error shape: `{"error": {"code", "message"[, "fields"][, "request_id"]}}` and nothing
 * else; `fields` maps names to lists of messages. `extraKeys` are the further keys this side of
 * the house may put in `error` (the API: request_id, on internal errors only).
 */
export function errorShapeProblems(body: unknown, extraKeys: readonly string[] = []): string[] {
  const out: string[] = [];
  if (!isObject(body)) return [`error body is not a JSON object: ${preview(body)}`];
  const top = Object.keys(body);
  if (top.length !== 1 || top[0] !== "error") out.push(`top-level keys ${JSON.stringify(top)}`);
  const err = body.error;
  if (!isObject(err)) return [...out, `"error" is not an object: ${preview(err)}`];
  const allowed = new Set(["code", "message", "fields", ...extraKeys]);
  for (const k of Object.keys(err)) if (!allowed.has(k)) out.push(`unexpected error key "${k}"`);
  if (typeof err.code !== "string" || !/^[a-z][a-z0-9_]*$/.test(err.code))
    out.push(`code ${preview(err.code)} is not a snake_case string`);
  if (typeof err.message !== "string" || err.message.trim() === "")
    out.push(`message ${preview(err.message)} is not a non-empty string`);
  if ("fields" in err) {
    const f = err.fields;
    if (!isObject(f) || Object.getPrototypeOf(f) !== Object.prototype) {
      out.push(`fields ${preview(f)} is not an object`);
    } else {
      for (const [k, v] of Object.entries(f)) {
        if (!Array.isArray(v) || v.length === 0 || v.some((m) => typeof m !== "string" || !m))
          out.push(`fields["${k}"] is not a non-empty list of messages: ${preview(v)}`);
      }
    }
  }
  if ("request_id" in err && typeof err.request_id !== "string")
    out.push(`request_id ${preview(err.request_id)} is not a string`);
  return out;
}

/** The API's error shape, with its own rules: a known code, its status, request_id only on 500. */
export function apiErrorProblems(status: number, body: unknown): string[] {
  const out = errorShapeProblems(body, ["request_id"]);
  if (out.length > 0) return out;
  const err = (body as { error: { code: string; request_id?: string; fields?: unknown } }).error;
  const expected = STATUS_OF[err.code as ErrorCode];
  if (expected === undefined) out.push(`unknown error code "${err.code}"`);
  else if (expected !== status)
    out.push(`code ${err.code} belongs to ${expected}, answered ${status}`);
  if (err.request_id !== undefined && err.code !== "internal_error")
    out.push(`request_id on a ${err.code}`);
  // The contract: fields only for validation errors.
  if ("fields" in err && err.code !== "validation_failed" && err.code !== "duplicate_badge")
    out.push(`fields on a ${err.code}`);
  return out;
}

/** Text cut to `max` characters, saying how long it was. */
export const clip = (s: string, max = 160): string =>
  s.length > max ? `${s.slice(0, max)}…(${s.length} chars)` : s;

/** A value as JSON, cut to `max` characters. */
export function preview(v: unknown, max = 160): string {
  let s: string;
  try {
    s = typeof v === "string" ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  } catch {
    s = String(v);
  }
  return s.length > max ? `${s.slice(0, max)}…(${s.length} chars)` : s;
}

const pointer = (...parts: string[]) =>
  parts.map((p) => `/${p.replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");

export type Answer = {
  /** The route's path as the document writes it ("/api_v2/users/{id}"), or null: no route but the catch-all. */
  template: string | null;
  method: string;
  status: number;
  headers: Headers;
  text: string;
  body: unknown;
};

/**
 * Answers checked against the OpenAPI document: a documented operation may only answer the
 * statuses it documents, each body valid against that status's schema (ajv, JSON Schema 2020-12
 * as OpenAPI 3.1 uses it, `$ref`s resolved inside the document), and an error's code must be one
 * the document names for that status. A method the document does not list on a path must be
 * answered 405; a path it does not list, 404.
 */
export class OpenApiChecker {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();
  private static readonly ID = "https://openapi.test/api_v2.json";

  constructor(readonly doc: OpenApiDocument) {
    // strictSchema off: the document carries OpenAPI's own keywords (example, x-addition) inside
    // its schemas. Unknown formats still throw, so every format in it is really checked.
    this.ajv = new Ajv2020({ strictSchema: false, validateFormats: true, inlineRefs: false });
    addFormats(this.ajv);
    this.ajv.addSchema(structuredClone(doc) as unknown as Json, OpenApiChecker.ID);
  }

  /** The operation object of a path and method (HEAD is answered by GET), or undefined. */
  operation(template: string, method: string): Json | undefined {
    const item = this.doc.paths?.[template] as Json | undefined;
    const m = method === "HEAD" ? "get" : method.toLowerCase();
    const op = item?.[m];
    return isObject(op) ? op : undefined;
  }

  /** Every documented (path, method). */
  operations(): { template: string; method: string }[] {
    return Object.entries(this.doc.paths ?? {}).flatMap(([template, item]) =>
      Object.keys(item as Json)
        .filter((m) => ["get", "post", "put", "patch", "delete"].includes(m))
        .map((m) => ({ template, method: m.toUpperCase() })),
    );
  }

  private validator(template: string, method: string, status: string): ValidateFunction {
    const key = `${method} ${template} ${status}`;
    let v = this.compiled.get(key);
    if (!v) {
      const ref = `${OpenApiChecker.ID}#${pointer("paths", template, method, "responses", status, "content", "application/json", "schema")}`;
      v = this.ajv.compile({ $ref: ref });
      this.compiled.set(key, v);
    }
    return v;
  }

  /**
   * Only the body of a success, against the document: for answers that passed through someone
   * else (the portal's proxy keeps the API's status and body, not its headers).
   */
  successBodyProblems(template: string, method: string, status: number, body: unknown): string[] {
    const op = this.operation(template, method);
    if (!op) return [`${method} ${template} is not in the document, yet answered ${status}`];
    const documented = (op.responses as Json | undefined)?.[String(status)] as Json | undefined;
    if (!documented) return [`status ${status} is not documented for ${method} ${template}`];
    const media = (documented.content as Json | undefined)?.["application/json"] as
      | Json
      | undefined;
    if (!media?.schema)
      return body === null ? [] : [`documented without a body, got ${preview(body)}`];
    const m = method === "HEAD" ? "get" : method.toLowerCase();
    const validate = this.validator(template, m, String(status));
    if (validate(body)) return [];
    const errs = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || "/"} ${e.message}`);
    return [`body does not match the document (${status}): ${errs.join("; ")}`];
  }

  /** A live stream (ours) answered as its operation documents it: an event stream, not JSON. */
  private streamed(a: Answer): boolean {
    if (a.status !== 200 || !a.template) return false;
    if (a.headers.get("content-type") !== "text/event-stream; charset=utf-8") return false;
    const op = this.operation(a.template, a.method);
    const content = ((op?.responses as Json | undefined)?.["200"] as Json | undefined)?.content;
    return isObject(content) && "text/event-stream" in content;
  }

  check(a: Answer): string[] {
    const out: string[] = [];
    if (this.streamed(a)) {
      if (!a.headers.get("x-request-id")) out.push("no X-Request-Id");
      if (!a.text.startsWith("retry: ")) out.push(`not an event stream: ${preview(a.text)}`);
      return out;
    }
    if (a.status >= 500) out.push(`status ${a.status}`);
    if (a.status < 200 || a.status > 599) out.push(`status ${a.status} is not a final answer`);
    if (!a.headers.get("x-request-id")) out.push("no X-Request-Id");
    if (a.status === 204) {
      if (a.text !== "") out.push(`204 with a body: ${preview(a.text)}`);
    } else {
      const type = a.headers.get("content-type");
      if (type !== "application/json; charset=utf-8") out.push(`content-type ${preview(type)}`);
      if (a.text === "" || a.body === a.text) out.push(`body is not JSON: ${preview(a.text)}`);
    }
    if (a.status >= 400) {
      // Only refusals: a success may echo stored text, which the fuzzer itself chose.
      const leak = internalsIn(a.text);
      if (leak) out.push(`internals in the body: ${preview(leak)}`);
      out.push(...apiErrorProblems(a.status, a.body));
      if (a.status === 405 && !a.headers.get("allow")) out.push("405 without Allow");
      if (a.status === 429 && !/^[1-9]\d*$/.test(a.headers.get("retry-after") ?? ""))
        out.push("429 without a valid Retry-After");
    }
    const code = isObject(a.body) && isObject(a.body.error) ? a.body.error.code : undefined;

    const op = a.template ? this.operation(a.template, a.method) : undefined;
    if (!op) {
      // Not an operation of the document: the only answers are the refusals every path gives.
      const allowed =
        a.template && this.doc.paths?.[a.template]
          ? ["method_not_allowed", "https_required"]
          : ["not_found", "https_required"];
      if (typeof code !== "string" || !allowed.includes(code))
        out.push(
          `${a.method} ${a.template ?? "(no route)"} is not in the document, yet answered ${a.status} ${preview(code ?? a.text)}`,
        );
      return out;
    }
    const responses = (op.responses ?? {}) as Json;
    const documented = responses[String(a.status)] as Json | undefined;
    if (!documented) {
      out.push(
        `status ${a.status} (${String(code ?? "")}) is not documented for ${a.method} ${a.template}; documented: ${Object.keys(responses).join(", ")}`,
      );
      return out;
    }
    const media = (documented.content as Json | undefined)?.["application/json"] as
      | Json
      | undefined;
    if (!media?.schema) {
      if (a.text !== "") out.push(`documented without a body, answered ${preview(a.text)}`);
      return out;
    }
    const m = a.method === "HEAD" ? "get" : a.method.toLowerCase();
    const validate = this.validator(a.template!, m, String(a.status));
    if (!validate(a.body)) {
      const errs = (validate.errors ?? [])
        .slice(0, 5)
        .map((e) => `${e.instancePath || "/"} ${e.message}`);
      out.push(`body does not match the document (${a.status}): ${errs.join("; ")}`);
    }
    if (a.status >= 400 && typeof code === "string") {
      const examples = Object.keys((media.examples as Json | undefined) ?? {});
      if (examples.length > 0 && !examples.includes(code))
        out.push(
          `code ${code} is not among the documented ${a.status} codes of ${a.method} ${a.template} (${examples.join(", ")})`,
        );
    }
    return out;
  }
}
