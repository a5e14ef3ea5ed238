import type { OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { MAX_PAGE_SIZE } from "@/lib/schemas/paging";

/** The generated document, as the generator types it (the view reads only its JSON). */
type OpenApiDocument = ReturnType<OpenApiGeneratorV31["generateDocument"]>;

/**
 * The OpenAPI document turned into what the /docs page renders: operations grouped by tag,
 * parameter and field rows, responses with their error codes, and a curl example for each.
 * Everything is read from the document, so the page shows exactly what openapi.json says.
 */

export type FieldView = {
  name: string;
  type: string;
  required: boolean;
  notes: string[];
  addition: boolean;
};
export type ParamView = FieldView & { in: string };
export type ResponseView = {
  status: string;
  description: string;
  codes: string[];
  headers: string[];
  schema: string | null;
};
export type BodyView = {
  description: string | null;
  required: boolean;
  mediaTypes: string[];
  schema: string | null;
  wrapperKey: string | null;
  fields: FieldView[];
};
export type OperationView = {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  tag: string;
  addition: boolean;
  auth: boolean;
  privatePoolOnly: boolean;
  params: ParamView[];
  body: BodyView | null;
  responses: ResponseView[];
  curl: string;
};
export type TagView = {
  name: string;
  slug: string;
  description: string;
  operations: OperationView[];
};
export type SchemaView = { name: string; description: string; fields: FieldView[] };
export type ErrorCodeView = { code: string; status: number; when: string; message: string };
export type ReferenceView = {
  title: string;
  version: string;
  environment: string;
  overview: string[];
  tags: TagView[];
  schemas: SchemaView[];
  errors: ErrorCodeView[];
};

type Json = Record<string, unknown>;
const obj = (v: unknown): Json =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Json) : {};
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (typeof v === "string" ? v : "");

const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const METHOD_ORDER = ["get", "post", "put", "patch", "delete"] as const;

