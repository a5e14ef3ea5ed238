import { randomBytes } from "node:crypto";
import type { Tx } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import type { DemoPerson } from "@/lib/demo-keys";
import type { Role } from "@/lib/schemas/permissions";
import { hashPassword } from "../invitations/password";

export type { DemoPerson };

/** The demo's team: an admin, two requestors who post most jobs, and a read-only viewer. */
const TEAM: readonly { first: string; last: string; role: Role; title: string }[] = [
  { first: "Dana", last: "Lee", role: "customer_admin", title: "Operations manager" },
  { first: "Marcus", last: "Whitfield", role: "requestor", title: "Warehouse shift supervisor" },
  { first: "Priya", last: "Raman", role: "requestor", title: "Events staffing coordinator" },
  { first: "Tom", last: "Okafor", role: "read_only", title: "Finance analyst" },
];

/** Their addresses: a reserved domain no demo worker uses, so none can clash with a worker's. */
const DOMAIN = "demo-staffing.example";

/** 16 characters from 96 random bits: each person's own, made at seed time, never in code. */
const newPassword = () => randomBytes(12).toString("base64url");

/**
 * Their passwords and hashes, made before the seed's transaction opens: four scrypt hashes
 * (about 100 ms of CPU each) that run side by side on the thread pool while nothing is locked.
 */
export async function demoTeamCredentials(): Promise<(DemoPerson & { passwordHash: string })[]> {
  return Promise.all(
    TEAM.map(async (p) => {
      const password = newPassword();
      return {
        email: `${p.first}.${p.last}@${DOMAIN}`.toLowerCase(),
        password,
        passwordHash: await hashPassword(password),
        role: p.role,
        name: `${p.first} ${p.last}`,
        title: p.title,
      };
    }),
  );
}

/**
 * The team's rows in the demo company: accepted (they have passwords), signed in never.
 * Returns their ids in TEAM's order, and the ids of those who may request jobs.
 */
export async function seedDemoTeam(
  tx: Tx,
  o: {
    companyId: number;
    companyName: string;
    now: Date;
    people: (DemoPerson & { passwordHash: string })[];
  },
): Promise<{ ids: number[]; requestorIds: number[] }> {
  const created = new Date(o.now.getTime() - 120 * 24 * 3_600_000);
  const rows = await tx
    .insert(users)
    .values(
      o.people.map((p, i) => ({
        companyId: o.companyId,
        type: "Employer",
        role: p.role,
        title: p.title,
        firstName: TEAM[i]!.first,
        lastName: TEAM[i]!.last,
        email: p.email,
        businessName: o.companyName,
        passwordHash: p.passwordHash,
        createdAt: created,
        updatedAt: created,
      })),
    )
    .returning({ id: users.id, role: users.role });
  return {
    ids: rows.map((r) => r.id),
    requestorIds: rows.filter((r) => r.role !== "read_only").map((r) => r.id),
  };
}
