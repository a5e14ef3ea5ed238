import fs from "node:fs";
import path from "node:path";

export class FolderLockedError extends Error {
  override name = "FolderLockedError";
}

/**
 * PGlite takes no lock on its folder, and a second process on the same folder silently loses
 * the first one's writes. We hold a pid lockfile for as long as the database is open, and refuse
 * a second opener while the holder is alive. A lockfile left by a dead process is taken over.
 */
export function acquireFolderLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "app.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (readPid(lockPath) === process.pid) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.once("exit", release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = readPid(lockPath);
      if (holder === process.pid) {
        throw new FolderLockedError(`The data folder ${dataDir} is already open in this process.`);
      }
      if (holder !== null && isAlive(holder)) {
        throw new FolderLockedError(
          `The embedded database in ${path.resolve(dataDir)} is in use by another process (pid ${holder}). ` +
            "Stop that process first, or point DATA_DIR at another folder, or use DATABASE_URL for a PostgreSQL server that many processes can share.",
        );
      }
      // Stale lock from a process that died without cleaning up.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new FolderLockedError(`Could not take the lock on ${dataDir}.`);
}

function readPid(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockPath, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