export function referenceView(doc: OpenApiDocument): ReferenceView {
  const root = doc as unknown as Json;
  const refName = (node: unknown): string | null => {
    const ref = str(obj(node).$ref);
    return ref ? (ref.split("/").pop() ?? null) : null;
  };
  const deref = (node: unknown, depth = 0): Json => {
    const ref = str(obj(node).$ref);
    if (!ref || depth > 10) return obj(node);
    const target = ref
      .replace(/^#\//, "")
      .split("/")
      .reduce<unknown>((at, key) => obj(at)[key], root);
    return deref(target, depth + 1);
  };

  const typeLabel = (node: unknown): string => {
    const name = refName(node);
    const s = deref(node);
    if (name && obj(s).type === "object") return name;
    if ("const" in s) return JSON.stringify(s.const);
    const union = arr(s.anyOf).length ? arr(s.anyOf) : arr(s.oneOf);
    if (union.length) return [...new Set(union.map(typeLabel))].join(" | ");
    const types = Array.isArray(s.type) ? s.type.map(String) : s.type ? [String(s.type)] : [];
    if (types.length === 0) return "any";
    return types
      .map((t) => {
        if (t === "array") return `${typeLabel(s.items)}[]`;
        if (t === "object" && Object.keys(obj(s.additionalProperties)).length > 0) {
          return `map of ${typeLabel(s.additionalProperties)}`;
        }
        if (t === "string" && s.format) return `string (${String(s.format)})`;
        return t;
      })
      .join(" | ");
  };

  const constraints = (node: unknown): string[] => {
    const s = deref(node);
    const out: string[] = [];
    const union = [...arr(s.anyOf), ...arr(s.oneOf)].map((u) => deref(u));
    const all = [s, ...union];
    const enumValues = all.flatMap((x) => arr(x.enum)).map(String);
    if (enumValues.length) {
      out.push(`One of: ${[...new Set(enumValues)].map((v) => `\`${v}\``).join(", ")}.`);
    }
    const first = <K extends string>(k: K) => all.map((x) => x[k]).find((v) => v !== undefined);
    const minLength = first("minLength");
    const maxLength = first("maxLength");
    if (minLength === 1 && maxLength !== undefined) out.push(`1–${maxLength} characters.`);
    else if (maxLength !== undefined) out.push(`At most ${maxLength} characters.`);
    const min = first("minimum");
    const max = first("maximum");
    if (min !== undefined && max !== undefined) out.push(`From ${min} to ${max}.`);
    if (s.default !== undefined) out.push(`Default: \`${String(s.default)}\`.`);
    return out;
  };

  /** Fields of an object schema; an inline nested object adds its own fields as `a.b`. */
  const fieldsOf = (node: unknown, prefix = "", depth = 0): FieldView[] => {
    const s = deref(node);
    const required = new Set(arr(s.required).map(String));
    return Object.entries(obj(s.properties)).flatMap(([key, prop]) => {
      const p = deref(prop);
      const name = `${prefix}${key}`;
      const description = str(p.description);
      const row: FieldView = {
        name,
        type: typeLabel(prop),
        required: required.has(key),
        notes: [...(description ? [description] : []), ...constraints(prop)],
        addition: p["x-addition"] === true,
      };
      const nested = !refName(prop) && depth < 2 && Object.keys(obj(p.properties)).length > 0;
      return nested ? [row, ...fieldsOf(p, `${name}.`, depth + 1)] : [row];
    });
  };

  const responsesOf = (op: Json): ResponseView[] =>
    Object.entries(obj(op.responses)).map(([status, r]) => {
      const res = deref(r);
      const content = obj(obj(res.content)["application/json"]);
      const schemaName = refName(content.schema);
      return {
        status,
        description: str(res.description),
        codes: Object.keys(obj(content.examples)),
        headers: Object.keys(obj(res.headers)),
        schema: schemaName && schemaName !== "Error" ? schemaName : null,
      };
    });

  const bodyOf = (op: Json): BodyView | null => {
    if (!op.requestBody) return null;
    const body = deref(op.requestBody);
    const content = obj(body.content);
    const mediaTypes = Object.keys(content);
    const schema = obj(obj(content[mediaTypes[0] ?? ""]).schema);
    // Both shapes: the fields themselves, or the same fields under one key ({"user": {...}}).
    const shapes = arr(schema.anyOf);
    const main = shapes.length ? shapes[0] : schema;
    let wrapperKey: string | null = null;
    for (const alt of shapes.slice(1)) {
      const props = Object.entries(obj(deref(alt).properties));
      if (props.length === 1 && deref(props[0]?.[1]) === deref(main)) wrapperKey = props[0]![0];
    }
    return {
      description: str(body.description) || null,
      required: body.required === true,
      mediaTypes,
      schema: refName(main),
      wrapperKey,
      fields: fieldsOf(main),
    };
  };

  const paramsOf = (op: Json): ParamView[] =>
    arr(op.parameters).map((raw) => {
      const p = deref(raw);
      const schema = obj(p.schema);
      const description = str(p.description) || str(schema.description);
      return {
        name: str(p.name),
        in: str(p.in),
        type: typeLabel(schema),
        required: p.required === true,
        notes: [
          ...(description ? [description] : []),
          ...constraints(schema).filter((c) => !description.includes(c)),
        ],
        addition: p["x-addition"] === true || schema["x-addition"] === true,
      };
    });

  const operations: OperationView[] = [];
  for (const [path, item] of Object.entries(obj(root.paths))) {
    for (const method of METHOD_ORDER) {
      const op = obj(obj(item)[method]);
      if (!op.responses) continue;
      const params = paramsOf(op);
      const responses = responsesOf(op);
      const auth = arr(op.security ?? root.security).length > 0;
      const exampleOf = (media: string) => obj(obj(deref(op.requestBody).content)[media]).example;
      operations.push({
        id: str(op.operationId) || slugify(`${method} ${path}`),
        method: method.toUpperCase(),
        path,
        summary: str(op.summary),
        description: str(op.description),
        tag: str(arr(op.tags)[0]) || "Other",
        addition: op["x-addition"] === true,
        auth,
        privatePoolOnly: responses.some((r) => r.codes.includes("forbidden_for_public_pool")),
        params,
        body: bodyOf(op),
        responses,
        curl: curlOf({
          method: method.toUpperCase(),
          path,
          params,
          pathExample: (name) =>
            obj(deref(arr(op.parameters).find((p) => deref(p).name === name)).schema).example,
          auth,
          mediaTypes: Object.keys(obj(deref(op.requestBody).content)),
          example: exampleOf("application/json"),
        }),
      });
    }
  }

  const tags: TagView[] = arr(root.tags).map((t) => {
    const tag = obj(t);
    const name = str(tag.name);
    return {
      name,
      slug: slugify(name),
      description: str(tag.description),
      operations: operations.filter((o) => o.tag === name),
    };
  });

  const components = obj(root.components);
  const schemas: SchemaView[] = Object.entries(obj(components.schemas))
    .filter(([name]) => !/Body$/.test(name))
    .map(([name, s]) => ({
      name,
      description: str(obj(s).description),
      fields: fieldsOf(s),
    }));

  const errors: ErrorCodeView[] = Object.entries(obj(components.examples))
    .map(([code, e]) => {
      const ex = obj(e);
      return {
        code,
        status: Number(ex["x-status"]),
        when: str(ex.summary),
        message: str(obj(obj(ex.value).error).message),
      };
    })
    .sort((a, b) => a.status - b.status);

  const info = obj(root.info);
  return {
    title: str(info.title),
    version: str(info.version),
    environment: str(info["x-environment"]),
    overview: str(info.description)
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean),
    tags,
    schemas,
    errors,
  };
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function curlOf(o: {
  method: string;
  path: string;
  params: ParamView[];
  pathExample: (name: string) => unknown;
  auth: boolean;
  mediaTypes: string[];
  example: unknown;
}): string {
  const path = o.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    String(o.pathExample(name) ?? "1"),
  );
  const paging = o.params.some((p) => p.name === "page" && p.in === "query");
  const lines = [
    `curl${o.method === "GET" ? "" : ` -X ${o.method}`} "$BASE_URL${path}${paging ? `?page=1&per=${MAX_PAGE_SIZE}` : ""}"`,
  ];
  if (o.auth) lines.push(`-H "Authorization: Bearer $TOKEN"`);
  if (o.params.some((p) => p.in === "header" && p.name === "If-Match")) {
    lines.push(`-H 'If-Match: "u42-v3"'`);
  }
  if (o.mediaTypes.includes("application/x-www-form-urlencoded")) {
    lines.push(`--data-urlencode "api_key=$API_KEY"`, `--data-urlencode "secret_key=$SECRET_KEY"`);
  } else if (o.example !== undefined) {
    lines.push(`-H "Content-Type: application/json"`);
    lines.push(`-d ${shellQuote(JSON.stringify(o.example, null, 2).replace(/\n/g, "\n    "))}`);
  }
  return lines.join(" \\\n  ");
}
