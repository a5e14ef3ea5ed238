"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/portal/client/fetcher";
import { keys } from "@/lib/portal/client/hooks/query-keys";
import { unwrap } from "@/lib/portal/client/hooks/use-jobs";
import type { JobRequestTemplate } from "@/lib/portal/job-types";

/** The company's job request templates (ours), by name: all of them (at most 200). */
export function useJobRequestTemplates(enabled = true) {
  return useQuery({
    enabled,
    queryKey: keys.templates,
    queryFn: async () => {
      const { data } = await apiFetch<{ job_request_templates?: JobRequestTemplate[] }>(
        "job_request_templates",
      );
      return data.job_request_templates ?? [];
    },
    staleTime: 60_000,
  });
}

/** Saves a posting's fields under a name; a taken name is a 422 on `name`. */
export function useCreateJobRequestTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: { name: string; job_request: Record<string, unknown> }) =>
      unwrap<JobRequestTemplate>(
        "job_request_template",
        (await apiFetch("job_request_templates", { method: "POST", json: input })).data,
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.templates }),
  });
}
