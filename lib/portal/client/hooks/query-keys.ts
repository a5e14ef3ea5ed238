export type WorkerListParams = {
  q?: string;
  page: number;
  per: number;
  sort?: string;
  badge_id?: string;
  suspended?: "true" | "false";
};

export type DeliveryListParams = {
  state?: "pending" | "delivered" | "dead";
  page: number;
  per: number;
};

/** One place for query keys, so a mutation invalidates exactly what it changes. */
export const keys = {
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
};
