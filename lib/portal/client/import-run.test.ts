import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkRows, guessMapping, parseCsv } from "@/lib/bulk/csv-import";
import {
  cancelImport,
  dismissImport,
  getImportRun,
  type ImportRunState,
  resumeImport,
  retryRows,
  startImport,
  subscribeImportRun,
} from "@/lib/portal/client/import-run";

/**
 * The tab's import run, against a scripted portal proxy: an ended session pauses it (no row
 * fails), signing in again and resuming sends the waiting rows again, and a cancel leaves the
 * rest "not sent" (no outcome) for a later pass.
 */

const FILE = [
  "First name,Last name,E-mail,Phone",
  "Ava,One,ava1@example.com,+1 415 555 0101",
  "Ben,Two,ben2@example.com,+1 415 555 0102",
  "Cy,,cy3@example.com,+1 415 555 0103",
  "Di,Four,di4@example.com,+1 415 555 0104",
  "Ed,Five,ed5@example.com,+1 415 555 0105",
].join("\n");

function checks() {
  const parsed = parseCsv(FILE);
  return checkRows(parsed, guessMapping(parsed.headers));
}

let signedIn = true;
let nextId = 100;
beforeEach(() => {
  signedIn = true;
  nextId = 100;
  vi.stubGlobal(
    "fetch",
    vi.fn(async () =>
      signedIn
        ? new Response(JSON.stringify({ id: nextId++ }), { status: 201 })
        : new Response(JSON.stringify({ error: { code: "session_expired", message: "Ended" } }), {
            status: 401,
          }),
    ),
  );
});
afterEach(() => {
  dismissImport();
  vi.unstubAllGlobals();
});

/** Resolves with the first state that `ok` accepts. */
function until(ok: (s: ImportRunState) => boolean): Promise<ImportRunState> {
  return new Promise((resolve) => {
    const check = () => {
      const s = getImportRun();
      if (s && ok(s)) {
        stop();
        resolve(s);
      }
    };
    const stop = subscribeImportRun(check);
    check();
  });
}

const settled = (s: ImportRunState) => s.phase === "finished" || s.phase === "cancelled";

describe("the import run", () => {
  it("sends the ready rows and refuses the others, then tells who asked", async () => {
    const onSettled = vi.fn();
    startImport("team.csv", checks(), onSettled);
    const end = await until(settled);
    expect(end.phase).toBe("finished");
    expect(end.counts).toEqual({ created: 4, existing: 0, refused: 1, failed: 0 });
    expect(end.outcomes.get(4)).toMatchObject({
      status: "refused",
      reason: "Last name can't be blank",
    });
    expect(onSettled).toHaveBeenCalledOnce();
  });

  it("pauses when the session ends, and goes on after signing in again: nothing failed", async () => {
    signedIn = false;
    startImport("team.csv", checks());
    const paused = await until((s) => s.sessionLost);
    expect(paused.phase).toBe("paused");
    expect(paused.counts.failed).toBe(0);

    signedIn = true;
    resumeImport();
    const end = await until(settled);
    expect(end.counts).toEqual({ created: 4, existing: 0, refused: 1, failed: 0 });
    expect(end.sessionLost).toBe(false);
  });

  it("a cancel while signed out leaves the rows not sent; a later pass sends them", async () => {
    signedIn = false;
    const all = checks();
    startImport("team.csv", all);
    await until((s) => s.sessionLost);
    cancelImport();
    const stopped = await until(settled);
    expect(stopped.phase).toBe("cancelled");
    expect(stopped.counts.created + stopped.counts.failed).toBe(0);
    const unsent = all.filter((c) => !stopped.outcomes.has(c.row));
    expect(unsent.length).toBeGreaterThanOrEqual(4);

    signedIn = true;
    retryRows(unsent);
    const end = await until(settled);
    expect(end.phase).toBe("finished");
    expect(end.counts.created).toBe(4);
    expect(end.counts.failed).toBe(0);
  });
});
