import Link from "next/link";
import { redirect } from "next/navigation";
import { currentSession } from "@/lib/portal/server/current-session";

const endpoints = [
  ["POST", "/api_v2/authenticate", "Exchange a key pair for a 24-hour token"],
  ["POST", "/api_v2/users/invite", "Invite a worker; the invitation link goes out by e-mail"],
  ["GET", "/api_v2/users", "Find workers: filters, free-text search, paging"],
  ["PATCH", "/api_v2/users/:id", "Update a worker, coordinates and badges included"],
  ["GET", "/api_v2/badges", "The badges that decide which jobs a worker sees"],
  ["GET", "/api_v2/jobs", "Jobs and job requests, read-only"],
] as const;

const methodColour: Record<string, string> = {
  GET: "bg-sky-100 text-sky-800",
  POST: "bg-emerald-100 text-emerald-800",
  PATCH: "bg-amber-100 text-amber-800",
};

export const dynamic = "force-dynamic";

export default async function Home() {
  // Signed-in employers come for the portal, not the front page.
  if ((await currentSession()).active) redirect("/home");
  return (
    <main id="main" className="mx-auto max-w-4xl px-6 py-16">
      <p className="text-sm font-semibold uppercase tracking-wide text-indigo-600">
        Employer portal
      </p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900">
        Your workforce, one API away
      </h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-600">
        Invite workers, keep their details and locations current, and assign the badges that decide
        which jobs they see. This deployment implements the staffing platform&apos;s API v2, so
        existing integrations work against it unchanged.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link
          href="/sign-in"
          className="rounded-lg bg-indigo-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          Sign in to the portal
        </Link>
        <Link
          href="/docs"
          className="rounded-lg bg-white px-5 py-2.5 text-sm font-semibold text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
        >
          Read the API reference
        </Link>
        <a
          href="/api_v2/openapi.json"
          className="rounded-lg bg-white px-5 py-2.5 text-sm font-semibold text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
        >
          Download OpenAPI 3.1
        </a>
      </div>

      <section aria-labelledby="endpoints" className="mt-14">
        <h2 id="endpoints" className="text-lg font-semibold text-slate-900">
          What the API does
        </h2>
        <ul className="mt-4 divide-y divide-slate-200 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          {endpoints.map(([method, path, what]) => (
            <li
              key={`${method} ${path}`}
              className="flex flex-col gap-1 px-5 py-4 sm:flex-row sm:items-center sm:gap-4"
            >
              <span className="flex items-center gap-3">
                <span
                  className={`w-16 rounded px-2 py-0.5 text-center font-mono text-xs font-semibold ${methodColour[method]}`}
                >
                  {method}
                </span>
                <code className="font-mono text-sm text-slate-800">{path}</code>
              </span>
              <span className="text-sm text-slate-600 sm:ml-auto">{what}</span>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="demo"
        className="mt-12 rounded-xl bg-indigo-50 p-6 ring-1 ring-indigo-100"
      >
        <h2 id="demo" className="text-lg font-semibold text-indigo-950">
          Demo data is ready
        </h2>
        <p className="mt-2 text-sm text-indigo-900">
          On first start the server seeds <strong>Demo Staffing Co</strong>: 300 workers around
          eight US cities, 21 badges and jobs in every state. Its key pairs were printed in the
          terminal that started the server (and kept in{" "}
          <code className="font-mono">data/demo-keys.json</code>).
        </p>
      </section>
    </main>
  );
}
