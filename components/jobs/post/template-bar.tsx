"use client";

import { type KeyboardEvent, useState } from "react";
import { useFormContext } from "react-hook-form";
import type { PickedBadge } from "@/components/badges/badge-picker";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { ApiClientError, apiFetch } from "@/lib/portal/client/fetcher";
import {
  useCreateJobRequestTemplate,
  useJobRequestTemplates,
} from "@/lib/portal/client/hooks/use-job-request-templates";
import type { JobRequestTemplate } from "@/lib/portal/job-types";
import type { PostJobFormValues } from "./post-job-model";
import { badgeIdsOfTemplate, templateFieldsOf, valuesFromFields } from "./prefill";

/** A template's badges with their names (a template keeps ids only); an unknown one by its id. */
async function namedBadges(ids: number[]): Promise<PickedBadge[]> {
  return Promise.all(
    ids.map(async (id) => {
      try {
        const { data } = await apiFetch<{ name?: string }>(`badges/${id}`);
        return { id: String(id), name: data.name ?? `Badge #${id}` };
      } catch {
        return { id: String(id), name: `Badge #${id}` };
      }
    }),
  );
}

/**
 * "Start from a template" and "Save as template" (templates are ours): above the form, filling
 * it from a saved posting or saving what it holds under a name. A template keeps no date: the
 * form's date and time stay as they are.
 */
export function TemplateBar({ onApplied }: { onApplied: (name: string) => void }) {
  const { getValues, reset } = useFormContext<PostJobFormValues>();
  const templates = useJobRequestTemplates();
  const create = useCreateJobRequestTemplate();
  const [chosen, setChosen] = useState("");
  const [applying, setApplying] = useState(false);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | undefined>();
  const [status, setStatus] = useState("");

  const list = templates.data ?? [];
  const apply = async () => {
    const t = list.find((x) => String(x.id) === chosen);
    if (!t) return;
    setApplying(true);
    const badges = await namedBadges(badgeIdsOfTemplate(t.job_request));
    const now = getValues();
    reset(valuesFromFields(t.job_request, now, badges), { keepDefaultValues: true });
    setApplying(false);
    setStatus(`Filled from the template “${t.name}”. Pick the date and check the details.`);
    onApplied(t.name);
  };

  const save = async () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError("Template name can't be blank");
      return;
    }
    setNameError(undefined);
    try {
      const made: JobRequestTemplate = await create.mutateAsync({
        name: trimmed,
        job_request: templateFieldsOf(getValues()),
      });
      setNaming(false);
      setName("");
      setStatus(`Saved as the template “${made.name}”.`);
    } catch (err) {
      if (err instanceof ApiClientError && err.fields) {
        const messages = Object.entries(err.fields).flatMap(([field, ms]) =>
          ms.map((m) =>
            field === "name" ? `Template name ${m}` : `${field.replaceAll("_", " ")} ${m}`,
          ),
        );
        setNameError(messages.join(". "));
      } else {
        setNameError(err instanceof Error ? err.message : "The template was not saved. Try again.");
      }
    }
  };
  const onNameKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter") {
      e.preventDefault();
      void save();
    } else if (e.key === "Escape") {
      setNaming(false);
    }
  };

  return (
    <section
      aria-labelledby="templates-heading"
      className="mb-8 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:p-5"
    >
      <h2 id="templates-heading" className="text-sm font-semibold text-slate-900">
        Templates
      </h2>
      <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-1 flex-col gap-2 sm:flex-row sm:items-end">
          <SelectField
            label="Start from a template"
            className="sm:w-72"
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
            disabled={templates.isPending || list.length === 0}
            hint={
              templates.isError
                ? "The templates could not be loaded."
                : !templates.isPending && list.length === 0
                  ? "No templates yet: save this posting as one."
                  : undefined
            }
          >
            <option value="">{templates.isPending ? "Loading…" : "Choose a template"}</option>
            {list.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </SelectField>
          <Button
            variant="secondary"
            onClick={() => void apply()}
            disabled={!chosen}
            busy={applying}
            className="sm:mb-5"
          >
            Use template
          </Button>
        </div>
        {!naming && (
          <Button
            variant="secondary"
            className="sm:mb-5"
            onClick={() => {
              setNaming(true);
              setNameError(undefined);
              setName(getValues().request_name);
            }}
          >
            Save as template
          </Button>
        )}
      </div>
      {naming && (
        <div className="mt-2 flex flex-col gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:items-start">
          <TextField
            label="Template name"
            className="sm:w-72"
            value={name}
            maxLength={100}
            // The field appears because it was asked for: it takes the typing at once.
            autoFocus
            onChange={(e) => setName(e.target.value)}
            onKeyDown={onNameKey}
            error={nameError}
            hint="Saves every field but the date; you can post from it any time."
          />
          <div className="flex gap-2 sm:mt-6">
            <Button onClick={() => void save()} busy={create.isPending}>
              Save template
            </Button>
            <Button variant="ghost" onClick={() => setNaming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      )}
      <p role="status" className="mt-2 text-sm text-slate-700 empty:hidden">
        {status}
      </p>
    </section>
  );
}
