// The memory row (issue 35, finding 9): one instance serving pages in all five languages, signed
// out and signed in, and /2.0 calls at the same time; its resident set sampled twice a second. The
// row's result is the highest sample (the plateau an operator sizes a container for).
import { type LoadResult, load } from "./load";
import { type Proc, rssMiB } from "./procs";
import { checkFailures, log, PORTS } from "./run";
import type { Row } from "./table";

export const MEMORY_GOAL_MIB = 350;
const MEMORY_SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 30);
const LANGUAGES = ["vi", "en", "th", "my", "id"] as const;
const SIGNED_OUT = ["/signin", "/signup", "/forgottenpass"];
const SIGNED_IN = ["/account/profile", "/dashboard", "/order", "/payment", "/point", "/referral"];

export async function benchPageMemory(
  rows: Row[],
  portal: Proc,
  cookie: string,
  token: string,
): Promise<void> {
  const pid = portal.child.pid;
  if (!pid) throw new Error("the portal has no pid");
  const origin = `http://127.0.0.1:${PORTS.portal}`;
  const loads: { name: string; run: Promise<LoadResult> }[] = [];
  // One connection per screen and language: 9 screens × 5 languages, about half of them at a time.
  LANGUAGES.forEach((language, i) => {
    for (const path of [...SIGNED_OUT, ...SIGNED_IN]) {
      const signedIn = SIGNED_IN.includes(path);
      const headers = { cookie: `LANGUAGE=${language}${signedIn ? `; ${cookie}` : ""}` };
      // Two of the five languages per page at a time keep the two cores busy without a queue of 45.
      if ((i + path.length) % 2 !== 0) continue;
      loads.push({
        name: `${path} (${language})`,
        run: load({ url: `${origin}${path}`, headers, connections: 1, seconds: MEMORY_SECONDS }),
      });
    }
  });
  loads.push({
    name: "/2.0/auth/userinfo",
    run: load({
      url: `${origin}/2.0/auth/userinfo`,
      method: "POST",
      headers: { "content-type": "application/json", authorization: token },
      body: "{}",
      connections: 4,
      seconds: MEMORY_SECONDS,
    }),
  });
  log(`load: ${loads.length - 1} page loads and userinfo for ${MEMORY_SECONDS} s, resident set sampled`);
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rssMiB(pid)), 500);
  const results = await Promise.all(loads.map(async ({ name, run }) => ({ name, result: await run })));
  clearInterval(sampler);
  let pages = 0;
  let failed = 0;
  for (const { name, result } of results) {
    checkFailures(name, result);
    failed += result.failed;
    if (!name.startsWith("/2.0")) pages += result.total;
  }
  const peak = Math.max(...samples);
  const last = samples.at(-1) ?? Number.NaN;
  rows.push({
    row: "memory of one instance serving pages and calls",
    result: `${peak.toFixed(0)} MB peak`,
    goal: `≤ ${MEMORY_GOAL_MIB} MB`,
    met: peak <= MEMORY_GOAL_MIB && failed === 0,
    measured: `resident set over ${MEMORY_SECONDS} s: ${pages.toLocaleString("en")} pages in 5 languages (9 screens) and userinfo calls, last ${last.toFixed(0)} MB, ${failed} failed`,
    detail: { samples, loads: Object.fromEntries(results.map(({ name, result }) => [name, result])) },
  });
}
