import type { ReactNode } from "react";
import type { ReferenceView } from "@/lib/docs/reference-view";
import { DocsNav } from "./docs-nav";
import { FieldTable } from "./field-table";
import { StatusBadge } from "./method-badge";
import { OperationCard } from "./operation-card";
import { RichText } from "./rich-text";

const OPENAPI_URL = "/api_v2/openapi.json";

const focusRing =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400";

/** Title, release, the download and the three steps to a first call. */
export function DocsHero({ view }: { view: ReferenceView }) {
  return (
    <header className="palette-light bg-slate-900 text-white">
      <div className="mx-auto max-w-7xl px-4 pt-6 pb-10 sm:px-6 lg:px-8 lg:pt-8 lg:pb-12">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="flex items-center gap-2.5 text-sm font-medium text-slate-300">
            <span
              aria-hidden="true"
              className="flex size-7 items-center justify-center rounded-lg bg-sky-500 font-mono text-xs font-bold text-slate-950"
            >
              v2
            </span>
            Employer Portal · Developers
          </p>
          <div className="flex flex-wrap items-center gap-2 text-xs">
            <span className="rounded-full bg-white/10 px-2.5 py-1 font-medium text-slate-200 ring-1 ring-white/15 ring-inset">
              Release {view.version}
            </span>
            <span className="rounded-full bg-white/10 px-2.5 py-1 font-medium text-slate-200 ring-1 ring-white/15 ring-inset">
              OpenAPI 3.1
            </span>
            {view.environment && (
              <span className="rounded-full bg-amber-400/15 px-2.5 py-1 font-medium text-amber-200 ring-1 ring-amber-300/30 ring-inset">
                {view.environment === "live" ? "Live" : "Test"} environment
              </span>
            )}
          </div>
        </div>

        <div className="mt-8 grid gap-8 lg:mt-10 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-end">
          <div className="max-w-3xl">
            <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
              API v2 reference
            </h1>
            <p className="mt-4 text-base leading-7 text-slate-300">
              A JSON API for managing your workers, their badges, and the jobs they hold.
              Authenticate once with{" "}
              <code className="rounded bg-white/10 px-1.5 py-0.5 font-mono text-[0.9em] text-white">
                POST /api_v2/authenticate
              </code>{" "}
              using your API key and secret key: it returns a token that lasts 24 hours. Send that
              token with every other call, either as the query parameter{" "}
              <code className="rounded bg-white/10 px-1.5 py-0.5 font-mono text-[0.9em] text-white">
                ?token=…
              </code>{" "}
              or as the header{" "}
              <code className="rounded bg-white/10 px-1.5 py-0.5 font-mono text-[0.9em] text-white">
                Authorization: Bearer …
              </code>
              , and authenticate again when a call answers 401.
            </p>
          </div>
          <a
            href={OPENAPI_URL}
            download="openapi.json"
            className={`inline-flex items-center justify-center gap-2 self-start rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-slate-900 shadow-sm hover:bg-slate-100 lg:self-end ${focusRing}`}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              fill="currentColor"
              className="size-4 text-slate-600"
            >
              <path d="M10.75 2.75a.75.75 0 0 0-1.5 0v8.614L6.295 8.235a.75.75 0 1 0-1.09 1.03l4.25 4.5a.75.75 0 0 0 1.09 0l4.25-4.5a.75.75 0 0 0-1.09-1.03l-2.955 3.129V2.75Z" />
              <path d="M3.5 12.75a.75.75 0 0 0-1.5 0v2.5A2.75 2.75 0 0 0 4.75 18h10.5A2.75 2.75 0 0 0 18 15.25v-2.5a.75.75 0 0 0-1.5 0v2.5c0 .69-.56 1.25-1.25 1.25H4.75c-.69 0-1.25-.56-1.25-1.25v-2.5Z" />
            </svg>
            Download openapi.json
          </a>
        </div>

        <ol className="mt-10 grid gap-3 sm:grid-cols-3">
          <QuickStep n={1} title="Get a token">
            <code className="font-mono text-sky-200">POST /api_v2/authenticate</code> with{" "}
            <code className="font-mono text-sky-200">api_key</code> and{" "}
            <code className="font-mono text-sky-200">secret_key</code> (form or JSON body).
          </QuickStep>
          <QuickStep n={2} title="Call the API">
            Pass the token as <code className="font-mono text-sky-200">?token=…</code> or{" "}
            <code className="font-mono text-sky-200">Authorization: Bearer …</code>.
          </QuickStep>
          <QuickStep n={3} title="Handle errors">
            Every error is{" "}
            <code className="font-mono text-sky-200">{`{"error": {"code", "message"}}`}</code> with
            a stable code; 401 means authenticate again.
          </QuickStep>
        </ol>
      </div>
    </header>
  );
}

