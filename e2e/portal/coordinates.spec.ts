import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, test, uniqueWorker } from "./fixtures";

/**
 * Coordinates and maps (issue 18, item 9): a pasted pair fills both fields, more than 7
 * decimals round and save, a click on the map sets a pin, the home pin drags, and the maps
 * show land and states from the app itself, with no request leaving this machine.
 */

type Coords = {
  latitude: string | null;
  longitude: string | null;
  home_latitude: string | null;
  home_longitude: string | null;
};

const saved = (page: Page) => page.getByRole("status").filter({ hasText: /^Saved$/ });
const SHOTS = path.resolve(__dirname, "../../test-results/coordinates");

/** Records every request that leaves 127.0.0.1 (the app, its chunks, its data). */
function offMachineRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (u.protocol === "data:" || u.protocol === "blob:") return;
    if (u.hostname !== "127.0.0.1") seen.push(r.url());
  });
  return seen;
}

/** Pastes as a person does: the text on the clipboard, then Ctrl+V in the field. */
async function pasteInto(page: Page, field: Locator, text: string) {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await field.fill("");
  await field.focus();
  await page.keyboard.press("ControlOrMeta+V");
}

/** The map's own base layer: land and US state borders drawn as SVG paths. */
async function expectGeography(map: Locator) {
  await expect(map).toHaveAttribute("data-base-map", "ready", { timeout: 15_000 });
  await expect(map.locator("path.map-base-land").first()).toBeAttached();
  expect(await map.locator("path.map-base-states").count()).toBeGreaterThan(40);
  await expect(map.locator("path.map-base-state-borders")).toHaveCount(1);
}

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
});

test("a pasted pair fills both fields, and 8 decimals round and save", async ({
  signedIn: page,
  api,
}) => {
  const w = await api.invite(uniqueWorker("paste"));
  await page.goto(`/workers/${w.id}`);
  const lat = await hydrated(page.getByLabel("Current latitude"));
  const lng = page.getByLabel("Current longitude");
  for (const text of [
    "40.7484, -73.9857",
    "40.7484 -73.9857",
    "40.7484,-73.9857",
    "(40.7484, -73.9857)",
  ]) {
    await lng.fill("");
    await pasteInto(page, lat, text);
    await expect(lat, text).toHaveValue("40.7484");
    await expect(lng, text).toHaveValue("-73.9857");
  }
  await expect(
    page.getByRole("status").filter({ hasText: "filled from the pasted pair" }),
  ).toBeVisible();

  // A GPS reading with 9 and 8 decimals: rounded to the API's 7 when the field is left.
  await page.getByLabel("Home latitude").fill("40.748441234");
  await page.getByLabel("Home longitude").fill("-73.98566432");
  await page.getByLabel("Home longitude").press("Tab");
  await expect(page.getByLabel("Home latitude")).toHaveValue("40.7484412");
  await expect(page.getByLabel("Home longitude")).toHaveValue("-73.9856643");
  await expect(page.getByLabel("Home latitude")).not.toHaveAttribute("aria-invalid", "true");
  // Saved with Enter straight from a field that still shows 8 decimals: no refusal.
  await lat.fill("40.74844123");
  await lat.press("Enter");
  await expect(saved(page)).toBeVisible();
  const after = await api.get<Coords>(`users/${w.id}`);
  expect(after).toMatchObject({
    latitude: "40.7484412",
    longitude: "-73.9857",
    home_latitude: "40.7484412",
    home_longitude: "-73.9856643",
  });
});

