import { parseArgs } from "node:util";
import { and, eq } from "drizzle-orm";
import {
  createBadgeFor,
  createCompany,
  createJob,
  createJobRequest,
  createKeys,
  listCompanies,
  revokeKey,
  setJobRequestState,
  setJobState,
} from "@/lib/api-v2/admin/admin";
import { clock } from "@/lib/api-v2/clock";
import { setCustomerTerms } from "@/lib/api-v2/customers/customers";
import { seedDemo } from "@/lib/api-v2/demo/seed-demo";
import { ApiError } from "@/lib/api-v2/errors";
import { resendDelivery } from "@/lib/api-v2/events/deliveries";
import { Dispatcher } from "@/lib/api-v2/events/dispatcher";
import { createWebhook, listWebhooks, removeWebhook } from "@/lib/api-v2/events/webhooks";
import { markUnfilled } from "@/lib/api-v2/jobs/mark-unfilled";
import { knownApiError } from "@/lib/api-v2/known-error";
import { sealClearPersonalData } from "@/lib/api-v2/users/personal-data";
import type { Database } from "@/lib/db/client";
import { FolderLockedError } from "@/lib/db/folder-lock";
import { apiKeys, outbox } from "@/lib/db/schema";
import { loadDemoCredentials, saveDemoCredentials } from "@/lib/demo-keys";
import { ConfigError, env } from "@/lib/env";
import { CUSTOMER_TERMS } from "@/lib/schemas/customer";
import { createWebhookBodySchema } from "@/lib/schemas/webhook";
import { ExportUsageError, exportWorkers } from "./export-workers";
import { ImportUsageError, importWorkers } from "./import-workers";
import { candidatesOf, JobUsageError, listRequests, runJobCommand } from "./job-commands";

/**
 * The operator's commands: what the interface does not issue (companies, key pairs, jobs).
 * Each run gives one JSON object for stdout, or a JSON error for stderr with a non-zero code (2
 * for usage, 1 otherwise). `cli.ts` runs them in its own process; a running embedded server runs
 * them for it over its operator channel (`lib/server/operator-channel.ts`).
 */

class UsageError extends Error {}

/** What one command run prints, and its exit code. */
export type Outcome = { code: number; stdout: string; stderr: string };

export const USAGE = `usage: operator <command> [flags]
  company create --name N
  company list
  company terms --company ID [--fee-percentage 0.2] [--can-post-w2 true|false] [--can-post-1099 …]
                [--can-use-premier-features …] [--use-start-and-complete-pin …]
                [--strategic-pilot …] [--use-pending-state …]   the platform's terms (GET /customers/:id)
  keys create --company ID --pool private|public
  keys revoke --api-key PK
  badge create --company ID --name N --description D [--info-url U] [--soft]
  job-request create --company ID --name N [--state posted]
  job-request list --company ID [--state S]
  job-request candidates --job-request ID [--per N]     ranked, nearest first
  job-request sweep          mark started postings nobody was hired onto unfilled (the server does it each minute)
  job-request set-state --job-request ID --state S     (force a state; no checks)
  job list --job-request ID | --company ID [--state S]
  job assign --job-request ID --worker USER_ID [--notes T]   hire, as the requestor
  job approve --job ID [--rating 1-5] | job cancel --job ID [--reason R] | job no-show --job ID
  job accept --job-request ID --worker USER_ID   act as the worker (their app is not ours)
  job start|pause|resume|complete|withdraw --job ID   act as the worker
  job create --job-request ID --worker USER_ID --state S   (force; no checks)
  job set-state --job ID --state S                         (force; no checks)
  webhook add --company ID --url U [--events a,b] [--api-key PK]
  webhook list [--company ID]
  webhook remove --id N
  outbox run [--once]        deliver due e-mails and webhooks (until SIGTERM, or until idle)
  outbox resend --id N       send a dead webhook delivery again
  import --company ID --file workers.csv [--country US] [--report report.csv]
  export --company ID --file workers.csv [--filter "q=ada&badge_id=3"] [--include-sensitive]
                             (SSN and date of birth only with --include-sensitive)
  demo seed [--workers N]`;

/** Every command `run` knows (checked first: an unknown one costs nothing). */
const COMMANDS = new Set(
  `company create,company list,company terms,keys create,keys revoke,badge create,job-request create,job create,job set-state,job-request sweep,job-request candidates,job-request list,job assign,job accept,job start,job pause,job resume,job complete,job withdraw,job approve,job cancel,job no-show,job list,job-request set-state,webhook add,webhook list,webhook remove,outbox run,outbox resend,import,export,demo seed`.split(
    ",",
  ),
);

export type Flags = Record<string, string | boolean | undefined>;

function need(flags: Flags, name: string): string {
  const v = flags[name];
  if (typeof v !== "string" || v.trim() === "") throw new UsageError(`--${name} is required`);
  return v;
}

function optionalId(flags: Flags, name: string): number | undefined {
  return flags[name] === undefined ? undefined : needId(flags, name);
}

