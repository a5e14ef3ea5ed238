import { isValidPhoneNumber } from "libphonenumber-js";
import { describe, expect, it } from "vitest";
import { JOB_REQUEST_STATES, JOB_STATES, type JobRequestState } from "@/lib/schemas/job";
import { deriveRequestState } from "../jobs/request-state";
import {
  DEMO_COMPANY_NAME,
  type DemoWorker,
  demoBadges,
  demoJobRequests,
  demoWorkers,
  withCrews,
} from "./demo-data";
import { demoHistory } from "./demo-history";

const NOW = new Date("2025-06-15T12:00:00.000Z");
const BADGE_COUNT = demoBadges().length;
const DAY = 86_400_000;

function decimals(s: string): number {
  const dot = s.indexOf(".");
  return dot === -1 ? 0 : s.length - dot - 1;
}

function ageAt(dob: string, now: Date): number {
  const [y, m, d] = dob.split("-").map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  const beforeBirthday =
    now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d);
  if (beforeBirthday) age--;
  return age;
}

describe("demoBadges", () => {
  it("returns about 20 badges with unique names", () => {
    const badges = demoBadges();
    expect(badges.length).toBeGreaterThanOrEqual(18);
    expect(badges.length).toBeLessThanOrEqual(24);
    expect(new Set(badges.map((b) => b.name)).size).toBe(badges.length);
    for (const b of badges) {
      expect(b.name.length).toBeGreaterThan(0);
      expect(b.description.length).toBeGreaterThan(10);
      expect(b.icon_url).toBeNull();
      if (b.info_url !== null) expect(b.info_url).toMatch(/^https:\/\/example\.com\//);
    }
    expect(badges.some((b) => b.is_soft)).toBe(true);
    expect(badges.some((b) => !b.is_soft)).toBe(true);
  });

  it("returns fresh copies", () => {
    const a = demoBadges();
    const first = a[0];
    if (first) first.name = "mutated";
    expect(demoBadges()[0]?.name).not.toBe("mutated");
  });
});

describe("demoJobRequests", () => {
  it("covers every request state, at real sites, with badges that exist", () => {
    const requests = demoJobRequests();
    expect(new Set(requests.map((r) => r.state))).toEqual(new Set(JOB_REQUEST_STATES));
    expect(new Set(requests.map((r) => r.name)).size).toBe(requests.length);
    const badgeNames = new Set(demoBadges().map((b) => b.name));
    for (const r of requests) {
      for (const b of r.badges) expect(badgeNames.has(b), b).toBe(true);
      expect(Number(r.latitude)).toBeGreaterThan(24);
      expect(Number(r.longitude)).toBeLessThan(-66);
      if (r.classification === "w2") expect(r.w2_hourly_rate).toBeDefined();
    }
  });

  it("gives each request jobs that agree with its state (the request follows its jobs)", () => {
    for (const r of demoJobRequests()) {
      const held: Record<string, number> = {};
      for (const j of r.jobs) held[j.state] = (held[j.state] ?? 0) + j.count;
      // Drafts, cancelled requests and those no job has touched keep their own state.
      const own = ["draft", "cancelled", "unassigned", "unfilled"].includes(r.state);
      const from = (own ? r.state : "posted") as JobRequestState;
      expect(deriveRequestState(from, r.slots, held), r.name).toBe(r.state);
    }
  });

  it("trains a crew in each posting's city, so every posting has workers to rank", () => {
    const names = demoBadges().map((b) => b.name);
    const workers = withCrews(demoWorkers(300, { now: NOW, badgeCount: names.length }), names);
    for (const r of demoJobRequests()) {
      const holders = workers.filter((w) =>
        r.badges.every((b) => w.badgeIndexes.includes(names.indexOf(b))),
      );
      expect(holders.length, r.name).toBeGreaterThanOrEqual(10);
    }
    // The generator's own workers are left as they were.
    expect(demoWorkers(300, { now: NOW, badgeCount: names.length })).toEqual(
      demoWorkers(300, { now: NOW, badgeCount: names.length }),
    );
  });

  it("holds jobs in every job state", () => {
    const states = new Set(demoJobRequests().flatMap((r) => r.jobs.map((j) => j.state)));
    expect(states).toEqual(new Set(JOB_STATES));
  });

  it("exports the company name", () => {
    expect(DEMO_COMPANY_NAME).toBe("Demo Staffing Co");
  });
});

describe("demoWorkers", () => {
  const N = 5000;
  const workers = demoWorkers(N, { seed: 42, now: NOW, badgeCount: BADGE_COUNT });

  it("is deterministic for the same seed and differs for another seed", () => {
    const again = demoWorkers(N, { seed: 42, now: NOW, badgeCount: BADGE_COUNT });
    expect(again).toEqual(workers);
    const other = demoWorkers(50, { seed: 43, now: NOW, badgeCount: BADGE_COUNT });
    expect(other).not.toEqual(workers.slice(0, 50));
    // default seed is deterministic too
    expect(demoWorkers(20, { now: NOW, badgeCount: BADGE_COUNT })).toEqual(
      demoWorkers(20, { now: NOW, badgeCount: BADGE_COUNT }),
    );
  });

  it("smaller counts are a prefix of larger ones", () => {
    expect(demoWorkers(100, { seed: 42, now: NOW, badgeCount: BADGE_COUNT })).toEqual(
      workers.slice(0, 100),
    );
  });

  it("has unique emails, phones and external ids", () => {
    expect(workers).toHaveLength(N);
    expect(new Set(workers.map((w) => w.email)).size).toBe(N);
    expect(new Set(workers.map((w) => w.phone)).size).toBe(N);
    expect(new Set(workers.map((w) => w.external_id)).size).toBe(N);
  });

  it("produces ASCII, lowercase e-mails on example domains", () => {
    for (const w of workers) {
      expect(w.email).toMatch(/^[a-z0-9.-]+@example\.(com|org|net)$/);
    }
    expect(workers.some((w) => /[^ -~]/.test(w.first_name + w.last_name))).toBe(true);
  });

  it("produces only phones valid per libphonenumber-js in E.164", () => {
    const invalid = workers.filter(
      (w) => !/^\+1[2-9]\d{2}[2-9]\d{6}$/.test(w.phone) || !isValidPhoneNumber(w.phone),
    );
    expect(invalid.map((w) => w.phone)).toEqual([]);
  });

  it("produces coordinates in range with at most 7 decimals", () => {
    for (const w of workers) {
      for (const s of [w.home_latitude, w.home_longitude, w.latitude, w.longitude]) {
        expect(s).toMatch(/^-?\d+(\.\d+)?$/);
        expect(decimals(s)).toBeLessThanOrEqual(7);
      }
      const lat = Number(w.latitude);
      const lng = Number(w.longitude);
      const hLat = Number(w.home_latitude);
      const hLng = Number(w.home_longitude);
      expect(lat).toBeGreaterThanOrEqual(-90);
      expect(lat).toBeLessThanOrEqual(90);
      expect(lng).toBeGreaterThanOrEqual(-180);
      expect(lng).toBeLessThanOrEqual(180);
      // all demo cities are in the continental US
      expect(hLat).toBeGreaterThan(24);
      expect(hLat).toBeLessThan(50);
      expect(hLng).toBeGreaterThan(-125);
      expect(hLng).toBeLessThan(-66);
      // current location within a few km of home (~0.05 deg)
      expect(Math.abs(lat - hLat)).toBeLessThan(0.05);
      expect(Math.abs(lng - hLng)).toBeLessThan(0.05);
    }
  });

  it("produces distinct, in-range badge indexes with ~70% coverage", () => {
    let withBadges = 0;
    for (const w of workers) {
      expect(w.badgeIndexes.length).toBeLessThanOrEqual(4);
      expect(new Set(w.badgeIndexes).size).toBe(w.badgeIndexes.length);
      for (const b of w.badgeIndexes) {
        expect(Number.isInteger(b)).toBe(true);
        expect(b).toBeGreaterThanOrEqual(0);
        expect(b).toBeLessThan(BADGE_COUNT);
      }
      if (w.badgeIndexes.length > 0) withBadges++;
    }
    expect(withBadges / N).toBeGreaterThan(0.6);
    expect(withBadges / N).toBeLessThan(0.8);
  });

  it("respects small and zero badge counts", () => {
    for (const w of demoWorkers(500, { seed: 1, now: NOW, badgeCount: 2 })) {
      expect(w.badgeIndexes.every((b) => b === 0 || b === 1)).toBe(true);
      expect(new Set(w.badgeIndexes).size).toBe(w.badgeIndexes.length);
    }
    for (const w of demoWorkers(200, { seed: 1, now: NOW, badgeCount: 0 })) {
      expect(w.badgeIndexes).toEqual([]);
    }
  });

  it("produces plausible field values", () => {
    const genders = new Set(["female", "male", "non_binary", null]);
    const w2 = new Set(["", "not_started", "in_progress", "completed"]);
    let suspended = 0;
    for (const w of workers as DemoWorker[]) {
      expect(genders.has(w.gender)).toBe(true);
      if (w.dob !== null) {
        expect(w.dob).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        const age = ageAt(w.dob, NOW);
        expect(age).toBeGreaterThanOrEqual(18);
        expect(age).toBeLessThanOrEqual(65);
      }
      expect(["", "passed", "pending"]).toContain(w.drug_tested);
      expect(w2.has(w.w2_onboarding_status)).toBe(true);
      expect(w.w2_employee_id).toMatch(/^(|W2-\d{5})$/);
      expect(w.external_id).toMatch(/^EMP-\d{6,}$/);
      expect(w.zip).toMatch(/^\d{5}$/);
      expect(w.address_state).toMatch(/^[A-Z]{2}$/);
      expect(w.address).toMatch(/^\d+ \S/);
      if (w.suspended) {
        suspended++;
        if (w.suspended_until !== null) {
          const until = new Date(w.suspended_until).getTime();
          expect(new Date(until).toISOString()).toBe(w.suspended_until);
          expect(until).toBeGreaterThan(NOW.getTime());
          expect(until).toBeLessThanOrEqual(NOW.getTime() + 30 * 86_400_000);
        }
      } else {
        expect(w.suspended_until).toBeNull();
      }
    }
    expect(suspended / N).toBeGreaterThan(0.02);
    expect(suspended / N).toBeLessThan(0.07);
  });

  it("generates 100,000 workers", () => {
    const big = demoWorkers(100_000, { seed: 7, now: NOW, badgeCount: BADGE_COUNT });
    expect(big).toHaveLength(100_000);
    expect(new Set(big.map((w) => w.phone)).size).toBe(100_000);
    expect(new Set(big.map((w) => w.email)).size).toBe(100_000);
  });
});

describe("demoHistory", () => {
  // Any day and hour: a Monday just after midnight UTC, a Sunday evening, a DST change week.
  const nows = [
    NOW,
    new Date("2025-06-16T00:30:00.000Z"),
    new Date("2025-11-02T23:10:00.000Z"),
    new Date("2026-03-08T09:45:00.000Z"),
  ];

  it("spreads postings over each of the last eight weeks and the next two, deterministically", () => {
    for (const now of nows) {
      const history = demoHistory(now);
      expect(demoHistory(now)).toEqual(history);
      const t = now.getTime();
      const week = (k: number) =>
        history.filter(
          (p) => p.start.getTime() < t - k * 7 * DAY && p.start.getTime() >= t - (k + 1) * 7 * DAY,
        );
      for (let k = 0; k < 8; k++) {
        const posts = week(k);
        const slots = posts.reduce((n, p) => n + p.site.slots, 0);
        const held = posts.reduce(
          (n, p) => n + p.jobs.filter((j) => j.state !== "no_show").length,
          0,
        );
        expect(posts.length, `${now.toISOString()} week ${k}`).toBeGreaterThanOrEqual(5);
        expect(held / slots).toBeGreaterThanOrEqual(0.5);
        expect(held / slots).toBeLessThanOrEqual(1);
      }
      const past = history.filter((p) => p.start.getTime() < t - 2 * DAY);
      expect(past.some((p) => p.jobs.some((j) => j.state === "no_show"))).toBe(true);
      expect(past.some((p) => p.jobs.some((j) => j.state === "approved" && j.rating))).toBe(true);
      const awaiting = history.flatMap((p) => p.jobs.filter((j) => j.state === "completed"));
      expect(awaiting.length).toBeGreaterThanOrEqual(3);
      const next7 = history.filter((p) => p.start.getTime() > t && p.start.getTime() < t + 7 * DAY);
      expect(next7.some((p) => p.jobs.length === p.site.slots)).toBe(true);
      expect(next7.some((p) => p.jobs.length < p.site.slots)).toBe(true);
      const atRisk = next7.filter(
        (p) => p.start.getTime() <= t + DAY && p.jobs.length < p.site.slots,
      );
      expect(atRisk.length).toBeGreaterThanOrEqual(2);
      expect(Math.max(...history.map((p) => p.start.getTime()))).toBeGreaterThan(t + 12 * DAY);
    }
  });

  it("starts shifts at the site's local hour and never reuses a name the journeys click", () => {
    const names = new Set(demoJobRequests().map((r) => r.name));
    for (const p of demoHistory(NOW)) {
      expect(names.has(p.name), p.name).toBe(false);
      expect(p.name).not.toMatch(/Barista|Banquet Server|Warehouse Associate/);
      const hour = Number(
        new Intl.DateTimeFormat("en-US", {
          timeZone: p.site.timezone,
          hour: "numeric",
          hourCycle: "h23",
        }).format(p.start),
      );
      expect(hour).toBeGreaterThanOrEqual(6);
      expect(hour).toBeLessThanOrEqual(17);
      expect(p.created.getTime()).toBeLessThanOrEqual(NOW.getTime() - 4 * DAY);
      expect(p.updated.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
  });
});
