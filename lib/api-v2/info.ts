import type { Env } from "@/lib/env";
import { formatSecondsZ } from "./format";

/** When this instance started: `deploy.started_at` (each instance answers its own). */
const STARTED_AT = new Date();

/**
 * The live service's `/info` also names the framework's run mode (`rails_environment`,
 * `rack_environment`) and its `deploy`. Ours: the run mode is NODE_ENV (the same value for both,
 * as a Rails app's RAILS_ENV and RACK_ENV are), and `deploy` says which release runs here and
 * since when, for the environment (test or live) it serves.
 */
export function deployInfo(e: Pick<Env, "NODE_ENV" | "RELEASE_VERSION" | "API_ENVIRONMENT">) {
  return {
    rails_environment: e.NODE_ENV,
    rack_environment: e.NODE_ENV,
    deploy: {
      release_version: e.RELEASE_VERSION,
      environment: e.API_ENVIRONMENT,
      started_at: formatSecondsZ(STARTED_AT),
    },
  };
}
