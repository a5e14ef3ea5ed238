import "server-only";
import { exportFileName } from "@/lib/bulk/worker-csv";
import { type ExportPage, workerExportStream } from "@/lib/bulk/worker-export-stream";
import { log } from "@/lib/log";
import { readEveryPage } from "@/lib/portal/every-page";
import { answerShape } from "@/lib/portal/server/proxy-rules";
import type { ActiveSession } from "@/lib/portal/server/session";
import { upstreamFetch } from "@/lib/portal/server/upstream";
import type { PortalError } from "@/lib/portal/types";
import { MAX_PAGE_SIZE } from "@/lib/schemas/paging";

type Failure = { ok: false; status: number; error: PortalError; headers: Headers };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The array under `key` (or a bare array), and the page size the upstream says it used. */
function readPage(key: string, body: unknown) {
  const list = Array.isArray(body) ? body : isObject(body) ? body[key] : undefined;
  const items = (Array.isArray(list) ? list : []).filter(isObject);
  const per = isObject(body) && typeof body.per === "number" ? body.per : MAX_PAGE_SIZE;
  const total = isObject(body) && typeof body.total === "number" ? body.total : null;
  return { items, per, total };
}

async function usersPage(session: ActiveSession, filters: URLSearchParams, page: number) {
  const q = new URLSearchParams(filters);
  q.set("per", String(MAX_PAGE_SIZE));
  q.set("page", String(page));
  // A page that is no list fails the export (502) rather than ending it early as if empty.
  const res = await upstreamFetch(session.environment, `users?${q}`, {
    token: session.token,
    expect: answerShape("GET", "users"),
  });
  if (!res.ok) return res;
  return { ok: true as const, ...readPage("users", res.body) };
}

class PageFailed extends Error {
  constructor(readonly failure: Failure) {
    super(failure.error.message);
  }
}

/** Every badge of the company (all pages), id → name. */
async function badgeNames(
  session: ActiveSession,
): Promise<{ ok: true; names: Map<string, string> } | Failure> {
  try {
    const badges = await readEveryPage(
      async (page, per) => {
        const res = await upstreamFetch(session.environment, `badges?per=${per}&page=${page}`, {
          token: session.token,
          expect: answerShape("GET", "badges"),
        });
        if (!res.ok) throw new PageFailed(res);
        return readPage("badges", res.body);
      },
      (b) => String(b.id),
    );
    const names = new Map<string, string>();
    for (const b of badges) {
      if (b.id !== undefined && typeof b.name === "string") names.set(String(b.id), b.name);
    }
    return { ok: true, names };
  } catch (err) {
    if (err instanceof PageFailed) return err.failure;
    throw err;
  }
}

/**
 * Starts a CSV export of the workers matching `filters`: badge names and the first page are
 * read before anything is sent, so that a refusal (expired token, bad filter) is an ordinary
 * JSON error with its status; the rest streams page by page.
 */
export async function startWorkerExport(
  session: ActiveSession,
  filters: URLSearchParams,
  opts: { includeSensitive: boolean },
  now = new Date(),
): Promise<
  { ok: true; stream: ReadableStream<Uint8Array>; fileName: string; total: number | null } | Failure
> {
  const [badges, first] = await Promise.all([badgeNames(session), usersPage(session, filters, 1)]);
  if (!first.ok) return first;
  if (!badges.ok) return badges;

  const fetchPage = async (page: number): Promise<ExportPage> => {
    const res = await usersPage(session, filters, page);
    return res.ok
      ? { ok: true, users: res.items, per: res.per }
      : { ok: false, message: res.error.message };
  };
  const stream = workerExportStream({
    first: { users: first.items, per: first.per },
    fetchPage,
    badgeNames: badges.names,
    includeSensitive: opts.includeSensitive,
    onError: (page, message) => log.warn("worker export aborted", { page, message }),
  });
  return { ok: true, stream, fileName: exportFileName(now), total: first.total };
}
