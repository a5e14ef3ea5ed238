/**
 * Both body shapes occur: the fields under the resource's key ({"user": {...}}), or the same
 * fields at the top level.
 */
export function unwrapBody(
  body: Record<string, unknown>,
  key: "user" | "badge" | "webhook" | "job_request" | "job" | "multi_day_job_request" | "message",
): Record<string, unknown> {
  const inner = body[key];
  return inner !== null && typeof inner === "object" && !Array.isArray(inner)
    ? (inner as Record<string, unknown>)
    : body;
}
