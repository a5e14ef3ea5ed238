import { formOrJsonBody } from "@/lib/api-v2/form-body";
import { endpoint, idParam, json, methods, parseOr422 } from "@/lib/api-v2/handler";
import { resendNotifications } from "@/lib/api-v2/jobs/resend-notifications";
import { resendNotificationsBodySchema } from "@/lib/schemas/job";

/** POST /api_v2/job_requests/:id/resend_notifications: tell the workers again (at most every 10 minutes). */
const resend = endpoint(
  async (ctx) => {
    const id = idParam(ctx, "id", "Job request");
    const body = parseOr422(resendNotificationsBodySchema, formOrJsonBody(ctx, "job_request"));
    return json(await resendNotifications(ctx.db, ctx.caller, id, body, ctx.now));
  },
  { needs: "job_requests.write" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: resend });
