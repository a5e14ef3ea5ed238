export type WorkerListParams = {
  q?: string;
  page: number;
  per: number;
  sort?: string;
  badge_id?: string;
  suspended?: "true" | "false";
};

/** One place for query keys, so a mutation invalidates exactly what it changes. */
export const keys = {
  workers: ["workers"] as const,
  workerList: (p: WorkerListParams) => ["workers", "list", p] as const,
  worker: (id: number) => ["workers", "detail", id] as const,
  badges: ["badges"] as const,
  badgeList: (query: string) => ["badges", "list", query] as const,
};
