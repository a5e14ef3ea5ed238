import { endpoint, json, methods } from "@/lib/api-v2/handler";
import { jobCategories } from "@/lib/api-v2/jobs/job-requests";

/** GET /api_v2/job_requests/categories: the company's predefined categories (ours). */
const list = endpoint(async (ctx) => json(await jobCategories(ctx.db, ctx.caller)), {
  needs: "job_requests.read",
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: list });
