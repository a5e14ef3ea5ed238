import type { APIRequestContext, Page } from "@playwright/test";
import { demoKeys, expect, hydrated } from "./fixtures";

export type DemoPerson = { email: string; password: string; role: string; name: string };

/** The demo team as the server seeded it in this run (data/demo-keys.json `people`). */
export function demoPeople(): DemoPerson[] {
  return (demoKeys() as unknown as { people?: DemoPerson[] }).people ?? [];
}

export function demoPerson(role: string, index = 0): DemoPerson {
  const found = demoPeople().filter((p) => p.role === role)[index];
  if (!found) throw new Error(`the demo has no ${role} #${index + 1}`);
  return found;
}

export const ROLE_WORDS: Record<string, string> = {
  customer_admin: "Admin",
  requestor: "Requestor",
  read_only: "Read-only",
};

/** "Try the demo" as one of the demo's people (by e-mail), landing on /workers. */
export async function tryDemoAs(page: Page, person: DemoPerson) {
  await page.goto("/sign-in");
  const button = await hydrated(page.getByRole("button", { name: "Try the demo" }));
  await page
    .getByRole("group", { name: "Open the demo as" })
    .getByRole("radio", { name: new RegExp(`^${person.name}`) })
    .check();
  await button.click();
  // The portal opens on /home; the people journeys start from the workers list.
  await page.waitForURL(/\/home$/);
  await page.goto("/workers");
}

/** Signs in through the e-mail and password form (the sign-in page's first choice). */
export async function signInWithPassword(page: Page, email: string, password: string) {
  await hydrated(page.getByRole("button", { name: "Sign in" }));
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * The reset link mailed to `email`, newest first, read from the outbox through the portal's own
 * proxy (a key-pair session of the demo company in `request`'s cookie jar).
 */
export async function latestResetLink(request: APIRequestContext, email: string): Promise<string> {
  let link = "";
  await expect
    .poll(
      async () => {
        const res = await request.get("/api/proxy/mails?per=50");
        const text = await res.text();
        const mails = (JSON.parse(text) as { mails?: unknown[] }).mails ?? [];
        for (const m of mails) {
          const s = JSON.stringify(m);
          if (!s.toLowerCase().includes(email.toLowerCase())) continue;
          const found = s.match(/\/reset-password#token=[\w%-]+/);
          if (found) {
            link = found[0];
            return true;
          }
        }
        return false;
      },
      { message: `no reset link mailed to ${email}`, timeout: 15_000 },
    )
    .toBe(true);
  return link;
}

/** Signs `request` in with the demo's private key pair (its own cookie jar, not a page's). */
export async function keyPairSession(request: APIRequestContext, baseURL: string) {
  const res = await request.post("/api/session", {
    data: { demo: true, as: "keys" },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Sets a demo person's password back to the one the seed gave them (other journeys sign in as
 * them through "Try the demo"), by the same reset the page uses, through the portal's routes.
 */
export async function restorePassword(
  request: APIRequestContext,
  baseURL: string,
  person: DemoPerson,
) {
  const asked = await request.post("/api/session/password-resets", {
    data: { email: person.email },
    headers: { origin: baseURL },
  });
  expect(asked.status(), await asked.text()).toBe(202);
  const link = await latestResetLink(request, person.email);
  const token = decodeURIComponent(link.split("#token=")[1] ?? "");
  const done = await request.post("/api/session/password-resets/confirm", {
    data: { token, password: person.password, password_confirmation: person.password },
    headers: { origin: baseURL },
  });
  expect(done.status(), await done.text()).toBe(204);
}
