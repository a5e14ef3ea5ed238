"use client";

import { useFormContext } from "react-hook-form";
import { mayRequest, teammateName } from "@/components/team/team-format";
import { SelectField } from "@/components/ui/field";
import { useTeam } from "@/lib/portal/client/hooks/use-team";
import type { SessionPerson } from "@/lib/portal/types";
import { FIELD_LABELS, fieldMessage, type PostJobFormValues } from "./post-job-model";

/**
 * Who the job is for (`employer_id`): the teammates who may request (admins and requestors,
 * not deactivated), the person signed in first and chosen by default. A key pair's session
 * (an integration, the real service) defaults to none: the company itself, as before.
 */
export function RequestorField({
  me,
  teamReadable,
}: {
  me: SessionPerson | null;
  /** Whether the session may list the team (a public pool key may not). */
  teamReadable: boolean;
}) {
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<PostJobFormValues>();
  const team = useTeam(teamReadable);
  const chosen = watch("employer_id");

  const options = (team.data ?? [])
    .filter((t) => mayRequest(t) && t.id !== me?.id)
    .map((t) => ({
      value: String(t.id),
      label: [teammateName(t), t.title].filter(Boolean).join(" — "),
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
  if (me) options.unshift({ value: String(me.id), label: `${me.name} (you)` });
  // A restored draft's choice stays shown while the team loads (or if they have since left).
  if (chosen && !options.some((o) => o.value === chosen)) {
    options.push({ value: chosen, label: team.isPending ? "Loading…" : `Teammate ${chosen}` });
  }

  const hint = team.isError
    ? `The team could not be loaded: ${me ? "only you can be chosen" : "the job is the company's"} for now.`
    : me
      ? "They are named on the job and can find it under “Mine”."
      : "Leave it to the company, or name the teammate the job is for.";
  return (
    <SelectField
      label={FIELD_LABELS.employer_id}
      hint={hint}
      error={fieldMessage("employer_id", errors.employer_id?.message)}
      {...register("employer_id")}
    >
      {!me && <option value="">The company (no one in particular)</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </SelectField>
  );
}
