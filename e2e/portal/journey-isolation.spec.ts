import { expect, test } from "./fixtures";

/**
 * The journeys of a worker share one browser tab (`reuseContext`, fixtures.ts): the second
 * journey here finds nothing the first one left. The file's journeys run in order, in one worker.
 */

test("a journey leaves cookies, storage, permissions, offline and a dialog handler behind", async ({
  signedIn: page,
  context,
}) => {
  await page.goto("/");
  await page.evaluate(() => {
    localStorage.setItem("left-behind", "1");
    sessionStorage.setItem("left-behind", "1");
  });
  await context.addCookies([{ name: "left-behind", value: "1", url: page.url() }]);
  expect((await context.cookies()).length).toBe(2);
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation({ latitude: 37.8, longitude: -122.3 });
  await context.setExtraHTTPHeaders({ "x-left-behind": "1" });
  page.on("dialog", (d) => void d.accept());
  await context.setOffline(true);
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
});

test("the next journey in the same worker finds none of it", async ({ page, context }) => {
  expect(await context.cookies(), "cookies, the session's included").toEqual([]);
  await page.goto("/");
  const sent = page.waitForRequest((r) => r.url().endsWith("/robots.txt"));
  const found = await page.evaluate(async () => ({
    local: localStorage.length,
    session: sessionStorage.length,
    online: navigator.onLine,
    // No handler accepts it any more: Playwright dismisses a dialog nobody listens for.
    confirmed: window.confirm("left behind?"),
    geolocation: (await navigator.permissions.query({ name: "geolocation" })).state,
    // A tab of its own would have this page and the blank one it opened on.
    history: history.length,
    robots: await fetch("/robots.txt").then((r) => r.status > 0),
  }));
  expect(found).toEqual({
    local: 0,
    session: 0,
    online: true,
    confirmed: false,
    geolocation: "prompt",
    history: expect.any(Number),
    robots: true,
  });
  expect((await sent).headers()["x-left-behind"]).toBeUndefined();
  if (process.env.E2E_FRESH_CONTEXTS !== "1") {
    // Otherwise this file proves nothing about the reuse it is here for.
    expect(found.history, "the tab is the first journey's").toBeGreaterThan(2);
  }
});
