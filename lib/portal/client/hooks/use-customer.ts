"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/portal/client/fetcher";

/**
 * The company's customer record (GET /customers/:id, docs/reference-rest.md). The real service
 * may leave any field out, so every one but the id is optional.
 */
export type Customer = {
  id: number;
  name?: string;
  account_owner?: string | null;
  account_manager?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  phone?: string | null;
  contact_first_name?: string | null;
  contact_last_name?: string | null;
  contact_email?: string | null;
  billing_first_name?: string | null;
  billing_last_name?: string | null;
  billing_email?: string | null;
  billing_phone?: string | null;
  fee_percentage?: number | null;
  can_post_w2?: boolean;
  can_post_1099?: boolean;
  can_use_premier_features?: boolean;
  use_start_and_complete_pin?: boolean;
  strategic_pilot?: boolean;
  use_pending_state?: boolean;
  updated_at?: string;
};

type Me = { company: { id: number } };

const customerKey = ["customer"] as const;

/** The signed-in company's record: its id comes from /me. */
export function useCustomer() {
  return useQuery({
    queryKey: customerKey,
    queryFn: async () => {
      const me = (await apiFetch<Me>("me")).data;
      return (await apiFetch<Customer>(`customers/${me.company.id}`)).data;
    },
    staleTime: 60_000,
  });
}

/** PATCH /customers/:id with the contact and billing fields (admins). */
export function useUpdateCustomer(id: number | undefined) {
  const qc = useQueryClient();
  return useMutation({
    networkMode: "always",
    mutationFn: async (body: Record<string, unknown>) =>
      (await apiFetch<Customer>(`customers/${id}`, { method: "PATCH", json: body })).data,
    onSuccess: (saved) => qc.setQueryData(customerKey, saved),
  });
}

export type ResendResult = {
  notified?: { user_id: number; preferred: boolean; rank: number | null }[];
  next_resend_at?: string;
};

/** POST /job_requests/:id/resend_notifications: tell the workers again (once per 10 minutes). */
export function useResendNotifications(jobRequestId: number) {
  return useMutation({
    networkMode: "always",
    mutationFn: async () =>
      (
        await apiFetch<ResendResult>(`job_requests/${jobRequestId}/resend_notifications`, {
          method: "POST",
        })
      ).data,
  });
}
