import fs from "node:fs";
import path from "node:path";
import type { Page, Response } from "@playwright/test";
import { chooseKeyPair, demoKeys, expect, hydrated, serverInfo, test } from "./fixtures";

const SECRET_KEY_PATTERN = /sk_(test|live)_[A-Za-z0-9]+/;
/** A `"token":` JSON key: only /api_v2/authenticate answers with one, and the browser never calls it. */
const TOKEN_KEY_PATTERN = /"token"\s*:/;
const TEXT_TYPES =
  /text\/html|application\/json|javascript|text\/css|text\/x-component|text\/plain/;

type Seen = { url: string; status: number; type: string; body: string };

/** Every text response the page receives, body included (collected in the background). */
function recordResponses(page: Page) {
  const pending: Promise<Seen | null>[] = [];
  const requestUrls: string[] = [];
  page.on("request", (r) => {
    requestUrls.push(r.url());
  });
  page.on("response", (r: Response) => {
    const type = r.headers()["content-type"] ?? "";
    if (!TEXT_TYPES.test(type)) return;
    pending.push(
      r.text().then(
        (body) => ({ url: r.url(), status: r.status(), type, body }),
        // Redirects and aborted loads have no body to read.
        () => null,
      ),
    );
  });
  return {
    requestUrls,
    all: async () => (await Promise.all(pending)).filter((s): s is Seen => s !== null),
  };
}

/** Where in `body` a pattern or string matched, with a little context, for the failure message. */
function excerpt(body: string, needle: RegExp | string): string {
  const i = typeof needle === "string" ? body.indexOf(needle) : body.search(needle);
  return i < 0 ? "" : body.slice(Math.max(0, i - 60), i + 80).replace(/\s+/g, " ");
}

function leaks(seen: Seen[], secret: string): string[] {
  const found: string[] = [];
  for (const s of seen) {
    if (s.body.includes(secret))
      found.push(`${s.url}: the secret key: …${excerpt(s.body, secret)}…`);
    else if (SECRET_KEY_PATTERN.test(s.body))
      found.push(`${s.url}: a secret key: …${excerpt(s.body, SECRET_KEY_PATTERN)}…`);
    if (
      TOKEN_KEY_PATTERN.test(s.body) &&
      !new URL(s.url).pathname.startsWith("/api_v2/authenticate")
    )
      found.push(`${s.url}: a "token" key: …${excerpt(s.body, TOKEN_KEY_PATTERN)}…`);
  }
  return found;
}

test.describe("no secret reaches the browser", () => {
  test("signing in with typed keys: no secret key or token in any response, URL or storage", async ({
    page,
  }) => {
    const keys = demoKeys().private;
    const recorded = recordResponses(page);

    await page.goto("/sign-in");
    await hydrated(page.getByRole("button", { name: "Sign in" }));
    await chooseKeyPair(page);
    await page.getByLabel("API key").fill(keys.api_key);
    await page.getByLabel("Secret key").fill(keys.secret_key);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/home$/);
    // Pages that read through the proxy, and the session summary the shell asks for.
    await page.goto("/workers/new");
    await expect(page.getByRole("heading", { name: "Invite a worker" })).toBeVisible();
    const summary = await page.evaluate(async () => (await fetch("/api/session")).text());
    await page.evaluate(async () => (await fetch("/api/proxy/me")).text());
    await page.waitForLoadState("networkidle");

    const seen = await recorded.all();
    expect(seen.some((s) => new URL(s.url).pathname === "/api/session")).toBe(true);
    expect(summary).toContain("Demo Staffing Co");
    expect(leaks(seen, keys.secret_key)).toEqual([]);

    // Never in a URL the browser asked for or shows.
    expect(recorded.requestUrls.filter((u) => u.includes(keys.secret_key))).toEqual([]);
    expect(recorded.requestUrls.filter((u) => /[?&](token|secret_key)=/.test(u))).toEqual([]);
    expect(page.url()).not.toContain("sk_");
    // Nor kept in the page's storage.
    const storage = await page.evaluate(() =>
      JSON.stringify({ local: { ...window.localStorage }, session: { ...window.sessionStorage } }),
    );
    expect(storage).not.toMatch(SECRET_KEY_PATTERN);
  });

  test("no JS or CSS the server offers holds a secret key or a token", async ({ request }) => {
    const staticDir = path.join(serverInfo().appDir, ".next/static");
    const files = fs
      .readdirSync(staticDir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile() && /\.(js|css|json)$/.test(d.name))
      .map((d) => path.relative(staticDir, path.join(d.parentPath, d.name)));
    expect(files.filter((f) => f.endsWith(".js")).length).toBeGreaterThan(5);
    const seen: Seen[] = [];
    for (const f of files) {
      const url = `/_next/static/${f.split(path.sep).join("/")}`;
      const res = await request.get(url);
      expect(res.status(), url).toBe(200);
      seen.push({ url: res.url(), status: 200, type: "", body: await res.text() });
    }
    expect(leaks(seen, demoKeys().private.secret_key)).toEqual([]);
  });

  test("the session cookie is sealed, HttpOnly, Secure and SameSite=Lax", async ({
    signedIn: page,
    context,
  }) => {
    await page.goto("/workers");
    const cookie = (await context.cookies()).find((c) => c.name === "ep_session");
    expect(cookie).toBeDefined();
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/" });
    // iron-session's seal, not readable data.
    expect(cookie?.value).toMatch(/^Fe26\.2\*/);
    expect(cookie?.value).not.toMatch(SECRET_KEY_PATTERN);
    expect(await page.evaluate(() => document.cookie)).not.toContain("ep_session");
  });

  test("a form sent before the page's script runs does not put the keys in the URL", async ({
    browser,
    baseURL,
  }) => {
    // A slow connection: the user presses "Sign in" before the JavaScript has loaded, which is
    // a native form submission. It must not become GET /sign-in?api_key=…&secret_key=….
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const urls: string[] = [];
      page.on("request", (r) => {
        urls.push(r.url());
      });
      await page.goto("/sign-in");
      await chooseKeyPair(page);
      await page.getByLabel("API key").fill("pk_test_abcdefghijklmnop");
      await page.getByLabel("Secret key").fill("sk_test_notarealsecretvalue123");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForLoadState("load");
      expect(urls.filter((u) => u.includes("secret_key") || u.includes("sk_test_"))).toEqual([]);
      expect(page.url()).not.toContain("sk_test_");
    } finally {
      await context.close();
    }
  });
});
