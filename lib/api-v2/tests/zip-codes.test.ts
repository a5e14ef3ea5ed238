import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { users, zipCodes } from "@/lib/db/schema";
import { ensureZipCodes } from "@/lib/db/zip-codes";
import { call, describeApi, type Tenant, workerBody } from "./harness";

/**
 * ZIP codes offline (issue 28): the lookup, the table the migrate step loads, the ZIP centre a
 * trigger keeps on each worker, and the approximate ranking from it.
 */
describeApi("ZIP codes", (api) => {
  let t: Tenant;
  const db = () => api.database.db;
  beforeAll(async () => {
    t = await api.tenant("Zip Co");
  });

  const invite = async (overrides: Record<string, unknown>) => {
    const res = await call("POST", "/api_v2/users/invite", {
      token: t.privateToken,
      json: workerBody(overrides),
    });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: number };
  };

  it("looks a ZIP up: 200 with city, state, zone and centre; 404 unknown; 422 malformed; 401 without a token", async () => {
    const ok = await call("GET", "/api_v2/zip_codes/94105", { token: t.publicToken });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toEqual({
      zip: "94105",
      city: "San Francisco",
      state: "CA",
      time_zone: "America/Los_Angeles",
      latitude: 37.7864,
      longitude: -122.3892,
    });
    const chicago = await call("GET", "/api_v2/zip_codes/60601", { token: t.privateToken });
    expect(chicago.body.time_zone).toBe("America/Chicago");

    const unknown = await call("GET", "/api_v2/zip_codes/00000", { token: t.privateToken });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      error: { code: "not_found", message: "ZIP code not found" },
    });
    for (const bad of ["9410", "941055", "9410a", "94105-1234"]) {
      const res = await call("GET", `/api_v2/zip_codes/${bad}`, { token: t.privateToken });
      expect(res.status, bad).toBe(422);
      expect(res.body.error.code).toBe("validation_failed");
      expect(Object.keys(res.body.error.fields)).toEqual(["zip"]);
    }
    expect((await call("GET", "/api_v2/zip_codes/94105")).status).toBe(401);
  });

  it("holds every US five-digit ZIP once, loaded by the migrate step; loading again is a no-op", async () => {
    const result = (await db().execute(
      sql`select count(*)::int as n, count(time_zone)::int as zoned from ${zipCodes}`,
    )) as unknown as { rows: { n: number; zoned: number }[] };
    const counts = result.rows[0]!;
    expect(counts.n).toBe(42_555);
    expect(counts.zoned).toBeGreaterThan(42_000);
    expect(await ensureZipCodes(db())).toBe(0);
  });

  it("ranks a ZIP-only worker from the ZIP's centre, approximate, after a real one at the same distance; follows a change of ZIP", async () => {
    // The ZIP-only worker is invited first (the lower id would win a plain tie).
    const zipOnly = await invite({ first_name: "ZipOnly", zip: "94105" });
    const zipPlus4 = await invite({ first_name: "ZipPlus4", zip: "94107-1234" });
    const real = await invite({
      first_name: "Real",
      zip: "94105",
      latitude: "37.7864",
      longitude: "-122.3892",
    });
    const unknown = await invite({ first_name: "UnknownZip", zip: "00000" });
    const nowhere = await invite({ first_name: "Nowhere" });

    const [stored] = await db().select().from(users).where(eq(users.id, zipOnly.id));
    expect([stored!.zipLatitude, stored!.zipLongitude].map(Number)).toEqual([37.7864, -122.3892]);

    const jr = await call("POST", "/api_v2/job_requests", {
      token: t.privateToken,
      json: {
        request_name: "Dock AM",
        category: "Fulfillment / Warehousing",
        state: "unassigned",
        description_tasks: "Pick",
        slots: 2,
        start_time: "2026-12-01 08:00",
        timezone: "America/Los_Angeles",
        duration: 480,
        wage: 22.5,
        venue: "Dock 3",
        address: "123 Fremont St",
        city: "San Francisco",
        address_state: "CA",
        zip: "94105",
        latitude: "37.7898",
        longitude: "-122.3942",
      },
    });
    expect(jr.status, jr.text).toBe(201);
    const ranked = async () => {
      const res = await call("GET", `/api_v2/job_requests/${jr.body.job_request.id}/candidates`, {
        token: t.privateToken,
      });
      expect(res.status, res.text).toBe(200);
      return res.body.candidates as {
        worker: { id: number; first_name: string } & Record<string, unknown>;
        coordinates: string | null;
        approximate_location: boolean;
        distance_km: number | null;
        zip_centre: { latitude: number; longitude: number } | null;
      }[];
    };
    const rows = await ranked();
    expect(rows.map((r) => [r.worker.first_name, r.coordinates, r.approximate_location])).toEqual([
      ["Real", "current", false],
      ["ZipOnly", "zip", true],
      ["ZipPlus4", "zip", true],
      ["UnknownZip", null, false],
      ["Nowhere", null, false],
    ]);
    expect(rows[0]!.distance_km).toBe(rows[1]!.distance_km);
    expect(rows.map((r) => r.zip_centre)).toEqual([
      null,
      { latitude: 37.7864, longitude: -122.3892 },
      { latitude: 37.7621, longitude: -122.3971 },
      null,
      null,
    ]);
    expect(rows[1]!.distance_km).toBeCloseTo(0.58, 1);
    // The worker's own row carries no derived centre: GET /users rows stay as stored.
    expect(rows[1]!.worker).not.toHaveProperty("zip_latitude");
    expect(rows.map((r) => r.worker.id)).toEqual([
      real.id,
      zipOnly.id,
      zipPlus4.id,
      unknown.id,
      nowhere.id,
    ]);

    // A new ZIP moves the centre in the same statement (the trigger); a cleared one removes it.
    const moved = await call("PATCH", `/api_v2/users/${zipOnly.id}`, {
      token: t.privateToken,
      json: { zip: "10001" },
    });
    expect(moved.status, moved.text).toBe(200);
    const cleared = await call("PATCH", `/api_v2/users/${zipPlus4.id}`, {
      token: t.privateToken,
      json: { zip: null },
    });
    expect(cleared.status, cleared.text).toBe(200);
    const [after] = await db().select().from(users).where(eq(users.id, zipOnly.id));
    expect([after!.zipLatitude, after!.zipLongitude].map(Number)).toEqual([40.7484, -73.9967]);
    const again = await ranked();
    // Cleared: among the unlocated, in the tie-break order (id).
    expect(again.map((r) => [r.worker.first_name, r.coordinates])).toEqual([
      ["Real", "current"],
      ["ZipOnly", "zip"],
      ["ZipPlus4", null],
      ["UnknownZip", null],
      ["Nowhere", null],
    ]);
    expect(again[1]!.distance_km).toBeGreaterThan(4000);
  });
});
