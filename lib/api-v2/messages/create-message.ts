import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { companies, jobRequests, jobs, messages, users } from "@/lib/db/schema";
import type { CreateMessageBody } from "@/lib/schemas/message";
import type { Caller } from "../caller";
import { isRequestorOf } from "../employers/requestor";
import { type FieldErrors, mergeFieldErrors, notFound, validationError } from "../errors";
import { emitEvent, enqueueMail } from "../events/emit";
import type { Parsed } from "../handler";
import { noticeMessages } from "./live-notify";
import { renderMessageMail } from "./message-mail";
import { findMessage } from "./messages";
import type { MessageOut } from "./serialize-message";

export const NOT_A_PARTY =
  "must be the job's worker or an active requestor or admin of its company";
export const NOT_THE_WORKER =
  "must be the job's worker: a message is between the job's worker and a requestor";
export const NOT_YOURSELF = "must be your own user id: a signed-in teammate writes as themselves";
export const SAME_PARTY = "must differ from sender_id";

type JobRef = { id: number; userId: number; jobRequestId: number; companyId: number };

async function jobOf(tx: Tx, companyId: number, id: number): Promise<JobRef | null> {
  const [j] = await tx
    .select({
      id: jobs.id,
      userId: jobs.userId,
      jobRequestId: jobs.jobRequestId,
      companyId: jobs.companyId,
    })
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.companyId, companyId)));
  return j ?? null;
}

/**
 * Who may talk: the job's worker and an active requestor or admin of the job's company, one
 * on each side. The employer's row is share-locked (isRequestorOf), so a deactivation or a
 * demotion committing at the same time is seen either whole or not at all.
 */
async function partyErrors(
  tx: Tx,
  caller: Caller,
  job: JobRef,
  senderId: number,
  receiverId: number,
): Promise<FieldErrors> {
  if (senderId === receiverId) return { receiver_id: [SAME_PARTY] };
  const worker = job.userId;
  const employer = async (id: number) => id !== worker && (await isRequestorOf(tx, caller, id));
  const [senderOk, receiverOk] = [await employer(senderId), await employer(receiverId)];
  if (senderId === worker) return receiverOk ? {} : { receiver_id: [NOT_A_PARTY] };
  if (receiverId === worker) return senderOk ? {} : { sender_id: [NOT_A_PARTY] };
  // Neither is the worker.
  if (senderOk && receiverOk) return { receiver_id: [NOT_THE_WORKER] };
  return {
    ...(senderOk ? {} : { sender_id: [NOT_A_PARTY] }),
    ...(receiverOk ? {} : { receiver_id: [NOT_A_PARTY] }),
  };
}

type NewMessage = {
  job: JobRef;
  senderId: number;
  receiverId: number;
  body: string;
  imageUrl: string | null;
  readAt: Date | null;
};

/**
 * Writes a checked message and everything it causes, in the caller's transaction: the worker's
 * e-mail when an employer writes (ours), the `message.created` webhook (ours), and the notice
 * every instance's live stream hears on commit.
 */
async function insertMessage(
  tx: Tx,
  caller: Caller,
  m: NewMessage,
  now: Date,
): Promise<MessageOut> {
  const fromWorker = m.senderId === m.job.userId;
  const actorUserId = caller.person?.id ?? null;
  const [row] = await tx
    .insert(messages)
    .values({
      companyId: m.job.companyId,
      jobId: m.job.id,
      jobRequestId: m.job.jobRequestId,
      senderId: m.senderId,
      receiverId: m.receiverId,
      senderType: fromWorker ? "Worker" : "Employer",
      body: m.body,
      imageUrl: m.imageUrl,
      readAt: m.readAt,
      actorUserId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: messages.id });
  const out = await findMessage(tx, caller, row!.id);
  if (!fromWorker) {
    const [info] = await tx
      .select({
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        requestName: jobRequests.name,
        companyName: companies.name,
      })
      .from(users)
      .innerJoin(jobRequests, eq(jobRequests.id, m.job.jobRequestId))
      .innerJoin(companies, eq(companies.id, m.job.companyId))
      .where(eq(users.id, m.job.userId));
    if (info) {
      await enqueueMail(tx, {
        companyId: m.job.companyId,
        event: "message.created",
        actorUserId,
        mail: renderMessageMail({
          worker: info,
          senderName: `${out.sender.first_name} ${out.sender.last_name}`.trim(),
          companyName: info.companyName,
          jobRequestName: info.requestName,
          body: m.body,
          imageUrl: m.imageUrl,
          now,
        }),
        now,
      });
    }
  }
  await emitEvent(tx, {
    companyId: m.job.companyId,
    actorUserId,
    event: "message.created",
    data: { message: out },
    now,
  });
  await noticeMessages(tx, {
    type: "message",
    company_id: m.job.companyId,
    job_id: m.job.id,
    job_request_id: m.job.jobRequestId,
    id: out.id,
  });
  return out;
}

