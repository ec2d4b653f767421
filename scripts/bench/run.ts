// What every row of the benchmark shares: its ports and load lengths, the command line's choices,
// and the processes it started (stopped at the end, by their own ids).
import { startFlags as npmStartFlags } from "../start-flags";
import type { LoadResult } from "./load";
import type { Proc } from "./procs";

export const PORTS = { hello: 3391, portal: 3392, betterAuth: 3394, empty: 3395, floor: 3396 } as const;
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = 32;
/**
 * Sign-ins and raw verifications in flight at once, the same for both. The libuv pool hashes 4 at
 * a time; 16 keep it busy while other sign-ins wait on their database writes, as a loaded portal would.
 */
export const SIGNIN_CONNECTIONS = 16;
export const SIGNIN_ACCOUNTS = 2_000;
/** The sign-in row alternates this many slices of sign-ins and of raw verifications (rows.ts). */
export const SIGNIN_SLICES = 3;
/** The userinfo row alternates this many slices of bare node:http and of userinfo (rows.ts). */
export const USERINFO_SLICES = 2;
export const asJson = process.argv.includes("--json");
/** `--rows=userinfo,render`: only those rows (while working on one budget). */
const only = process.argv
  .find((a) => a.startsWith("--rows="))
  ?.slice("--rows=".length)
  .split(",");
export const want = (row: "userinfo" | "better-auth" | "signin" | "bundle" | "render" | "lists" | "memory") =>
  !only || only.includes(row);
/** `--profile`: the portal writes a CPU profile (node --cpu-prof) into .bench-profile/ when it stops. */
export const profile = process.argv.includes("--profile");
export const log = (line: string) => console.error(`[bench] ${line}`);

/**
 * The Node flags `npm start` gives the portal (bin/portal, which `npm start` runs), so the benchmark runs
 * what operators run. `BENCH_NODE_FLAGS="…"` replaces them, to compare settings.
 */
export function startFlags(): string[] {
  const override = process.env.BENCH_NODE_FLAGS;
  if (override !== undefined) return override.split(/\s+/).filter(Boolean);
  return npmStartFlags();
}

/** Every process a row starts: stopped at the end of the run, the last first. */
export const procs: Proc[] = [];

export function checkFailures(name: string, result: LoadResult): void {
  if (result.failed > 0)
    log(
      `${name}: ${result.failed} of ${result.total} responses failed (statuses ${JSON.stringify(result.statuses)})`,
    );
}
