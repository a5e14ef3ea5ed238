import type { Tx } from "@/lib/db/client";
import { jobRequests, multiDayJobRequests } from "@/lib/db/schema";
import { localTimePlusDays, resolveStartTime } from "../jobs/start-time";

const DAY = 24 * 60 * 60 * 1000;
const LA = "America/Los_Angeles";

/** Today's date in the zone plus `days`, at 08:00 local, as a Date. */
function localEight(now: Date, days: number): Date {
  const [y, m, d] = new Intl.DateTimeFormat("en-CA", { timeZone: LA, dateStyle: "short" })
    .format(now)
    .split("-")
    .map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
  return resolveStartTime(`${day} 08:00`, LA)!;
}

/**
 * One multi-day series in the demo company (issue 27), so a fresh demo shows one: a three-day
 * daily festival set-up in Golden Gate Park, from three days out, same workers every day, open.
 */
export async function seedDemoSeries(
  tx: Tx,
  o: { companyId: number; now: Date; employerId: number | null },
): Promise<void> {
  const created = new Date(o.now.getTime() - 2 * DAY);
  const [series] = await tx
    .insert(multiDayJobRequests)
    .values({
      companyId: o.companyId,
      repeatType: "daily",
      repeatNumber: 3,
      sameWorkers: true,
      actorUserId: o.employerId,
      createdAt: created,
      updatedAt: created,
    })
    .returning({ id: multiDayJobRequests.id });
  const first = localEight(o.now, 3);
  const tasks = "Unload trucks, raise tents and stages, lay out barriers and signage.";
  const arrival = "Meet the crew lead at the Stanyan St gate; bring gloves and water.";
  await tx.insert(jobRequests).values(
    [0, 1, 2].map((k) => ({
      companyId: o.companyId,
      employerId: o.employerId,
      name: "Festival set-up – Golden Gate Park",
      state: "posted",
      category: "Event Staff",
      descriptionTasks: tasks,
      descriptionArrival: arrival,
      description: `Tasks: ${tasks}\n\nArrival: ${arrival}`,
      slots: 4,
      startTime: k === 0 ? first : resolveStartTime(localTimePlusDays(first, LA, k), LA)!,
      duration: 480,
      timezone: LA,
      wage: "24.00",
      classification: "1099",
      venue: "Golden Gate Park – Polo Field",
      address: "501 Stanyan St",
      city: "San Francisco",
      addressState: "CA",
      zip: "94117",
      latitude: "37.7694",
      longitude: "-122.4862",
      multiDay: true,
      multiDayJobRequestId: series!.id,
      postedAt: created,
      createdAt: created,
      updatedAt: created,
    })),
  );
}
