import path from "node:path";
import { type Database, openDatabase, optionsFromEnv } from "@/lib/db/client";
import { FolderLockedError } from "@/lib/db/folder-lock";
import { argv, defaultEnv } from "@/lib/env";
import { channelPathOf, sendToChannel } from "./channel";
import { type Flags, failure, type Outcome, parseCommand, runCommand } from "./commands";

/**
 * The operator's tool: `npm run --silent operator -- <command> [flags]`: one JSON object on
 * stdout; errors as JSON on stderr with a non-zero exit (2 for usage, 1 otherwise).
 *
 * With the embedded database it opens the data folder itself, unless a server is running on it
 * (PGlite is one process's): then the running server runs the command for it, over the operator
 * channel, a Unix socket in the data folder that only this machine's user can open.
 */
async function main(): Promise<Outcome> {
  // Logs would corrupt the JSON on stdout; only warnings and errors, and those go to stderr.
  defaultEnv("LOG_LEVEL", "warn");
  const parsed = parseCommand(argv());
  if ("code" in parsed) return parsed;
  const options = optionsFromEnv();
  let database: Database | undefined;
  try {
    database = await openDatabase(options);
  } catch (err) {
    if (!(err instanceof FolderLockedError) || options.kind !== "embedded" || !options.dataDir)
      return failure(err);
    // The server reads and writes files in its own working folder: name them in full.
    const flags: Flags = { ...parsed.flags };
    for (const name of ["file", "report"])
      if (typeof flags[name] === "string") flags[name] = path.resolve(flags[name]);
    const answered = await sendToChannel(channelPathOf(options.dataDir), parsed.command, flags);
    return answered ?? failure(err);
  }
  try {
    return await runCommand(database, parsed.command, parsed.flags);
  } finally {
    await database.close();
  }
}

main().then(
  (outcome) => {
    process.stdout.write(outcome.stdout);
    process.stderr.write(outcome.stderr);
    process.exit(outcome.code);
  },
  (err) => {
    process.stderr.write(failure(err).stderr);
    process.exit(1);
  },
);
