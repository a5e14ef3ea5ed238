import type { ReactNode } from "react";
import type { OperationView } from "@/lib/docs/reference-view";
import { CodeBlock } from "./code-block";
import { FieldTable } from "./field-table";
import { AdditionPill, MethodBadge, Pill, StatusBadge } from "./method-badge";
import { RichText } from "./rich-text";

/** Bodies with more fields than this show the required ones and fold the full table. */
const FOLD_AFTER = 12;

export function OperationCard({ op }: { op: OperationView }) {
  const headingId = `${op.id}-title`;
  return (
    <article
      id={op.id}
      aria-labelledby={headingId}
      className="scroll-mt-6 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <header className="border-b border-slate-200 bg-linear-to-b from-slate-50 to-white px-4 py-4 sm:px-6">
        <div className="flex flex-wrap items-center gap-2">
          <MethodBadge method={op.method} />
          <code className="font-mono text-sm font-semibold text-slate-900 wrap-anywhere">
            {op.path}
          </code>
        </div>
        <h3 id={headingId} className="mt-3 text-lg font-semibold tracking-tight text-slate-900">
          {op.summary}
        </h3>
        <div className="mt-2 flex flex-wrap gap-1.5">
          {op.auth ? <Pill tone="sky">Token required</Pill> : <Pill>No token</Pill>}
          {op.privatePoolOnly && <Pill tone="amber">Private pool only</Pill>}
          {op.addition && <AdditionPill />}
        </div>
        <p className="mt-3 max-w-3xl text-sm leading-6 text-slate-700">
          <RichText text={op.description} />
        </p>
      </header>

      <div className="grid gap-6 px-4 py-5 sm:px-6 2xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0 space-y-6">
          {op.params.length > 0 && (
            <div>
              <SubHeading id={`${op.id}-params`}>Parameters</SubHeading>
              <FieldTable
                rows={op.params}
                kind="params"
                caption={`Parameters of ${op.method} ${op.path}`}
              />
            </div>
          )}

          {op.body && (
            <div>
              <SubHeading id={`${op.id}-body`}>Request body</SubHeading>
              <div className="mb-3 flex flex-wrap items-center gap-1.5 text-xs">
                {op.body.mediaTypes.map((m) => (
                  <code
                    key={m}
                    className="rounded-md bg-slate-100 px-1.5 py-0.5 font-mono text-slate-800"
                  >
                    {m}
                  </code>
                ))}
                <span className="text-slate-600">
                  {op.body.required ? "· required" : "· optional"}
                </span>
              </div>
              {op.body.wrapperKey ? (
                <p className="mb-3 text-sm text-slate-700">
                  Send the fields at the top level, or wrapped as{" "}
                  <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em]">
                    {`{"${op.body.wrapperKey}": {…}}`}
                  </code>
                  : both shapes are accepted.
                </p>
              ) : (
                op.body.description && (
                  <p className="mb-3 text-sm text-slate-700">
                    <RichText text={op.body.description} />
                  </p>
                )
              )}
              <BodyFields op={op} />
            </div>
          )}

          <div>
            <SubHeading id={`${op.id}-responses`}>Responses</SubHeading>
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
              {op.responses.map((r) => {
                const extraHeaders = r.headers.filter((h) => h !== "X-Request-Id");
                return (
                  <li key={r.status} className="flex items-start gap-3 px-3 py-2.5">
                    <StatusBadge status={r.status} />
                    <div className="ref-response">
                      <span className="text-slate-800">
                        {r.codes.length > 0 ? (
                          r.description.replace(/:.*$/, "")
                        ) : (
                          <RichText text={r.description} />
                        )}
                      </span>
                      {r.schema && (
                        <span className="text-slate-600">
                          Returns{" "}
                          <a
                            href={`#schema-${r.schema}`}
                            className="font-mono text-[13px] font-medium text-sky-700 underline decoration-sky-300 underline-offset-2 hover:text-sky-900"
                          >
                            {r.schema}
                          </a>
                        </span>
                      )}
                      {r.codes.length > 0 && (
                        <ul className="flex flex-wrap gap-1.5" aria-label="Error codes">
                          {r.codes.map((c) => (
                            <li key={c}>
                              <a href={`#error-${c}`} className="ref-error-code">
                                {c}
                              </a>
                            </li>
                          ))}
                        </ul>
                      )}
                      {extraHeaders.length > 0 && (
                        <span className="text-xs text-slate-600">
                          Headers:{" "}
                          {extraHeaders.map((h, i) => (
                            <span key={h}>
                              {i > 0 && ", "}
                              <code className="font-mono text-slate-800">{h}</code>
                            </span>
                          ))}
                        </span>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
            <p className="mt-2 text-xs text-slate-600">
              Every response carries an <code className="font-mono">X-Request-Id</code> header.
            </p>
          </div>
        </div>

        {op.responses.some((r) => r.status.startsWith("2")) && (
          <div className="min-w-0">
            <div className="2xl:sticky 2xl:top-6">
              <SubHeading id={`${op.id}-example`}>Example</SubHeading>
              <CodeBlock code={op.curl} label="cURL" />
            </div>
          </div>
        )}
      </div>
    </article>
  );
}

function SubHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h4 id={id} className="mb-2 text-xs font-semibold uppercase tracking-wider text-slate-600">
      {children}
    </h4>
  );
}

function BodyFields({ op }: { op: OperationView }) {
  const body = op.body;
  if (!body || body.fields.length === 0) return null;
  const caption = `Request body fields of ${op.method} ${op.path}`;
  if (body.fields.length <= FOLD_AFTER) {
    return <FieldTable rows={body.fields} kind="body" caption={caption} />;
  }
  const required = body.fields.filter((f) => f.required);
  return (
    <div className="space-y-3">
      {required.length > 0 && (
        <FieldTable
          rows={required}
          kind="body"
          caption={`Required fields of ${op.method} ${op.path}`}
        />
      )}
      <details className="group rounded-lg border border-slate-200 bg-slate-50/60">
        <summary className="cursor-pointer list-none rounded-lg px-3 py-2.5 text-sm font-medium text-sky-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600">
          <span
            aria-hidden="true"
            className="mr-1.5 inline-block transition-transform group-open:rotate-90"
          >
            ▸
          </span>
          {required.length > 0
            ? `All ${body.fields.length} fields (${body.fields.length - required.length} optional)`
            : `All ${body.fields.length} fields, all optional`}
        </summary>
        <div className="border-t border-slate-200 bg-white p-3">
          <FieldTable rows={body.fields} kind="body" caption={caption} />
        </div>
      </details>
    </div>
  );
}
