import { ApiClientError } from "@/lib/portal/client/fetcher";

const FIELD_NAMES: Record<string, string> = {
  worker_id: "The worker",
  job_request_id: "The job request",
  cancelled_reason: "The reason",
  start_time: "The start time",
  request_name: "The name",
};

const humanize = (field: string) => {
  const known = FIELD_NAMES[field];
  if (known) return known;
  const w = field.replaceAll("_", " ");
  return w.charAt(0).toUpperCase() + w.slice(1);
};

const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A refused action in words: the API's field messages ("state: cannot move from …",
 * "start_time: is required to post") say more than its summary, so they are preferred.
 */
export function errorText(e: unknown): string {
  if (e instanceof ApiClientError && e.fields) {
    const parts = Object.entries(e.fields).flatMap(([field, msgs]) =>
      msgs.map((m) =>
        field === "state" || field === "base" ? sentence(m) : `${humanize(field)} ${m}`,
      ),
    );
    if (parts.length > 0) return `${parts.join(". ")}.`;
  }
  return e instanceof Error ? e.message : "Something went wrong. Try again.";
}
