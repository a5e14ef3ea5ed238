export type WorkerListParams = {
  q?: string;
  page: number;
  per: number;
  sort?: string;
  badge_id?: string;
  suspended?: "true" | "false";
  /** Our API's addition: invited, accepted or expired. */
  invitation_status?: string;
};

export type DeliveryListParams = {
  state?: "pending" | "delivered" | "dead";
  page: number;
  per: number;
};

/** The job request list's API filters (GET /job_requests): `state` is a comma list. */
export type JobRequestListParams = {
  page: number;
  per: number;
  state?: string;
  category?: string;
  classification?: string;
  zip?: string;
  /** The requestor (an employer user's id): the list's "Mine". */
  employer_id?: number;
};

/** The calendar's fetch (GET /job_requests by start): a window of starts and the list's filters. */
export type JobRequestRangeParams = {
  start_after: string;
  start_before: string;
  state?: string;
  category?: string;
  employer_id?: number;
  /** Whether the upstream filters by start (ours); the real service is read page by page. */
  byStart: boolean;
};

/** One place for query keys, so a mutation invalidates exactly what it changes. */
export const keys = {
  /** The home page (GET /home): every section, by view and time zone. */
  home: ["home"] as const,
  homeOf: (view: string, timeZone: string) => ["home", view, timeZone] as const,
  workers: ["workers"] as const,
  workerList: (p: WorkerListParams) => ["workers", "list", p] as const,
  worker: (id: number) => ["workers", "detail", id] as const,
  workerHistory: (id: number) => ["workers", "history", id] as const,
  badges: ["badges"] as const,
  badgeList: (query: string) => ["badges", "list", query] as const,
  mails: ["mails"] as const,
  mailList: (page: number, per: number) => ["mails", "list", page, per] as const,
  webhooks: ["webhooks"] as const,
  deliveries: ["webhook_deliveries"] as const,
  deliveryList: (p: DeliveryListParams) => ["webhook_deliveries", "list", p] as const,
  jobRequests: ["job_requests"] as const,
  jobRequestList: (p: JobRequestListParams) => ["job_requests", "list", p] as const,
  jobRequestRange: (p: JobRequestRangeParams) => ["job_requests", "range", p] as const,
  jobRequest: (id: number) => ["job_requests", "detail", id] as const,
  candidates: (id: number, page: number) => ["job_requests", "candidates", id, page] as const,
  categories: ["job_requests", "categories"] as const,
  /** Ours: the company's templates, and the live count of qualified workers while posting. */
  templates: ["job_request_templates"] as const,
  qualifiedWorkers: (p: { lat: number; lng: number; distance: number; badgeIds: string }) =>
    ["job_requests", "qualified_workers", p] as const,
  jobs: ["jobs"] as const,
  jobsOfRequest: (id: number) => ["jobs", "request", id] as const,
  jobsOfWorker: (id: number) => ["jobs", "worker", id] as const,
  /** The company's employer users (the Team page, the Requestor field, "Requested by"). */
  team: ["team"] as const,
  messages: ["messages"] as const,
  /** One job's conversation (its worker and the company), newest page first. */
  thread: (jobId: number) => ["messages", "thread", jobId] as const,
  /** Unread counts (ours): the company's, or one job request's. */
  unreadAll: ["messages", "unread"] as const,
  unread: (jobRequestId: number | null) => ["messages", "unread", jobRequestId ?? "all"] as const,
};
