// A lock between the end-to-end workers (separate processes): a directory made atomically in the
// run's data dir. Used where the run shares one thing: the demo operator's TOTP steps, the OAuth
// peer's next identity.
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `work` while no other worker runs work of the same `name` (a directory made atomically in
 * `dir`, the run's data dir, is the lock).
 */
export async function withLock<T>(dir: string, name: string, work: () => Promise<T>): Promise<T> {
  const lock = path.join(dir, `${name}.lock`);
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (Date.now() > deadline) throw new Error(`${lock} held for two minutes`);
      await sleep(100);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
