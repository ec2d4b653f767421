// The sign-in row's yardstick: argon2id verifications per second in one process (as the portal is
// one), CONCURRENCY at a time for SECONDS, with the parameters sign-in uses. Prints JSON.
import { hash, verify } from "@node-rs/argon2";
import { ARGON2_OPTIONS, PASSWORD } from "./seed";

const concurrency = Number(process.env.CONCURRENCY ?? 8);
const seconds = Number(process.env.SECONDS ?? 10);
const stored = await hash(PASSWORD, ARGON2_OPTIONS);

async function loop(end: number): Promise<number> {
  let n = 0;
  while (Date.now() < end) {
    if (!(await verify(stored, PASSWORD))) throw new Error("verify failed");
    n++;
  }
  return n;
}

await Promise.all(Array.from({ length: concurrency }, () => loop(Date.now() + 2000)));
const started = Date.now();
const counts = await Promise.all(Array.from({ length: concurrency }, () => loop(started + seconds * 1000)));
const total = counts.reduce((a, b) => a + b, 0);
console.log(JSON.stringify({ rps: total / ((Date.now() - started) / 1000) }));
