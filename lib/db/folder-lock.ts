import fs from "node:fs";
import path from "node:path";

export class FolderLockedError extends Error {
  override name = "FolderLockedError";
}

/**
 * PGlite takes no lock on its folder, and a second process on the same folder silently loses
 * the first one's writes. We hold a pid lockfile for as long as the database is open, and refuse
 * a second opener while the holder is alive. A lockfile left by a dead process is taken over.
 * The file also records when the holder started (Linux): after a crash, a container restarts
 * with the same pids, so a stale lock can name a pid that now belongs to another process, or
 * to the new server itself; the start time tells the difference.
 */
export function acquireFolderLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "app.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      const started = startTimeOf(process.pid);
      fs.writeSync(fd, started ? `${process.pid} ${started}\n` : `${process.pid}\n`);
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (readHolder(lockPath)?.pid === process.pid) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.once("exit", release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = readHolder(lockPath);
      if (holder !== null && isAlive(holder)) {
        if (holder.pid === process.pid)
          throw new FolderLockedError(
            `The data folder ${dataDir} is already open in this process.`,
          );
        throw new FolderLockedError(
          `The embedded database in ${path.resolve(dataDir)} is in use by another process (pid ${holder.pid}). ` +
            "Stop that process first, or point DATA_DIR at another folder, or use DATABASE_URL for a PostgreSQL server that many processes can share.",
        );
      }
      // Stale lock from a process that died without cleaning up.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new FolderLockedError(`Could not take the lock on ${dataDir}.`);
}

type Holder = { pid: number; startTime: string | null };

/** "pid start-time" (start time absent in locks written before it was recorded, or off Linux). */
function readHolder(lockPath: string): Holder | null {
  try {
    const [pidText, startTime] = fs.readFileSync(lockPath, "utf8").trim().split(/\s+/);
    const pid = Number.parseInt(pidText ?? "", 10);
    return Number.isInteger(pid) && pid > 0 ? { pid, startTime: startTime || null } : null;
  } catch {
    return null;
  }
}

/** State and start time (clock ticks after boot) from /proc/<pid>/stat; null without /proc. */
function procStat(pid: number): { state: string; startTime: string } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // "pid (command) state ppid …": the command may hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[0] && fields[19] ? { state: fields[0], startTime: fields[19] } : null;
  } catch {
    return null;
  }
}

function startTimeOf(pid: number): string | null {
  return procStat(pid)?.startTime ?? null;
}

function isAlive(holder: Holder): boolean {
  if (holder.pid !== process.pid) {
    try {
      process.kill(holder.pid, 0);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EPERM") return false;
    }
  }
  const stat = procStat(holder.pid);
  if (!stat) return true;
  // Killed but not yet reaped by its parent: it holds no file and writes nothing any more.
  if (stat.state === "Z" || stat.state === "X") return false;
  // The pid was reused: the process that wrote the lock is gone.
  return holder.startTime === null || holder.startTime === stat.startTime;
}
