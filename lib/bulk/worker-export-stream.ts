import { CSV_BOM, csvLines, WORKER_CSV_HEADER, workerCsvRow } from "./worker-csv";

/** One page of workers from the upstream, or why it could not be read. */
export type ExportPage =
  | { ok: true; users: Record<string, unknown>[]; per: number }
  | { ok: false; message: string };

class ExportAborted extends Error {
  override name = "ExportAborted";
}

/**
 * The CSV file as a stream: byte order mark, header and the first page at once (the caller has
 * already fetched page 1, so that a refusal is still a proper JSON error), then one upstream
 * page per read until a page holds fewer than `per` records, like every client of the real
 * service. Reads are pulled, so a slow download never makes it fetch ahead.
 *
 * A page that fails ends the stream with an error, never with a quiet end: the download must
 * fail visibly rather than save a file that looks complete. Workers seen on an earlier page
 * (rows that moved while paging) are written once.
 */
export function workerExportStream(opts: {
  first: { users: Record<string, unknown>[]; per: number };
  fetchPage: (page: number) => Promise<ExportPage>;
  badgeNames: ReadonlyMap<string, string>;
  /** Write the SSN and date of birth (asked for explicitly); by default their cells are empty. */
  includeSensitive?: boolean;
  onError?: (page: number, message: string) => void;
}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const seen = new Set<string>();
  let page = 1;
  let finished = false;
  let cancelled = false;

  const freshRows = (users: Record<string, unknown>[]) =>
    users
      .filter((u) => {
        const id = String(u.id);
        if (seen.has(id)) return false;
        seen.add(id);
        return true;
      })
      .map((u) =>
        workerCsvRow(u, opts.badgeNames, { includeSensitive: opts.includeSensitive === true }),
      );

  const fail = (controller: ReadableStreamDefaultController<Uint8Array>, message: string) => {
    finished = true;
    opts.onError?.(page, message);
    controller.error(
      new ExportAborted(`Page ${page} of the workers could not be read: ${message}`),
    );
  };

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const { users, per } = opts.first;
        controller.enqueue(
          encoder.encode(CSV_BOM + csvLines([WORKER_CSV_HEADER, ...freshRows(users)])),
        );
        if (users.length < per) {
          finished = true;
          controller.close();
        }
      },
      async pull(controller) {
        // Keep going until something is enqueued: a pull that enqueues nothing is not called
        // again, and the reader would wait forever.
        while (!finished && !cancelled) {
          page += 1;
          let result: ExportPage;
          try {
            result = await opts.fetchPage(page);
          } catch (err) {
            result = { ok: false, message: err instanceof Error ? err.message : String(err) };
          }
          if (cancelled) return;
          if (!result.ok) return fail(controller, result.message);
          const rows = freshRows(result.users);
          const last = result.users.length < result.per;
          // An upstream that ignores `page` would repeat itself forever.
          if (!last && rows.length === 0)
            return fail(controller, "the API returned the same workers again");
          if (rows.length > 0) controller.enqueue(encoder.encode(csvLines(rows)));
          if (last) {
            finished = true;
            controller.close();
          }
          if (rows.length > 0) return;
        }
      },
      cancel() {
        // The browser went away (or cancelled): fetch no more pages.
        cancelled = true;
      },
    },
    { highWaterMark: 1 },
  );
}
