// An authenticator app for the end-to-end specs. The server accepts a code of the current 30 s
// step or one step either side (DESIGN §4), each step once and only after the last one it took
// (server/two-factor/repository.ts claimTotpStep). A phone whose clock runs a little ahead sends
// the next step's code; so may the tests: two codes per step without waiting, instead of sleeping
// up to 30 s for the next step each time a test needs a second code.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generate } from "otplib";
import { withLock } from "./lock";

export const TOTP_STEP_MS = 30_000;

const stepNow = () => Math.floor(Date.now() / TOTP_STEP_MS);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The earliest step after `lastStep` that the server takes now: the current one, else the next.
 * Never the previous one (it may have left the server's window by the time the code arrives);
 * waits only when both the current and the next step are used.
 */
export async function nextStep(lastStep: number): Promise<number> {
  for (;;) {
    const now = stepNow();
    if (now > lastStep) return now;
    if (now + 1 > lastStep) return now + 1;
    await sleep(250);
  }
}

/** The code of `step` for `secret`. */
export const codeOfStep = (secret: string, step: number): Promise<string> =>
  generate({ secret, epoch: step * (TOTP_STEP_MS / 1000) });

/** One person's authenticator: each code of a step the server has not taken yet. */
export class Authenticator {
  private lastStep: number;
  /** `usedStep`: a step the server already took (the code that turned the app on). */
  constructor(
    readonly secret: string,
    usedStep = 0,
  ) {
    this.lastStep = usedStep;
  }

  async next(): Promise<string> {
    this.lastStep = await nextStep(this.lastStep);
    return codeOfStep(this.secret, this.lastStep);
  }
}

/**
 * Runs `use` with a fresh code of an account that several spec files (and so several workers)
 * sign in: the last step the server took is kept in `dir`, and a lock (a directory made
 * atomically) keeps two workers from sending codes out of order, which the server would refuse.
 * `use` must return once the server has answered the code.
 */
export async function withSharedCode<T>(
  dir: string,
  name: string,
  secret: string,
  use: (code: string) => Promise<T>,
): Promise<T> {
  const file = path.join(dir, `${name}.totp-step`);
  return withLock(dir, `${name}.totp`, async () => {
    let last = 0;
    try {
      last = Number(readFileSync(file, "utf8")) || 0;
    } catch {
      // No sign-in of this account yet in this run.
    }
    const step = await nextStep(last);
    // Kept before the code is sent: a sign-in that fails after the server took it must not reuse it.
    writeFileSync(file, String(step));
    return use(await codeOfStep(secret, step));
  });
}
