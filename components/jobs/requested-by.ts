import { teammateName } from "@/components/team/team-format";
import type { Teammate } from "@/lib/portal/client/hooks/use-team";
import type { JobRequest } from "@/lib/portal/job-types";
import type { SessionPerson } from "@/lib/portal/types";

/**
 * Who requested a job, named: the request's nested `employer` where the upstream gives one,
 * else its `employer_id` looked up in the team. "(you)" for the person signed in. Null when the
 * request names nobody (posted for the company) or the team cannot be read.
 */
export function requestedBy(
  request: Pick<JobRequest, "employer_id" | "employer">,
  team: readonly Teammate[] | undefined,
  me: SessionPerson | null,
): string | null {
  const id = request.employer?.id ?? request.employer_id ?? null;
  if (id === null || id === undefined) return null;
  const nested = request.employer;
  const known = team?.find((t) => t.id === id);
  const name =
    nested && (nested.first_name || nested.last_name)
      ? teammateName({ ...nested, id })
      : known
        ? teammateName(known)
        : me?.id === id
          ? me.name
          : null;
  if (!name) return team ? `Teammate ${id}` : null;
  return me?.id === id ? `${name} (you)` : name;
}
