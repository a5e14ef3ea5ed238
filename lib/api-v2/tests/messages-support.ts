import { and, eq } from "drizzle-orm";
import { outbox } from "@/lib/db/schema";
import { createJob, createJobRequest } from "../admin/admin";
import { openStoredMail } from "../events/invitation-mail";
import { type Api, call, type Person, type Tenant, workerBody } from "./harness";

/** A company with a job request, a hired worker on it, and its team (admin, requestor, viewer). */
export type MessageFixture = {
  t: Tenant;
  worker: number;
  jobRequest: number;
  job: number;
  admin: Person;
  requestor: Person;
  viewer: Person;
};

export async function messageFixture(api: Api, label: string): Promise<MessageFixture> {
  const t = await api.tenant(label);
  const db = api.database.db;
  const invited = await call("POST", "/api_v2/users/invite", {
    token: t.privateToken,
    json: workerBody(),
  });
  if (invited.status !== 201) throw new Error(`invite failed: ${invited.text}`);
  const { job_request_id } = await createJobRequest(
    db,
    t.companyId,
    `${label} shift`,
    "posted",
    new Date(),
  );
  const { job_id } = await createJob(db, job_request_id, invited.body.id, "filled", new Date());
  return {
    t,
    worker: invited.body.id,
    jobRequest: job_request_id,
    job: job_id,
    admin: await api.person(t.companyId, "customer_admin", { firstName: "Dana", lastName: "Lee" }),
    requestor: await api.person(t.companyId, "requestor", {
      firstName: "Marcus",
      lastName: "Hale",
    }),
    viewer: await api.person(t.companyId, "read_only"),
  };
}

/** Another job (with its own worker) on a new job request of the fixture's company. */
export async function anotherJob(api: Api, fx: MessageFixture, label: string) {
  const invited = await call("POST", "/api_v2/users/invite", {
    token: fx.t.privateToken,
    json: workerBody(),
  });
  const db = api.database.db;
  const { job_request_id } = await createJobRequest(
    db,
    fx.t.companyId,
    label,
    "posted",
    new Date(),
  );
  const { job_id } = await createJob(db, job_request_id, invited.body.id, "filled", new Date());
  return { worker: invited.body.id as number, jobRequest: job_request_id, job: job_id };
}

/** The message e-mails queued for a company, oldest first, opened as the worker reads them. */
export async function messageMails(api: Api, companyId: number) {
  const rows = await api.database.db
    .select()
    .from(outbox)
    .where(
      and(
        eq(outbox.companyId, companyId),
        eq(outbox.channel, "email"),
        eq(outbox.event, "message.created"),
      ),
    )
    .orderBy(outbox.id);
  return rows.map((r) => ({ row: r, ...openStoredMail(r.body) }));
}