test("a click on the map sets the current pin, and the home pin drags", async ({
  signedIn: page,
  api,
}) => {
  const w = await api.invite(uniqueWorker("pins"));
  await api.patch(`users/${w.id}`, {
    user: { home_latitude: "37.8044", home_longitude: "-122.2712" },
  });
  await page.goto(`/workers/${w.id}`);
  const map = page.getByRole("img", { name: /^Map preview:/ });
  await hydrated(page.getByRole("button", { name: "Home", exact: true }));
  await expect(map).toHaveAccessibleName(
    "Map preview: no current location set; home location 37.8044, -122.2712",
  );
  await expect(page.getByRole("button", { name: "Current location", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  // Leaflet loads after the page: the zoom buttons show once the map takes clicks.
  await expect(page.getByRole("button", { name: "Zoom in" })).toBeVisible();
  await map.scrollIntoViewIfNeeded();
  await map.click({ position: { x: 120, y: 90 } });
  await expect(page.getByLabel("Current latitude")).not.toHaveValue("");
  await expect(page.getByLabel("Current longitude")).not.toHaveValue("");
  await expect(map).toHaveAccessibleName(/^Map preview: current location -?\d+(\.\d+)?, -?\d/);
  await expect(page.getByLabel("Home latitude")).toHaveValue("37.8044");

  // Drag the home pin 60 px right and 40 px down: west to east, north to south.
  const pin = page.locator(".map-pin-home");
  const at = await pin.boundingBox();
  if (!at) throw new Error("no home pin on the map");
  const from = { x: at.x + at.width / 2, y: at.y + at.height / 2 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 30, from.y + 20, { steps: 5 });
  await page.mouse.move(from.x + 60, from.y + 40, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByLabel("Home latitude")).not.toHaveValue("37.8044");
  const homeLat = Number(await page.getByLabel("Home latitude").inputValue());
  const homeLng = Number(await page.getByLabel("Home longitude").inputValue());
  expect(homeLat).toBeLessThan(37.8044);
  expect(homeLng).toBeGreaterThan(-122.2712);

  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(saved(page)).toBeVisible();
  const after = await api.get<Coords>(`users/${w.id}`);
  expect(Number(after.home_latitude)).toBeCloseTo(homeLat, 6);
  expect(Number(after.home_longitude)).toBeCloseTo(homeLng, 6);
  expect(after.latitude).not.toBeNull();
});

test("the maps show land and states with no request leaving this machine", async ({
  signedIn: page,
  api,
}) => {
  await page.goto("/workers");
  test.slow(); // Three maps at two widths.
  const off = offMachineRequests(page);
  fs.mkdirSync(SHOTS, { recursive: true });
  const w = await api.invite(uniqueWorker("basemap"));
  await api.patch(`users/${w.id}`, {
    user: {
      latitude: "40.7484",
      longitude: "-73.9857",
      home_latitude: "40.6782",
      home_longitude: "-73.9442",
    },
  });
  const none = await api.invite(uniqueWorker("basemap-none"));
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // No location yet: the map starts on the whole US, ready for a click.
    await page.goto(`/workers/${none.id}`);
    const usMap = page.getByRole("img", { name: "Map preview: no current location set" });
    await expectGeography(usMap);
    await usMap.scrollIntoViewIfNeeded();
    await page
      .locator("figure")
      .filter({ has: usMap })
      .screenshot({ path: path.join(SHOTS, `editor-map-us-${width}.png`) });

    await page.goto(`/workers/${w.id}`);
    const map = page.getByRole("img", { name: /^Map preview:/ });
    await expectGeography(map);
    await map.scrollIntoViewIfNeeded();
    await page.getByRole("button", { name: "Zoom out" }).click();
    await page.getByRole("button", { name: "Zoom out" }).click();
    await page.waitForTimeout(400); // The zoom animation.
    await page
      .locator("figure")
      .filter({ has: map })
      .screenshot({ path: path.join(SHOTS, `editor-map-${width}.png`) });

    await page.goto("/jobs/new");
    const siteMap = page.getByRole("img", { name: /^Map of the job site/ });
    await expectGeography(siteMap);
    await siteMap.scrollIntoViewIfNeeded();
    await page
      .locator("figure")
      .filter({ has: siteMap })
      .screenshot({ path: path.join(SHOTS, `job-map-${width}.png`) });

    // The seeded posting's candidates map: the same base map under the site and the ranks.
    await page.goto("/jobs");
    await page.getByRole("link", { name: "Warehouse Associate – Oakland DC" }).click();
    const candidates = page.getByRole("img", { name: /^Map: work site and \d+ candidates/ });
    await expectGeography(candidates);
    await candidates.scrollIntoViewIfNeeded();
    await page
      .locator("figure")
      .filter({ has: candidates })
      .screenshot({ path: path.join(SHOTS, `candidates-map-${width}.png`) });
  }
  expect(off).toEqual([]);
});
