import type http from "node:http";

export type FaultRule = {
  method?: string;
  /** Path without query; `*` is one segment, `**` anything. Every path when absent. */
  path?: string;
  mode: "ok" | "slow" | "reset" | "garbage" | "flaky";
  delayMs?: number;
  at?: "start" | "mid";
  kind?: "html" | "truncated" | "wrong-shape" | "empty" | "proxy-502";
  failures?: number;
  failWith?: "503" | "reset";
};

export type FaultUpstream = {
  start(port?: number): Promise<FaultUpstream>;
  readonly url: string;
  setRules(rules: FaultRule[]): void;
  reset(): Promise<void>;
  clearCounts(): void;
  count(method: string, path: string): number;
  counts(): Record<string, number>;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
};

export function createFaultUpstream(opts?: {
  delegate?: (req: http.IncomingMessage, res: http.ServerResponse) => void;
}): FaultUpstream;
