import type { Metadata } from "next";
import {
  DocsErrors,
  DocsFooter,
  DocsHero,
  DocsObjects,
  DocsOperations,
  DocsOverview,
  DocsSideNav,
} from "@/components/docs/docs-sections";
import { buildOpenApiDocument } from "@/lib/api-v2/openapi/openapi-document";
import { referenceView } from "@/lib/docs/reference-view";
import { env } from "@/lib/env";

// Rendered from the OpenAPI document: no database, no request data. Per request like every
// page, so its scripts carry the request's CSP nonce (the document itself is built once).

export const metadata: Metadata = {
  title: "API v2 reference",
  description:
    "Reference of the staffing platform API v2 as implemented by the employer portal: authentication, workers, badges, jobs and job requests.",
};

let cachedView: ReturnType<typeof referenceView> | undefined;

export default function DocsPage() {
  const e = env();
  cachedView ??= referenceView(
    buildOpenApiDocument({ releaseVersion: e.RELEASE_VERSION, environment: e.API_ENVIRONMENT }),
  );
  const view = cachedView;

  return (
    <>
      <a
        href="#content"
        className="sr-only rounded-md bg-white px-3 py-2 text-sm font-medium text-slate-900 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
      >
        Skip to content
      </a>

      <DocsHero view={view} />

      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10 lg:px-8 lg:py-10">
        <DocsSideNav view={view} />

        <main id="content" className="min-w-0 space-y-14">
          <DocsOverview view={view} />
          <DocsOperations view={view} />
          <DocsObjects view={view} />
          <DocsErrors view={view} />
        </main>
      </div>

      <DocsFooter view={view} />
    </>
  );
}