function needId(flags: Flags, name: string): number {
  const v = need(flags, name);
  if (!/^\d+$/.test(v)) throw new UsageError(`--${name} must be a whole number`);
  return Number(v);
}

async function run(database: Database, command: string, flags: Flags): Promise<unknown> {
  const db = database.db;
  const now = clock.now();
  switch (command) {
    case "company create":
      return createCompany(db, need(flags, "name"));
    case "company list":
      return listCompanies(db);
    case "company terms": {
      const terms: Record<string, unknown> = {};
      for (const term of CUSTOMER_TERMS) {
        const v = flags[term.replaceAll("_", "-")];
        if (typeof v === "string") terms[term] = v === "null" ? null : v;
      }
      return setCustomerTerms(db, needId(flags, "company"), terms, now);
    }
    case "keys create": {
      const pool = need(flags, "pool");
      if (pool !== "private" && pool !== "public")
        throw new UsageError("--pool must be private or public");
      return createKeys(db, needId(flags, "company"), pool, env().API_ENVIRONMENT);
    }
    case "keys revoke":
      return revokeKey(db, need(flags, "api-key"), now);
    case "badge create":
      return createBadgeFor(
        db,
        needId(flags, "company"),
        {
          name: need(flags, "name"),
          description: need(flags, "description"),
          info_url: typeof flags["info-url"] === "string" ? flags["info-url"] : null,
          is_soft: flags.soft === true,
        },
        now,
      );
    case "job-request create":
      return createJobRequest(
        db,
        needId(flags, "company"),
        need(flags, "name"),
        typeof flags.state === "string" ? flags.state : "posted",
        now,
      );
    case "job create":
      return createJob(
        db,
        needId(flags, "job-request"),
        needId(flags, "worker"),
        need(flags, "state"),
        now,
      );
    case "job set-state":
      return setJobState(db, needId(flags, "job"), need(flags, "state"), now);
    case "job-request sweep":
      return markUnfilled(db, now);
    case "job-request candidates":
      return candidatesOf(
        db,
        needId(flags, "job-request"),
        Math.min(50, optionalId(flags, "per") ?? 10),
        now,
      );
    case "job-request list":
      return listRequests(
        db,
        needId(flags, "company"),
        typeof flags.state === "string" ? flags.state : undefined,
      );
    case "job assign":
    case "job accept":
    case "job start":
    case "job pause":
    case "job resume":
    case "job complete":
    case "job withdraw":
    case "job approve":
    case "job cancel":
    case "job no-show":
    case "job list":
      try {
        return await runJobCommand(
          db,
          command.slice("job ".length),
          {
            job: optionalId(flags, "job"),
            jobRequest: optionalId(flags, "job-request"),
            worker: optionalId(flags, "worker"),
            company: optionalId(flags, "company"),
            rating: optionalId(flags, "rating"),
            reason: typeof flags.reason === "string" ? flags.reason : undefined,
            notes: typeof flags.notes === "string" ? flags.notes : undefined,
            state: typeof flags.state === "string" ? flags.state : undefined,
          },
          now,
        );
      } catch (err) {
        if (err instanceof JobUsageError) throw new UsageError(err.message);
        throw err;
      }
    case "job-request set-state":
      return setJobRequestState(db, needId(flags, "job-request"), need(flags, "state"), now);
    case "webhook add": {
      const companyId = needId(flags, "company");
      const events =
        typeof flags.events === "string"
          ? flags.events
              .split(",")
              .map((e) => e.trim())
              .filter(Boolean)
          : undefined;
      const body = createWebhookBodySchema.safeParse({ url: need(flags, "url"), events });
      if (!body.success) throw new UsageError(body.error.issues.map((i) => i.message).join("; "));
      let apiKeyId: number | null = null;
      if (typeof flags["api-key"] === "string") {
        apiKeyId = await apiKeyIdOf(db, companyId, flags["api-key"]);
      }
      return createWebhook(db, companyId, apiKeyId, body.data, now);
    }
    case "webhook list":
      return {
        webhooks: await listWebhooks(
          db,
          typeof flags.company === "string" ? needId(flags, "company") : null,
        ),
      };
    case "webhook remove":
      return removeWebhook(db, null, needId(flags, "id"), now);
    case "outbox run":
      return runOutbox(db, flags.once === true);
    case "outbox resend": {
      const id = needId(flags, "id");
      const [row] = await db
        .select({ companyId: outbox.companyId })
        .from(outbox)
        .where(eq(outbox.id, id));
      if (!row) throw new ApiError("not_found", "Delivery not found");
      return resendDelivery(db, row.companyId, id, now, { limited: false });
    }
    case "import": {
      try {
        return await importWorkers(db, {
          companyId: needId(flags, "company"),
          file: need(flags, "file"),
          country: typeof flags.country === "string" ? flags.country : undefined,
          report: typeof flags.report === "string" ? flags.report : undefined,
          now: () => clock.now(),
        });
      } catch (err) {
        if (err instanceof ImportUsageError) throw new UsageError(err.message);
        throw err;
      }
    }
    case "export": {
      try {
        return await exportWorkers(db, {
          companyId: needId(flags, "company"),
          file: need(flags, "file"),
          filter: typeof flags.filter === "string" ? flags.filter : undefined,
          includeSensitive: flags["include-sensitive"] === true,
          now,
        });
      } catch (err) {
        if (err instanceof ExportUsageError) throw new UsageError(err.message);
        throw err;
      }
    }
    case "demo seed": {
      const workers =
        typeof flags.workers === "string" ? Number(flags.workers) : env().DEMO_WORKER_COUNT;
      const keys = await seedDemo(db, {
        now,
        workerCount: workers,
        environment: env().API_ENVIRONMENT,
      });
      if (keys) {
        saveDemoCredentials(keys);
        return { seeded: true, ...keys };
      }
      const saved = loadDemoCredentials();
      return { seeded: false, note: "The demo company already exists", ...(saved ?? {}) };
    }
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

async function apiKeyIdOf(db: Database["db"], companyId: number, publicKey: string) {
  const [key] = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.publicKey, publicKey), eq(apiKeys.companyId, companyId)));
  if (!key) throw new ApiError("not_found", "API key not found for this company");
  return key.id;
}

