"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/portal/client/fetcher";
import { type DeliveryListParams, keys } from "@/lib/portal/client/hooks/query-keys";
import { type DeliveryState, isFinalRefusal } from "@/lib/portal/client/hooks/use-mails";
import type { CreateWebhookBody } from "@/lib/schemas/webhook";

export type Webhook = {
  id: number;
  url: string;
  events: string[];
  all_events: boolean;
  /** The public key whose secret key signs this webhook's deliveries. */
  signing_key: string | null;
  created_at: string;
};

export type DeliveryAttempt = {
  attempt: number;
  started_at: string;
  latency_ms: number | null;
  ok: boolean;
  status: number | null;
  error: string | null;
};

export type WebhookDelivery = {
  id: number;
  event_id: string;
  event: string;
  webhook_id: number | null;
  url: string;
  state: DeliveryState;
  attempts: number;
  max_attempts: number;
  next_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  delivered_at: string | null;
  created_at: string;
  payload: unknown;
  attempt_log: DeliveryAttempt[];
};

type DeliveryPage = {
  deliveries: WebhookDelivery[];
  page: number;
  per: number;
  total: number;
};

export function useWebhooks() {
  return useQuery({
    queryKey: keys.webhooks,
    queryFn: async () => (await apiFetch<{ webhooks: Webhook[] }>("webhooks")).data.webhooks ?? [],
  });
}

export function useCreateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateWebhookBody) =>
      (await apiFetch<Webhook>("webhooks", { method: "POST", json: body })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.webhooks }),
  });
}

/** Removing a subscription cancels its waiting deliveries: both lists change. */
export function useRemoveWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiFetch<unknown>(`webhooks/${id}`, { method: "DELETE" });
    },
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: keys.webhooks }),
        qc.invalidateQueries({ queryKey: keys.deliveries }),
      ]),
  });
}

/** Recent deliveries, newest first; polled while something may still change. */
export function useDeliveries(params: DeliveryListParams) {
  return useQuery({
    queryKey: keys.deliveryList(params),
    queryFn: async () => {
      const q = new URLSearchParams({ page: String(params.page), per: String(params.per) });
      if (params.state) q.set("state", params.state);
      const { data } = await apiFetch<DeliveryPage>(`webhook_deliveries?${q}`);
      return { ...data, deliveries: data.deliveries ?? [] };
    },
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (isFinalRefusal(query.state.error) ? false : 3_000),
    staleTime: 0,
  });
}

export function useResendDelivery() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (
        await apiFetch<WebhookDelivery>(`webhook_deliveries/${id}/resend`, {
          method: "POST",
          json: {},
        })
      ).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.deliveries }),
  });
}
