import { describe, expect, it } from "vitest";
import type { Candidate } from "@/lib/portal/job-types";
import type { Worker } from "@/lib/portal/types";
import {
  chooseRings,
  formatDistance,
  formatKm,
  formatMiles,
  latLngOf,
  mapSummary,
  markerData,
  measuredFrom,
  rankingRule,
  ringBounds,
  ringLabel,
  ringLabelPoint,
} from "./distance";

const worker = (id: number, over: Partial<Worker> = {}): Worker =>
  ({
    id,
    first_name: "Maria",
    last_name: "Garcia",
    latitude: null,
    longitude: null,
    home_latitude: null,
    home_longitude: null,
    ...over,
  }) as Worker;

const candidate = (rank: number, over: Partial<Candidate> = {}): Candidate => ({
  rank,
  distance_km: null,
  distance_miles: null,
  coordinates: null,
  preferred: false,
  badges_matched: [],
  worker: worker(rank),
  ...over,
});

describe("distances as the list writes them", () => {
  it.each([
    [3.2, 5.15, "3.2 mi · 5.2 km"],
    [0.3, 0.483, "0.3 mi · 480 m"],
    [0.02, 0.032, "< 0.1 mi · 30 m"],
    [12.46, 20.05, "12 mi · 20 km"],
    [1234.5, 1986.7, "1,235 mi · 1,987 km"],
    [9.96, 16.03, "10 mi · 16 km"],
  ])("%s mi / %s km reads %s", (miles, km, text) => {
    expect(formatDistance({ distance_miles: miles, distance_km: km })).toBe(text);
  });

  it("says when the worker is at the site, and nothing when there is no location", () => {
    expect(formatDistance({ distance_miles: 0, distance_km: 0 })).toBe("At the site");
    expect(formatDistance({ distance_miles: null, distance_km: null })).toBeNull();
  });

  it("rounds short distances to what a person reads", () => {
    expect(formatMiles(0.049)).toBe("< 0.1 mi");
    expect(formatMiles(0.05)).toBe("0.1 mi");
    expect(formatKm(0.994)).toBe("990 m");
    expect(formatKm(0.996)).toBe("1 km");
  });

  it("names where it was measured from", () => {
    expect(measuredFrom("current")).toBe("from current location");
    expect(measuredFrom("home")).toBe("from home");
    expect(measuredFrom(null)).toBe("No location");
  });
});

describe("distance rings", () => {
  it.each([
    [
      [1.2, 4, 18],
      [2, 5, 10],
    ],
    [
      [3, 24],
      [5, 10, 25],
    ],
    [
      [0.4, 3],
      [0.5, 1, 2],
    ],
    [[0.1], [0.25]],
    [[0, 0], [0.25]],
    [[7], [1, 2, 5]],
    [[2400], [500, 1000, 2500]],
  ])("around candidates at %j mi: %j", (distances, rings) => {
    expect(chooseRings(distances)).toEqual(rings);
  });

  it("draws none when no candidate is located", () => {
    expect(chooseRings([])).toEqual([]);
    expect(chooseRings([null, null])).toEqual([]);
  });

  it("keeps every ring inside the frame and none smaller than a twelfth of the furthest", () => {
    for (const furthest of [0.3, 1, 2.5, 6, 11, 40, 130, 700]) {
      const rings = chooseRings([furthest / 3, furthest]);
      expect(rings.length).toBeGreaterThan(0);
      expect(rings.length).toBeLessThanOrEqual(3);
      for (const r of rings) {
        expect(r).toBeLessThanOrEqual(furthest * 1.25);
        expect(r).toBeGreaterThanOrEqual(furthest / 12);
      }
    }
  });

  it("labels a ring on its north edge, and boxes it", () => {
    expect(ringLabel(5)).toBe("5 mi");
    expect(ringLabel(0.5)).toBe("0.5 mi");
    expect(ringLabel(1000)).toBe("1,000 mi");
    const site = { lat: 30, lng: -97 };
    // 69.09 miles to a degree of latitude on the mean-radius sphere.
    expect(ringLabelPoint(site, 69.09).lat).toBeCloseTo(31, 2);
    expect(ringLabelPoint(site, 69.09).lng).toBe(-97);
    const [sw, ne] = ringBounds(site, 69.09);
    expect(sw.lat).toBeCloseTo(29, 2);
    expect(ne.lat).toBeCloseTo(31, 2);
    // A degree of longitude at 30° is cos(30°) of one at the equator: the box is wider.
    expect(ne.lng - site.lng).toBeCloseTo(1 / Math.cos(Math.PI / 6), 2);
    expect(ringBounds({ lat: 90, lng: 0 }, 10)[1].lat).toBe(90);
  });
});