/** The endpoint list: a disclosure on small screens, a sticky column from `lg` up. */
export function DocsSideNav({ view }: { view: ReferenceView }) {
  const operationCount = view.tags.reduce((n, t) => n + t.operations.length, 0);
  return (
    <div>
      <details className="group mb-8 rounded-xl border border-slate-200 bg-white shadow-sm lg:hidden">
        <summary
          className={`flex cursor-pointer list-none items-center justify-between rounded-xl px-4 py-3 text-sm font-semibold text-slate-900 ${focusRing}`}
        >
          Browse {operationCount} endpoints
          <span
            aria-hidden="true"
            className="text-slate-500 transition-transform group-open:rotate-180"
          >
            ▾
          </span>
        </summary>
        <nav aria-label="API reference" className="border-t border-slate-200 px-2 py-4">
          <DocsNav tags={view.tags} idPrefix="nav-mobile" />
        </nav>
      </details>
      <nav
        aria-label="API reference"
        className="sticky top-6 hidden max-h-[calc(100vh-3rem)] overflow-y-auto pr-2 pb-6 lg:block"
      >
        <DocsNav tags={view.tags} idPrefix="nav" />
      </nav>
    </div>
  );
}

/** How the API works: authentication, conventions and the curl examples' variables. */
export function DocsOverview({ view }: { view: ReferenceView }) {
  const [lead, ...conventions] = view.overview;
  return (
    <section id="overview" aria-labelledby="overview-title" className="scroll-mt-6">
      <h2 id="overview-title" className="text-2xl font-semibold tracking-tight text-slate-900">
        Overview
      </h2>
      {lead && (
        <p className="mt-3 max-w-3xl leading-7 text-slate-700">
          <RichText text={lead} />
        </p>
      )}
      <ul className="mt-6 grid gap-4 md:grid-cols-2">
        {conventions.map((p) => (
          <li
            key={p}
            className="rounded-xl border border-slate-200 bg-white p-4 text-sm leading-6 text-slate-700 shadow-sm"
          >
            <RichText text={p} />
          </li>
        ))}
        <li className="rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm leading-6 text-sky-950 shadow-sm">
          <strong className="font-semibold">In the examples</strong>,{" "}
          <code className="font-mono">$BASE_URL</code> is this deployment&apos;s address (
          <code className="font-mono">https://…</code>), and{" "}
          <code className="font-mono">$TOKEN</code> a token from{" "}
          <a href="#authenticate" className="font-medium underline underline-offset-2">
            /authenticate
          </a>
          .
        </li>
      </ul>
    </section>
  );
}

/** One section per tag, each with its operations. */
export function DocsOperations({ view }: { view: ReferenceView }) {
  return (
    <>
      {view.tags.map((tag) => (
        <section
          key={tag.slug}
          id={tag.slug}
          aria-labelledby={`${tag.slug}-title`}
          className="scroll-mt-6"
        >
          <div className="mb-5 border-b border-slate-200 pb-3">
            <h2
              id={`${tag.slug}-title`}
              className="text-2xl font-semibold tracking-tight text-slate-900"
            >
              {tag.name}
            </h2>
            <p className="mt-1.5 max-w-3xl text-slate-700">
              <RichText text={tag.description} />
            </p>
          </div>
          <div className="space-y-8">
            {tag.operations.map((op) => (
              <OperationCard key={op.id} op={op} />
            ))}
          </div>
        </section>
      ))}
    </>
  );
}

/** The response objects and their fields. */
export function DocsObjects({ view }: { view: ReferenceView }) {
  return (
    <section id="objects" aria-labelledby="objects-title" className="scroll-mt-6">
      <div className="mb-5 border-b border-slate-200 pb-3">
        <h2 id="objects-title" className="text-2xl font-semibold tracking-tight text-slate-900">
          Objects
        </h2>
        <p className="mt-1.5 max-w-3xl text-slate-700">
          What the endpoints return. Fields are always present (null where unset) and come in this
          order.
        </p>
      </div>
      <div className="space-y-8">
        {view.schemas.map((s) => (
          <article
            key={s.name}
            id={`schema-${s.name}`}
            aria-labelledby={`schema-${s.name}-title`}
            className="scroll-mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
          >
            <h3
              id={`schema-${s.name}-title`}
              className="font-mono text-lg font-semibold text-slate-900"
            >
              {s.name}
            </h3>
            {s.description && (
              <p className="mt-1 mb-4 text-sm text-slate-700">
                <RichText text={s.description} />
              </p>
            )}
            <FieldTable rows={s.fields} kind="object" caption={`Fields of ${s.name}`} />
          </article>
        ))}
      </div>
    </section>
  );
}

/** Every error code with its status and when it happens. */
export function DocsErrors({ view }: { view: ReferenceView }) {
  return (
    <section id="errors" aria-labelledby="errors-title" className="scroll-mt-6">
      <div className="mb-5 border-b border-slate-200 pb-3">
        <h2 id="errors-title" className="text-2xl font-semibold tracking-tight text-slate-900">
          Errors
        </h2>
        <p className="mt-1.5 max-w-3xl text-slate-700">
          Every error has the same shape; programs should branch on{" "}
          <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em]">code</code>,
          people read{" "}
          <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em]">message</code>.
          Every response carries an{" "}
          <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em]">
            X-Request-Id
          </code>{" "}
          header to quote when reporting a problem.
        </p>
      </div>
      <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        {view.errors.map((err) => (
          <li
            key={err.code}
            id={`error-${err.code}`}
            className="scroll-mt-6 grid gap-x-4 gap-y-1 px-4 py-3 target:bg-sky-50 sm:grid-cols-[3rem_14rem_minmax(0,1fr)] sm:px-6"
          >
            <StatusBadge status={String(err.status)} />
            <code className="font-mono text-sm font-semibold text-slate-900 wrap-anywhere">
              {err.code}
            </code>
            <div className="text-sm text-slate-700">
              <p>{err.when}</p>
              <p className="mt-0.5 text-xs text-slate-600">
                e.g. <q className="italic">{err.message}</q>
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Where the page comes from. */
export function DocsFooter({ view }: { view: ReferenceView }) {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <p>{view.title}</p>
        <p>
          Generated from{" "}
          <a
            href={OPENAPI_URL}
            className="font-medium text-sky-700 underline underline-offset-2 hover:text-sky-900"
          >
            openapi.json
          </a>{" "}
          · release {view.version}
        </p>
      </div>
    </footer>
  );
}

function QuickStep({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <li className="rounded-xl bg-white/5 p-4 ring-1 ring-white/10 ring-inset">
      <p className="flex items-center gap-2 text-sm font-semibold text-white">
        <span
          aria-hidden="true"
          className="flex size-6 items-center justify-center rounded-full bg-sky-500/20 font-mono text-xs text-sky-200 ring-1 ring-sky-400/40"
        >
          {n}
        </span>
        {title}
      </p>
      <p className="mt-2 text-sm leading-6 text-slate-300">{children}</p>
    </li>
  );
}
