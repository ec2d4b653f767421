import "server-only";
import { linkSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * PGlite is one process: a second process that opens the same data directory works on its own copy
 * in memory, and whichever closes last overwrites the other's writes (issue 35: `admin packages
 * import` said "3 added" while the server ran; the server's shutdown erased them). So whoever opens
 * a data directory holds `<dir>.lock` (DATA_DIR/pglite.lock) with its pid until it closes, and a
 * second process refuses while that pid lives. A lock whose pid is dead (a killed server) is stale
 * and taken over.
 */
export type LockHolder = { pid: number; command: string; since: string };

export class DataDirInUseError extends Error {
  constructor(
    readonly lockFile: string,
    readonly holder: LockHolder,
  ) {
    super(
      `${lockFile.slice(0, -".lock".length)} is open in another process: pid ${holder.pid} (${holder.command}, since ${holder.since}). ` +
        "The embedded PGlite allows one process, and what this one wrote would be lost when that one closes. " +
        (/admin|migrate/.test(holder.command)
          ? "Wait for that command to finish, then run this again. "
          : `Stop that server first (kill -TERM ${holder.pid}; it drains and closes the database) and run the command again, ` +
            "or make the change in the running server's operator console (/admin) or its /2.0 API. ") +
        `If pid ${holder.pid} is not the portal, delete ${lockFile}.`,
    );
    this.name = "DataDirInUseError";
  }
}

const unknownHolder: LockHolder = { pid: 0, command: "unknown", since: "just now" };

/** Locks this process holds, by file, with how many handles share each. */
const held = new Map<string, number>();

function readHolder(lockFile: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(lockFile, "utf8")) as Partial<LockHolder>;
    if (typeof parsed.pid !== "number") return undefined;
    return { pid: parsed.pid, command: String(parsed.command ?? "?"), since: String(parsed.since ?? "?") };
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  // A restarted container's server is pid 1 again: a lock with our own pid that we do not hold is
  // a previous life's.
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

/** Takes the lock of `dataDir` for this process, or throws DataDirInUseError naming the holder. */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = `${path.resolve(dataDir)}.lock`;
  const count = held.get(lockFile);
  if (count !== undefined) {
    held.set(lockFile, count + 1);
    return releaseOnce(lockFile);
  }
  const me: LockHolder = {
    pid: process.pid,
    command: path.basename(process.argv[1] ?? process.argv0),
    since: new Date().toISOString(),
  };
  // Written whole beside the lock, then linked into place: link() fails when the lock exists, so two
  // processes racing cannot both take it, and no reader sees a half-written file.
  const draft = `${lockFile}.${process.pid}`;
  writeFileSync(draft, `${JSON.stringify(me)}\n`, { mode: 0o644 });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(draft, lockFile);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        const holder = readHolder(lockFile);
        if (holder && isAlive(holder.pid)) throw new DataDirInUseError(lockFile, holder);
        // Taken again between our two tries: someone else won the race for a stale lock.
        if (attempt > 0) throw new DataDirInUseError(lockFile, holder ?? unknownHolder);
        removeQuietly(lockFile); // stale: its process is gone
      }
    }
  } finally {
    removeQuietly(draft);
  }
  held.set(lockFile, 1);
  return releaseOnce(lockFile);
}

function releaseOnce(lockFile: string): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (held.get(lockFile) ?? 1) - 1;
    if (left > 0) {
      held.set(lockFile, left);
      return;
    }
    held.delete(lockFile);
    if (readHolder(lockFile)?.pid === process.pid) removeQuietly(lockFile);
  };
}
