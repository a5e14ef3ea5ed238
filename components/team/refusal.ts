import { ApiClientError } from "@/lib/portal/client/fetcher";

/**
 * The API's refusal as a sentence about the teammate: a 422 fragment on the field ("is the
 * company's last active admin") becomes "Not changed: Ana Admin is the company's last active admin."
 */
export function refusal(err: unknown, field: string, name: string, what = "Not changed"): string {
  if (err instanceof ApiClientError) {
    const onField = err.fields?.[field]?.join(", ");
    if (onField) return `${what}: ${/^[a-z]/.test(onField) ? `${name} ${onField}` : onField}.`;
    return `${what}: ${err.message}`;
  }
  return `${what}: try again in a moment.`;
}
