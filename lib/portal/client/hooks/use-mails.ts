"use client";

import { useQuery } from "@tanstack/react-query";
import { ApiClientError, apiFetch } from "@/lib/portal/client/fetcher";
import { keys } from "@/lib/portal/client/hooks/query-keys";
import { MAX_PAGE_SIZE } from "@/lib/schemas/paging";

/** How far an outbox row (an e-mail or a webhook delivery) got. */
export type DeliveryState = "pending" | "delivered" | "dead";

/** An invitation e-mail the API sent (the demo outbox). Bodies only when no SMTP is set up. */
export type OutboxMail = {
  id: number;
  event: string;
  to: string;
  to_name: string;
  subject: string;
  state: DeliveryState;
  /** "database": kept for the demo outbox; "smtp": handed to a mail server. */
  transport: string | null;
  attempts: number;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
  link_expires_at: string | null;
  body_available: boolean;
  text: string | null;
  html: string | null;
  link: string | null;
  /** Ours: the teammate whose action sent it, and what became of its link. */
  sent_by?: { id: number; name: string } | null;
  link_state?: "live" | "used" | "replaced" | "expired" | null;
};

type MailPage = { mails: OutboxMail[]; page: number; per: number; total: number };

/** A refusal that asking again will not change (no outbox upstream, a public-pool key). */
export const isFinalRefusal = (err: unknown) =>
  err instanceof ApiClientError && (err.status === 403 || err.status === 404);

/**
 * The invitation e-mails, newest first. Polled, so an invite sent in another tab shows up
 * without a reload; polling stops once the API has said it has no outbox for these keys.
 */
export function useMails({ page = 1, per = MAX_PAGE_SIZE }: { page?: number; per?: number } = {}) {
  return useQuery({
    queryKey: keys.mailList(page, per),
    queryFn: async () => {
      const q = new URLSearchParams({ page: String(page), per: String(per) });
      const { data } = await apiFetch<MailPage>(`mails?${q}`);
      return { ...data, mails: data.mails ?? [] };
    },
    refetchInterval: (query) => (isFinalRefusal(query.state.error) ? false : 2_500),
    staleTime: 0,
  });
}
