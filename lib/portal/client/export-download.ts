import { createRecordCounter, exportFileName } from "@/lib/bulk/csv-text";
import { SESSION_EXPIRED_EVENT } from "@/lib/portal/client/fetcher";
import { fileNameFrom, saveBlob } from "@/lib/portal/client/save-file";
import type { PortalError } from "@/lib/portal/types";

/** How often the running count is drawn: often enough to move, rarely enough to stay cheap. */
const PROGRESS_EVERY_MS = 120;

export type DownloadOutcome =
  | { status: "done"; rows: number; fileName: string }
  | { status: "cancelled" }
  | { status: "failed"; message: string };

/**
 * Downloads /api/export/workers for the given filters: reads the body as it streams, counting
 * rows against the total (from the response's X-Total-Count, else the list's `knownTotal`),
 * then saves the whole file at once. Aborting `signal` also stops the server from reading
 * further pages. Loaded when an export starts (./hooks/use-export-workers.ts), not with the
 * workers list.
 */
export async function downloadWorkersExport(
  filters: URLSearchParams,
  knownTotal: number | null,
  signal: AbortSignal,
  progress: (rows: number, total: number | null) => void,
): Promise<DownloadOutcome> {
  try {
    const res = await fetch(`/api/export/workers?${filters}`, {
      credentials: "same-origin",
      headers: { accept: "text/csv, application/json" },
      signal,
    });
    if (!res.ok) {
      const err = (await res.json().catch(() => null)) as { error?: PortalError } | null;
      if (res.status === 401) window.dispatchEvent(new CustomEvent(SESSION_EXPIRED_EVENT));
      return {
        status: "failed",
        message: err?.error?.message ?? `The export failed (HTTP ${res.status}).`,
      };
    }
    const header = Number(res.headers.get("x-total-count"));
    const total =
      Number.isInteger(header) && header >= 0 && res.headers.has("x-total-count")
        ? header
        : knownTotal;
    const fileName = fileNameFrom(
      res.headers.get("content-disposition"),
      exportFileName(new Date()),
    );
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    const decoder = new TextDecoder();
    const counter = createRecordCounter();
    const reader = res.body?.getReader();
    if (!reader) throw new Error("The browser cannot read the download.");
    let drawn = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value as Uint8Array<ArrayBuffer>);
      counter.push(decoder.decode(value, { stream: true }));
      const now = performance.now();
      if (now - drawn > PROGRESS_EVERY_MS) {
        drawn = now;
        // The first record is the header.
        progress(Math.max(0, counter.records - 1), total);
      }
    }
    counter.push(decoder.decode());
    const rows = Math.max(0, counter.records - 1);
    saveBlob(new Blob(chunks, { type: "text/csv;charset=utf-8" }), fileName);
    return { status: "done", rows, fileName };
  } catch (err) {
    if (signal.aborted) return { status: "cancelled" };
    // A page that failed on the server aborts the response: the read fails here, and
    // nothing is saved, so no half file can pass for a whole one.
    return {
      status: "failed",
      message:
        err instanceof TypeError
          ? "The download broke off before the end, so no file was saved. Try again."
          : err instanceof Error
            ? err.message
            : "The export failed.",
    };
  }
}
