import { parseArgs } from "node:util";
import {
  createBadgeFor,
  createCompany,
  createJob,
  createJobRequest,
  createKeys,
  revokeKey,
  setJobState,
} from "@/lib/api-v2/admin/admin";
import { clock } from "@/lib/api-v2/clock";
import { seedDemo } from "@/lib/api-v2/demo/seed-demo";
import { ApiError } from "@/lib/api-v2/errors";
import { type Database, openDatabase, optionsFromEnv } from "@/lib/db/client";
import { FolderLockedError } from "@/lib/db/folder-lock";
import { loadDemoCredentials, saveDemoCredentials } from "@/lib/demo-keys";
import { argv, ConfigError, defaultEnv, env } from "@/lib/env";

/**
 * The operator's tool: issues what the interface does not (companies, key pairs, jobs).
 * `npm run --silent operator -- <command> [flags]`: one JSON object on stdout; errors as JSON
 * on stderr with a non-zero exit (2 for usage, 1 otherwise).
 */

class UsageError extends Error {}

const USAGE = `usage: operator <command> [flags]
  company create --name N
  keys create --company ID --pool private|public
  keys revoke --api-key PK
  badge create --company ID --name N --description D [--info-url U] [--soft]
  job-request create --company ID --name N [--state posted]
  job create --job-request ID --worker USER_ID --state S
  job set-state --job ID --state S
  demo seed [--workers N]`;

type Flags = Record<string, string | boolean | undefined>;

function need(flags: Flags, name: string): string {
  const v = flags[name];
  if (typeof v !== "string" || v.trim() === "") throw new UsageError(`--${name} is required`);
  return v;
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

async function main(): Promise<number> {
  // Logs would corrupt the JSON on stdout; only warnings and errors, and those go to stderr.
  defaultEnv("LOG_LEVEL", "warn");
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv(),
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
        workers: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (err) {
    return failUsage((err as Error).message);
  }
  const command = parsed.positionals.slice(0, 2).join(" ");
  if (parsed.values.help || parsed.positionals.length === 0) {
    process.stdout.write(`${USAGE}\n`);
    return parsed.values.help ? 0 : 2;
  }
  let database: Database | undefined;
  try {
    database = await openDatabase(optionsFromEnv());
    const result = await run(database, command, parsed.values as Flags);
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) return failUsage(err.message);
    const error =
      err instanceof ApiError
        ? { code: err.code, message: err.message, ...(err.fields && { fields: err.fields }) }
        : err instanceof FolderLockedError || err instanceof ConfigError
          ? { code: "unavailable", message: err.message }
          : { code: "internal_error", message: err instanceof Error ? err.message : String(err) };
    process.stderr.write(`${JSON.stringify({ error })}\n`);
    return 1;
  } finally {
    await database?.close();
  }
}

function failUsage(message: string): number {
  process.stderr.write(`${JSON.stringify({ error: { code: "usage", message, usage: USAGE } })}\n`);
  return 2;
}

main().then((code) => process.exit(code));
