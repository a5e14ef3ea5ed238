"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/portal/client/fetcher";
import { keys } from "@/lib/portal/client/hooks/query-keys";
import { readEveryPage } from "@/lib/portal/every-page";
import { normalizeList } from "@/lib/portal/normalize";
import type { Role } from "@/lib/schemas/permissions";

/**
 * An employer user as GET /users?type=Employer answers it (docs/people.md): the reference's
 * fields the pages read, then ours (`invitation_status`, `last_sign_in_at`). The real service
 * may leave any of them out, so every one but the id is optional.
 */
export type Teammate = {
  id: number;
  type?: string;
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  phone?: string | null;
  role?: Role | string | null;
  title?: string | null;
  suspended?: boolean | null;
  suspended_at?: string | null;
  /** Ours. */
  invitation_status?: "invited" | "accepted" | "expired" | null;
  last_sign_in_at?: string | null;
  /** Ours: signs in with a second factor. */
  two_factor_enabled?: boolean;
};

/** Pages of 50 until the team is read; a company past this many teammates is not a team. */
const MAX_TEAM_PAGES = 20;

/**
 * The company's employer users, every page (a team is small: the Team page, the Requestor
 * field and "Requested by" all read this one list). `enabled` false where the caller may not
 * read the team (a public pool key).
 */
export function useTeam(enabled = true) {
  return useQuery({
    enabled,
    queryKey: keys.team,
    queryFn: async () => {
      let pages = 0;
      return await readEveryPage<Teammate>(
        async (page, per) => {
          pages += 1;
          const q = new URLSearchParams({ type: "Employer", page: String(page), per: String(per) });
          const { data } = await apiFetch<unknown>(`users?${q}`);
          const read = normalizeList<Teammate>("users", data, page, per);
          // An upstream that ignores `type` answers workers: they are nobody's teammates.
          return { ...read, items: read.items.filter((t) => !t.type || t.type === "Employer") };
        },
        (t) => String(t.id),
        { shouldStop: () => pages >= MAX_TEAM_PAGES },
      );
    },
    staleTime: 60_000,
  });
}

export type InviteTeammateBody = {
  first_name: string;
  last_name: string;
  email: string;
  role: Role;
  title?: string;
};

/** POST /users/invite with `type: "Employer"` (ours): the invitation mail goes to the outbox. */
export function useInviteTeammate() {
  const qc = useQueryClient();
  return useMutation({
    networkMode: "always",
    mutationFn: async (body: InviteTeammateBody) => {
      const { data } = await apiFetch<unknown>("users/invite", {
        method: "POST",
        json: { ...body, type: "Employer" },
      });
      const isObj = (v: unknown): v is Record<string, unknown> =>
        typeof v === "object" && v !== null;
      return (isObj(data) && isObj(data.user) ? data.user : data) as Teammate;
    },
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: keys.team }),
        qc.invalidateQueries({ queryKey: keys.mails }),
      ]),
  });
}

export type TeammateChange = { role: Role } | { suspended: boolean };

/**
 * PATCH /users/:id: a new role, or deactivate (`suspended: true`, which ends the person's
 * sessions at once) and reactivate. The last admin's refusal comes back as a 422 on the field.
 */
export function useUpdateTeammate() {
  const qc = useQueryClient();
  return useMutation({
    networkMode: "always",
    mutationFn: async ({ id, change }: { id: number; change: TeammateChange }) =>
      (await apiFetch<Teammate>(`users/${id}`, { method: "PATCH", json: change })).data,
    onSuccess: (updated) => {
      qc.setQueryData<Teammate[]>(keys.team, (old) =>
        old?.map((t) => (t.id === updated.id ? { ...t, ...updated } : t)),
      );
      return qc.invalidateQueries({ queryKey: keys.team });
    },
  });
}

/** A new invitation link (POST /users/:id/invitation, ours); the earlier one stops working. */
export function useResendTeamInvitation() {
  const qc = useQueryClient();
  return useMutation({
    networkMode: "always",
    mutationFn: async (id: number) =>
      (await apiFetch<Teammate>(`users/${id}/invitation`, { method: "POST" })).data,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: keys.team }),
        qc.invalidateQueries({ queryKey: keys.mails }),
      ]),
  });
}
