import { afterEach, describe, expect, it, vi } from "vitest";
import { checkRows, guessMapping, parseCsv } from "@/lib/bulk/csv-import";
import { checkPool } from "@/lib/portal/client/import-precheck";

/**
 * The preview's look-up of e-mails in the pool, against a scripted portal proxy that answers
 * `GET users?email=` as the list does (exact e-mail, any case).
 */

const POOL = [
  { id: 7, first_name: "Ben", last_name: "Okafor", email: "taken@example.com" },
  { id: 8, first_name: "Ava", last_name: "One", email: "AVA1@example.com" },
];

function proxy(opts: { failAfter?: number } = {}) {
  const urls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      urls.push(url);
      if (opts.failAfter !== undefined && urls.length > opts.failAfter)
        return new Response(
          JSON.stringify({ error: { code: "upstream_error", message: "down" } }),
          {
            status: 503,
          },
        );
      const email = new URL(url, "http://x").searchParams.get("email")?.toLowerCase();
      const users = POOL.filter((u) => u.email.toLowerCase() === email);
      return new Response(JSON.stringify({ users }), { status: 200 });
    }),
  );
  return urls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const FILE = [
  "First name,Last name,E-mail,Phone",
  "Ava,One,ava1@example.com,+1 415 555 0101",
  "Cy,Three,taken@example.com,+1 415 555 0103",
  "Di,,di4@example.com,+1 415 555 0104",
  "Ed,Five,ed5@example.com,+1 415 555 0105",
].join("\n");
const parsed = parseCsv(FILE);
const checks = checkRows(parsed, guessMapping(parsed.headers));

describe("checkPool", () => {
  it("marks an e-mail another worker holds; the same person is 'in pool', not a clash", async () => {
    const urls = proxy();
    const pool = await checkPool(checks);
    expect([...pool.clashes]).toEqual([[3, "has already been taken by Ben Okafor in your pool"]]);
    expect(pool).toMatchObject({ inPool: 1, checked: 3, unchecked: 0, failed: false });
    // Only ready rows are looked up (row 4 has no last name), each once, by the exact filter.
    expect(urls).toHaveLength(3);
    expect(urls).toContain("/api/proxy/users?email=taken%40example.com&page=1&per=50");
  });

  it("looks up at most `limit` rows and says how many it left to the sending", async () => {
    const urls = proxy();
    const pool = await checkPool(checks, { limit: 2 });
    expect(urls).toHaveLength(2);
    expect(pool).toMatchObject({ checked: 2, unchecked: 1 });
    expect(pool.clashes.get(3)).toMatch(/Ben Okafor/);
  });

  it("stops on an error and says so, keeping what it found", async () => {
    proxy({ failAfter: 2 });
    const pool = await checkPool(checks);
    expect(pool.failed).toBe(true);
    expect(pool.clashes.size).toBe(1);
  });
});