/**
 * The dispatcher on its own: with --once, until nothing is due; otherwise until SIGTERM or
 * SIGINT, finishing the batch in hand. Prints what it did.
 */
async function runOutbox(db: Database["db"], once: boolean) {
  const dispatcher = new Dispatcher({ db });
  if (once) return { dispatcher: dispatcher.id, ...(await dispatcher.drain()) };
  dispatcher.start();
  process.stderr.write(
    `${JSON.stringify({ level: "info", msg: "outbox dispatcher running", dispatcher: dispatcher.id })}\n`,
  );
  await new Promise<void>((resolve) => {
    process.once("SIGTERM", resolve);
    process.once("SIGINT", resolve);
  });
  await dispatcher.stop();
  return { dispatcher: dispatcher.id, ...dispatcher.totals };
}

/** The command line read: the command and its flags, or the outcome that ends it here. */
export function parseCommand(args: string[]): { command: string; flags: Flags } | Outcome {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        name: { type: "string" },
        company: { type: "string" },
        pool: { type: "string" },
        "api-key": { type: "string" },
        description: { type: "string" },
        "info-url": { type: "string" },
        soft: { type: "boolean" },
        state: { type: "string" },
        "job-request": { type: "string" },
        worker: { type: "string" },
        job: { type: "string" },
        rating: { type: "string" },
        per: { type: "string" },
        reason: { type: "string" },
        notes: { type: "string" },
        workers: { type: "string" },
        url: { type: "string" },
        events: { type: "string" },
        id: { type: "string" },
        once: { type: "boolean" },
        file: { type: "string" },
        country: { type: "string" },
        report: { type: "string" },
        filter: { type: "string" },
        "include-sensitive": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (err) {
    return failUsage((err as Error).message);
  }
  if (parsed.values.help || parsed.positionals.length === 0)
    return { code: parsed.values.help ? 0 : 2, stdout: `${USAGE}\n`, stderr: "" };
  const command = parsed.positionals.slice(0, 2).join(" ");
  // Refused before the database is opened (seconds, embedded) or a server is asked.
  if (!COMMANDS.has(command)) return failUsage(`unknown command "${command}"`);
  return { command, flags: parsed.values as Flags };
}

/**
 * Runs one parsed command on an open database. `inServer`: run by a running server for a
 * command line over its channel, where the long-running dispatcher is the server's own.
 */
export async function runCommand(
  database: Database,
  command: string,
  flags: Flags,
  inServer = false,
): Promise<Outcome> {
  try {
    if (inServer && command === "outbox run" && flags.once !== true)
      throw new UsageError(
        "the running server delivers the outbox itself; `outbox run --once` drains it now",
      );
    await sealClearPersonalData(database.db);
    const result = await run(database, command, flags);
    return { code: 0, stdout: `${JSON.stringify(result)}\n`, stderr: "" };
  } catch (err) {
    return failure(err);
  }
}

/** An error as the operator sees it: one JSON object, exit code 2 for usage, 1 otherwise. */
export function failure(err: unknown): Outcome {
  if (err instanceof UsageError) return failUsage(err.message);
  const api = knownApiError(err);
  const error = api
    ? { code: api.code, message: api.message, ...(api.fields && { fields: api.fields }) }
    : err instanceof FolderLockedError || err instanceof ConfigError
      ? { code: "unavailable", message: err.message }
      : { code: "internal_error", message: err instanceof Error ? err.message : String(err) };
  return { code: 1, stdout: "", stderr: `${JSON.stringify({ error })}\n` };
}

function failUsage(message: string): Outcome {
  return {
    code: 2,
    stdout: "",
    stderr: `${JSON.stringify({ error: { code: "usage", message, usage: USAGE } })}\n`,
  };
}
