import { json, methods, publicEndpoint } from "@/lib/api-v2/handler";
import { buildOpenApiDocument, type OpenApiDocument } from "@/lib/api-v2/openapi/openapi-document";
import { env } from "@/lib/env";

// Built on first request and kept: the document only changes with a new release.
let cached: OpenApiDocument | undefined;

/** GET /api_v2/openapi.json: the OpenAPI 3.1 document of this API, no token (our addition). */
const document = publicEndpoint(async () => {
  if (!cached) {
    const e = env();
    cached = buildOpenApiDocument({
      releaseVersion: e.RELEASE_VERSION,
      environment: e.API_ENVIRONMENT,
    });
  }
  return json(cached);
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: document });