describe("marker data", () => {
  it("places each candidate where the ranking measured, and leaves out the unlocated", () => {
    const list = [
      candidate(1, {
        coordinates: "current",
        distance_miles: 1.2,
        distance_km: 1.93,
        worker: worker(11, {
          latitude: "30.2672",
          longitude: "-97.7431",
          home_latitude: "31",
          home_longitude: "-98",
        }),
      }),
      candidate(2, {
        coordinates: "home",
        distance_miles: 4,
        distance_km: 6.44,
        worker: worker(12, {
          first_name: "Ken",
          last_name: "Ito",
          home_latitude: "30.3",
          home_longitude: "-97.7",
        }),
      }),
      candidate(3, { worker: worker(13) }),
      // Said to be measured from home, but the home is not (any more) on the worker: skipped.
      candidate(4, { coordinates: "home", worker: worker(14) }),
      // Only a ZIP: placed at the ZIP's centre the row carries (approximate).
      candidate(5, {
        coordinates: "zip",
        approximate_location: true,
        zip_centre: { latitude: 30.2711, longitude: -97.7437 },
        distance_miles: 1.2,
        distance_km: 1.93,
        worker: worker(15, { first_name: "Ana", last_name: "Ruiz" }),
      }),
    ];
    expect(markerData(list)).toEqual([
      {
        workerId: 11,
        rank: 1,
        name: "Maria Garcia",
        kind: "current",
        lat: 30.2672,
        lng: -97.7431,
        miles: 1.2,
      },
      { workerId: 12, rank: 2, name: "Ken Ito", kind: "home", lat: 30.3, lng: -97.7, miles: 4 },
      {
        workerId: 15,
        rank: 5,
        name: "Ana Ruiz",
        kind: "zip",
        lat: 30.2711,
        lng: -97.7437,
        miles: 1.2,
      },
    ]);
  });

  it("reads coordinates given as strings or numbers, and refuses what is off the globe", () => {
    expect(latLngOf("1.5", 2)).toEqual({ lat: 1.5, lng: 2 });
    expect(latLngOf(null, 2)).toBeNull();
    expect(latLngOf("", "2")).toBeNull();
    expect(latLngOf("abc", "2")).toBeNull();
    expect(latLngOf(91, 0)).toBeNull();
  });

  it("summarises the map for a screen reader", () => {
    const m = (rank: number, kind: "current" | "home" | "zip", miles: number | null) => ({
      workerId: rank,
      rank,
      name: "x",
      kind,
      lat: 0,
      lng: 0,
      miles,
    });
    expect(mapSummary([m(1, "current", 1.23), m(2, "home", 4)], 2)).toBe(
      "Map: work site and 2 candidates, nearest 1.2 mi; 1 placed at their home location",
    );
    expect(mapSummary([m(1, "current", 0.5), m(2, "zip", 2)], 2)).toBe(
      "Map: work site and 2 candidates, nearest 0.5 mi; 1 placed approximately, at their ZIP code’s centre",
    );
    expect(mapSummary([m(1, "current", 0.5)], 3)).toBe(
      "Map: work site and 1 candidate, nearest 0.5 mi; 2 without a location not shown",
    );
    expect(mapSummary([], 0)).toBe("Map: work site and 0 candidates");
  });
});

describe("the ranking rule", () => {
  it("says nearest first when the site has a pin, and how ties go", () => {
    expect(rankingRule(true, 2)).toBe(
      "Nearest first (current location, else home, else the ZIP code’s centre — approximate), among active workers holding all 2 required badges. At equal distance real locations come first, then preferred workers, then the higher rating; workers with no location come last.",
    );
    expect(rankingRule(false, 0)).toBe(
      "Preferred workers first, then the higher rating, among active workers in your pool.",
    );
    expect(rankingRule(false, 1)).toContain("holding the required badge.");
  });
});