/**
 * POST /messages. Every failing field is reported together; another company's job is refused
 * as a job that does not exist (422 on job_id), so existence never leaks. A signed-in teammate
 * writes as themselves (422 on sender_id otherwise); a key pair (the integration) may write as
 * either party, as the reference says.
 */
export async function createMessage(
  db: Db,
  caller: Caller,
  input: Parsed<CreateMessageBody>,
  now: Date,
): Promise<MessageOut> {
  const f = input.fields;
  const own: FieldErrors =
    caller.person && f.sender_id !== undefined && f.sender_id !== caller.person.id
      ? { sender_id: [NOT_YOURSELF] }
      : {};
  return db.transaction(async (tx) => {
    const job = f.job_id !== undefined ? await jobOf(tx, caller.companyId, f.job_id) : null;
    const found: FieldErrors = f.job_id !== undefined && !job ? { job_id: ["does not exist"] } : {};
    const errors = mergeFieldErrors(input.errors, own, found);
    if (job && f.sender_id !== undefined && f.receiver_id !== undefined) {
      const parties = await partyErrors(tx, caller, job, f.sender_id, f.receiver_id);
      for (const [k, v] of Object.entries(parties)) if (!errors[k]) errors[k] = v;
    }
    if (Object.keys(errors).length > 0 || !input.data || !job) throw validationError(errors);
    const d = input.data;
    return insertMessage(
      tx,
      caller,
      {
        job,
        senderId: d.sender_id,
        receiverId: d.receiver_id,
        body: d.body,
        imageUrl: d.image_url ?? null,
        readAt: d.read_at ?? null,
      },
      now,
    );
  });
}

/**
 * The demo's worker reply (POST /jobs/:id/simulate, action `message`, test environment only):
 * the job's worker answers the employer who wrote last in the job's conversation, else the
 * posting's requestor, else the company's first admin, as long as they may still request.
 */
export async function simulateWorkerReply(
  db: Db,
  caller: Caller,
  jobId: number,
  body: string,
  now: Date,
): Promise<MessageOut> {
  return db.transaction(async (tx) => {
    const job = await jobOf(tx, caller.companyId, jobId);
    if (!job) throw notFound("Job");
    const lastWriters = await tx
      .selectDistinctOn([messages.senderId], { id: messages.senderId, last: messages.id })
      .from(messages)
      .where(and(eq(messages.jobId, job.id), eq(messages.senderType, "Employer")))
      .orderBy(messages.senderId, desc(messages.id));
    const [request] = await tx
      .select({ employerId: jobRequests.employerId })
      .from(jobRequests)
      .where(eq(jobRequests.id, job.jobRequestId));
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.companyId, caller.companyId),
          eq(users.type, "Employer"),
          inArray(users.role, ["customer_admin"]),
          eq(users.suspended, false),
        ),
      )
      .orderBy(asc(users.id))
      .limit(1);
    const candidates = [
      ...lastWriters.sort((a, b) => b.last - a.last).map((w) => w.id),
      request?.employerId ?? null,
      admin?.id ?? null,
    ].filter((id): id is number => id !== null && id !== job.userId);
    for (const id of candidates) {
      if (await isRequestorOf(tx, caller, id)) {
        return insertMessage(
          tx,
          caller,
          { job, senderId: job.userId, receiverId: id, body, imageUrl: null, readAt: null },
          now,
        );
      }
    }
    throw validationError({
      base: ["nobody to reply to: the company has no active requestor or admin"],
    });
  });
}
