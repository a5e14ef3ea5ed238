import type { ExistingWorker, ImportIo, InviteAnswer } from "@/lib/bulk/import-runner";
import { ApiClientError, apiFetch } from "@/lib/portal/client/fetcher";
import { normalizeList } from "@/lib/portal/normalize";
import { MAX_PAGE_SIZE } from "@/lib/schemas/paging";
import type { InviteUserBody } from "@/lib/schemas/user";

/** The session ended and the import was cancelled before it came back: the row was not sent. */
export class ImportAbortedError extends Error {
  constructor() {
    super("Not sent: the import was cancelled while signed out.");
    this.name = "ImportAbortedError";
  }
}

type ImportIoOptions = {
  /**
   * A call was answered 401 (the portal session ended). Resolves when the user has signed in
   * again and asked to go on; rejects (ImportAbortedError) when the import is cancelled instead.
   * `body` names the row, so the caller can tell it was never sent.
   */
  waitForSession(body: InviteUserBody, sentIn: number): Promise<void>;
  /**
   * Which sign-in the calls are made under (grows with every resume): a 401 for a call made
   * before the user signed in again is stale, and the caller can let it go again at once.
   */
  sessionEpoch?: () => number;
  /** How long to wait before trying again after a 429; attempt counts from 0. */
  backoffMs?: (attempt: number) => number;
};

const RATE_LIMIT_ATTEMPTS = 5;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The bulk invite's two calls through the portal proxy, one invite per row (the real service
 * has no bulk endpoint). A 401 never becomes a row's outcome: the call waits for a new sign-in
 * and is then made again, so an ended session pauses the import instead of failing every row.
 * A 429 is waited out and retried a few times.
 */
/** The API's refusal as an answer; no answer at all (a network failure) is thrown on. */
function refusal(err: unknown): InviteAnswer {
  if (!(err instanceof ApiClientError) || err.status === 0) throw err;
  return {
    ok: false,
    status: err.status,
    code: err.code,
    message: err.message,
    ...(err.fields && { fields: err.fields }),
  };
}

export function proxyImportIo(opts: ImportIoOptions): ImportIo {
  const backoff = opts.backoffMs ?? ((attempt) => 1_000 * 2 ** attempt);

  async function call<T>(body: InviteUserBody, fn: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const epoch = opts.sessionEpoch?.() ?? 0;
      try {
        return await fn();
      } catch (err) {
        if (!(err instanceof ApiClientError)) throw err;
        if (err.status === 401) {
          await opts.waitForSession(body, epoch);
          continue;
        }
        if (err.status === 429 && attempt < RATE_LIMIT_ATTEMPTS) {
          await sleep(backoff(attempt));
          continue;
        }
        throw err;
      }
    }
  }

  /** The pool's worker whose `field` equals `value` exactly: a filter the upstream ignores or
   * widens (a "contains" search) must not pick somebody else. */
  async function findBy(
    body: InviteUserBody,
    field: "email" | "external_id",
    value: string,
  ): Promise<ExistingWorker | null> {
    const q = new URLSearchParams({ [field]: value, page: "1", per: String(MAX_PAGE_SIZE) });
    const { data } = await call(body, () =>
      apiFetch<unknown>(`users?${q}`, { announceExpiry: false }),
    );
    return pickExact(data, field, value);
  }

  /** One call; the house error (or a network failure, thrown) as the answer. */
  async function answer(body: InviteUserBody, fn: () => Promise<void>): Promise<InviteAnswer> {
    try {
      await call(body, fn);
      return { ok: true, id: 0 };
    } catch (err) {
      return refusal(err);
    }
  }

  return {
    async invite(body): Promise<InviteAnswer> {
      // Unset optional fields are left out rather than sent as null: the least a service
      // has to accept.
      const json = Object.fromEntries(Object.entries(body).filter(([, v]) => v != null));
      try {
        const { data } = await call(body, () =>
          apiFetch<{ id?: number; user?: { id?: number } }>("users/invite", {
            method: "POST",
            json,
            announceExpiry: false,
          }),
        );
        const id = data?.id ?? data?.user?.id;
        if (typeof id !== "number") {
          return {
            ok: false,
            status: 502,
            code: "upstream_error",
            message: "The API accepted the invitation but did not say which worker it created.",
          };
        }
        return { ok: true, id };
      } catch (err) {
        // No answer at all (network) is thrown: the runner marks the row failed, to retry.
        return refusal(err);
      }
    },
    async findExisting(body) {
      return (
        (await findBy(body, "email", body.email)) ??
        (body.external_id ? await findBy(body, "external_id", body.external_id) : null)
      );
    },
    async addBadges(id, badgeIds, body) {
      // The badge picker's call: the new ones are added, those held are kept.
      const json = { user_badges_attributes: badgeIds.map((badge_id) => ({ badge_id })) };
      const a = await answer(body, async () => {
        await apiFetch<unknown>(`users/${id}`, { method: "PATCH", json, announceExpiry: false });
      });
      return a.ok ? { ok: true, id } : a;
    },
  };
}

type ListedUser = {
  id: number;
  first_name?: string;
  last_name?: string;
  email?: string;
  external_id?: string | null;
  user_badges?: { badge_id?: unknown }[];
};

/** The listed worker whose e-mail (any case) or external ID is exactly `value`, if any. */
export function pickExact(
  data: unknown,
  field: "email" | "external_id",
  value: string,
): ExistingWorker | null {
  const wanted = field === "email" ? value.trim().toLowerCase() : value.trim();
  const match = normalizeList<ListedUser>("users", data, 1, MAX_PAGE_SIZE).items.find((u) =>
    field === "email"
      ? (u.email ?? "").trim().toLowerCase() === wanted
      : (u.external_id ?? "").trim() === wanted,
  );
  if (!match) return null;
  return {
    id: match.id,
    first_name: match.first_name ?? null,
    last_name: match.last_name ?? null,
    email: match.email ?? null,
    badgeIds: (match.user_badges ?? []).map((b) => String(b.badge_id)),
  };
}
