import { and, asc, eq } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { jobRequests, jobs, messages, users } from "@/lib/db/schema";

const MINUTE = 60_000;

/**
 * A short conversation on the demo's first hired job, so a fresh demo shows messages and an
 * unread count: the requestor wrote, the worker answered (read), and the worker's newest
 * message waits unread.
 */
export async function seedDemoConversation(
  tx: Tx,
  o: { companyId: number; now: Date; requestorIds: number[] },
): Promise<void> {
  const [job] = await tx
    .select({
      id: jobs.id,
      jobRequestId: jobs.jobRequestId,
      workerId: jobs.userId,
      employerId: jobRequests.employerId,
      workerName: users.firstName,
    })
    .from(jobs)
    .innerJoin(jobRequests, eq(jobRequests.id, jobs.jobRequestId))
    .innerJoin(users, eq(users.id, jobs.userId))
    .where(and(eq(jobs.companyId, o.companyId), eq(jobs.state, "filled")))
    .orderBy(asc(jobs.id))
    .limit(1);
  const employer = job?.employerId ?? o.requestorIds[0];
  if (!job || employer === undefined) return;
  const at = (minutesAgo: number) => new Date(o.now.getTime() - minutesAgo * MINUTE);
  const lines = [
    {
      fromWorker: false,
      body: `Hi ${job.workerName}, thanks for picking this up! Check in at the front gate; the code is 4412.`,
      minutesAgo: 95,
      read: true,
    },
    {
      fromWorker: true,
      body: "Thanks! Is there parking on site?",
      minutesAgo: 80,
      read: true,
    },
    {
      fromWorker: true,
      body: "Found it, behind building B. Running about ten minutes late, traffic on the bridge.",
      minutesAgo: 12,
      read: false,
    },
  ];
  await tx.insert(messages).values(
    lines.map((l) => ({
      companyId: o.companyId,
      jobId: job.id,
      jobRequestId: job.jobRequestId,
      senderId: l.fromWorker ? job.workerId : employer,
      receiverId: l.fromWorker ? employer : job.workerId,
      senderType: l.fromWorker ? ("Worker" as const) : ("Employer" as const),
      body: l.body,
      readAt: l.read ? at(l.minutesAgo - 2) : null,
      actorUserId: l.fromWorker ? null : employer,
      createdAt: at(l.minutesAgo),
      updatedAt: at(l.read ? l.minutesAgo - 2 : l.minutesAgo),
    })),
  );
}
