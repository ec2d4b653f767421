// The benchmark's rows: each loads the portal (and what it is compared with) and adds its row.
import { emptyPageJs, firstLoadJs } from "./bundle";
import { type LoadResult, load, statusesOf } from "./load";
import { type Proc, rssMiB, start, startTs, stop, waitFor } from "./procs";
import {
  CONNECTIONS,
  checkFailures,
  log,
  PORTS,
  procs,
  SECONDS,
  SIGNIN_ACCOUNTS,
  SIGNIN_CONNECTIONS,
  SIGNIN_SLICES,
  startFlags,
  USERINFO_SLICES,
} from "./run";
import { emailOf, LIST_ROWS, PASSWORD, randomSecret } from "./seed";
import { ms, type Row, rate } from "./table";

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** Slices of one load as one result: the mean rate, the worst p99, every failure. */
function combined(runs: LoadResult[]): LoadResult {
  return {
    rps: mean(runs.map((r) => r.rps)),
    p50: mean(runs.map((r) => r.p50)),
    p95: Math.max(...runs.map((r) => r.p95)),
    p99: Math.max(...runs.map((r) => r.p99)),
    failed: runs.reduce((a, r) => a + r.failed, 0),
    total: runs.reduce((a, r) => a + r.total, 0),
    statuses: statusesOf(runs),
  };
}

/**
 * userinfo against bare node:http in alternating slices (bare, userinfo, bare, userinfo), as the
 * sign-in row does: this machine's speed drifts by a fifth within a minute, and one long run of
 * each compared the portal on one machine with the hello world on another.
 */
export async function benchUserinfo(rows: Row[], portal: Proc, token: string) {
  const helloProc = start("node:http hello", process.execPath, [
    "-e",
    `require("node:http").createServer((q, s) => s.end("hello")).listen(${PORTS.hello}, "127.0.0.1")`,
  ]);
  procs.push(helloProc);
  await waitFor(helloProc, `http://127.0.0.1:${PORTS.hello}/`);
  const seconds = Math.max(2, Math.round(SECONDS / USERINFO_SLICES));
  const bareRuns: LoadResult[] = [];
  const userinfoRuns: LoadResult[] = [];
  for (let slice = 0; slice < USERINFO_SLICES; slice++) {
    const warmupSeconds = slice === 0 ? 3 : 1;
    log(`load: bare node:http (slice ${slice + 1} of ${USERINFO_SLICES})`);
    bareRuns.push(
      await load({
        url: `http://127.0.0.1:${PORTS.hello}/`,
        connections: CONNECTIONS,
        seconds,
        warmupSeconds,
      }),
    );
    log(`load: /2.0/auth/userinfo with a product token (slice ${slice + 1} of ${USERINFO_SLICES})`);
    const run = await load({
      url: `http://127.0.0.1:${PORTS.portal}/2.0/auth/userinfo`,
      method: "POST",
      headers: { "content-type": "application/json", authorization: token },
      body: "{}",
      connections: CONNECTIONS,
      seconds,
      warmupSeconds,
    });
    checkFailures("userinfo", run);
    userinfoRuns.push(run);
  }
  await stop(helloProc);
  const bare = combined(bareRuns);
  const userinfo = combined(userinfoRuns);
  const ratio = userinfo.rps / bare.rps;
  rows.push({
    row: "userinfo (product token) vs bare node:http",
    result: `${ratio.toFixed(3)}×, p99 ${ms(userinfo.p99)}`,
    goal: "≥ 0.25×, p99 ≤ 30 ms",
    met: ratio >= 0.25 && userinfo.p99 <= 30 && userinfo.failed === 0,
    measured: `${rate(userinfo.rps)} (p50 ${ms(userinfo.p50)}) vs ${rate(bare.rps)} (p99 ${ms(bare.p99)}), ${USERINFO_SLICES} alternating slices of ${seconds} s (slice ratios ${userinfoRuns.map((r, i) => (r.rps / (bareRuns[i]?.rps ?? 1)).toFixed(3)).join(", ")})${userinfo.failed ? `, ${userinfo.failed} failed` : ""}`,
    detail: { userinfo: userinfoRuns, bare: bareRuns },
  });
  // Memory of the instance right after the heaviest load it takes.
  const rss = portal.child.pid ? rssMiB(portal.child.pid) : Number.NaN;
  return { userinfo, rss };
}
export async function benchBetterAuth(rows: Row[], userinfo: LoadResult, databaseUrl: string | undefined) {
  if (!databaseUrl) {
    rows.push({
      row: "userinfo vs Better Auth get-session",
      result: "not run",
      goal: "≥ 2×",
      met: false,
      measured: "needs BENCH_DATABASE_URL (Better Auth runs on PostgreSQL)",
    });
    return;
  }
  const origin = `http://127.0.0.1:${PORTS.betterAuth}`;
  const proc = startTs("better-auth", "scripts/bench/better-auth-server.ts", {
    BA_DATABASE_URL: databaseUrl,
    BA_SECRET: randomSecret(),
    PORT: String(PORTS.betterAuth),
    NODE_ENV: "production",
  });
  procs.push(proc);
  try {
    await waitFor(proc, `${origin}/api/auth/ok`);
    const res = await fetch(`${origin}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ email: "bench-ba@bench.test", password: PASSWORD, name: "Bench" }),
    });
    if (!res.ok) throw new Error(`Better Auth sign-up answered ${res.status}: ${await res.text()}`);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const check = await fetch(`${origin}/api/auth/get-session`, { headers: { cookie } });
    const session = (await check.json()) as { user?: { email?: string } } | null;
    if (session?.user?.email !== "bench-ba@bench.test") throw new Error("Better Auth session was not found");
    log("load: Better Auth get-session with its cookie");
    const ba = await load({
      url: `${origin}/api/auth/get-session`,
      headers: { cookie },
      connections: CONNECTIONS,
      seconds: SECONDS,
    });
    checkFailures("better-auth", ba);
    const ratio = userinfo.rps / ba.rps;
    rows.push({
      row: "userinfo vs Better Auth get-session",
      result: `${ratio.toFixed(2)}×`,
      goal: "≥ 2×",
      met: ratio >= 2 && ba.failed === 0,
      measured: `${rate(userinfo.rps)} vs ${rate(ba.rps)} (p99 ${ms(ba.p99)})`,
      detail: { betterAuth: ba },
    });
  } finally {
    await stop(proc);
  }
}
/**
 * Raw argon2id verifications per second for `seconds`, in a process of its own (as the portal is
 * one) started with the portal's node flags: the same thread pool (server/ops/threadpool.cjs), so
 * the row compares the sign-in with the hash at its best on this machine, not with a slower setup.
 */
async function rawArgon(seconds: number): Promise<number> {
  const argon = startTs(
    "argon2",
    "scripts/bench/argon-verify.ts",
    { CONCURRENCY: String(SIGNIN_CONNECTIONS), SECONDS: String(seconds) },
    startFlags(),
  );
  procs.push(argon);
  const code = await new Promise<number | null>((resolve) => argon.child.once("exit", resolve));
  const raw = JSON.parse(argon.output().trim().split("\n").at(-1) ?? "{}") as { rps?: number };
  if (code !== 0 || !raw.rps) throw new Error(`argon2 run failed:\n${argon.output()}`);
  return raw.rps;
}

/**
 * Sign-ins against raw verifications, in alternating slices (sign-ins, raw, sign-ins, raw…): on a
 * shared machine the CPU's speed drifts by a fifth within a minute, and one long run of each would
 * compare two different machines. Each side is the mean of its slices.
 *
 * On PostgreSQL each slice also loads the floor (signin-floor.ts: node:http, the same two round
 * trips and one argon2id, none of the portal) started with the same flags, and a second row says
 * how far the floor itself gets against raw argon2id on this machine: what is left between the
 * portal and the floor is the portal's own cost; what is between the floor and raw argon2id is
 * PostgreSQL's, HTTP's and the load generator's on the same two cores.
 */
export async function benchSignIn(rows: Row[], databaseUrl?: string) {
  // Each connection signs its own accounts in, one after another (connection c: accounts c+1,
  // c+1+16…), so no two sign-ins of one person run at once, as with people at their own browsers.
  const bodiesPerConnection = Array.from({ length: SIGNIN_CONNECTIONS }, (_, c) =>
    Array.from({ length: Math.ceil(SIGNIN_ACCOUNTS / SIGNIN_CONNECTIONS) }, (_, i) =>
      JSON.stringify({ email: emailOf(1 + c + i * SIGNIN_CONNECTIONS), password: PASSWORD }),
    ),
  );
  const slices = SIGNIN_SLICES;
  const seconds = Math.max(2, Math.round(SECONDS / 2));
  const floor = databaseUrl
    ? startTs(
        "signin-floor",
        "scripts/bench/signin-floor.ts",
        { DATABASE_URL: databaseUrl, PORT: String(PORTS.floor) },
        startFlags(),
      )
    : undefined;
  if (floor) {
    procs.push(floor);
    await waitFor(floor, `http://127.0.0.1:${PORTS.floor}/`);
  }
  const signinsAt = (port: number, slice: number) =>
    load({
      url: `http://127.0.0.1:${port}/2.0/auth/signin`,
      method: "POST",
      headers: { "content-type": "application/json" },
      seconds,
      warmupSeconds: slice === 0 ? 2 : 1,
      bodiesPerConnection,
    });
  const signinRuns: LoadResult[] = [];
  const floorRuns: LoadResult[] = [];
  const rawRuns: number[] = [];
  try {
    for (let slice = 0; slice < slices; slice++) {
      log(`load: sign-ins with right passwords (slice ${slice + 1} of ${slices})`);
      const signins = await signinsAt(PORTS.portal, slice);
      checkFailures("sign-in", signins);
      signinRuns.push(signins);
      if (floor) {
        log(`load: the same sign-ins on the floor server (slice ${slice + 1} of ${slices})`);
        const floorRun = await signinsAt(PORTS.floor, slice);
        checkFailures("sign-in floor", floorRun);
        floorRuns.push(floorRun);
      }
      log(`raw argon2id verifications (slice ${slice + 1} of ${slices})`);
      rawRuns.push(await rawArgon(seconds));
    }
  } finally {
    if (floor) await stop(floor);
  }
  const { rps: signinRps, failed, p99 } = combined(signinRuns);
  const rawRps = mean(rawRuns);
  const ratio = signinRps / rawRps;
  const ratios = (runs: LoadResult[]) =>
    runs.map((r, i) => (r.rps / (rawRuns[i] ?? 1)).toFixed(2)).join(", ");
  rows.push({
    row: "sign-in vs raw argon2id verify",
    result: `${ratio.toFixed(2)}×`,
    goal: "≥ 0.8×",
    met: ratio >= 0.8 && failed === 0,
    measured: `${rate(signinRps)} (p99 ${ms(p99)}) vs ${rate(rawRps)}, ${SIGNIN_CONNECTIONS} at a time, 1 process each, ${slices} alternating slices of ${seconds} s (slice ratios ${ratios(signinRuns)})${failed ? `, ${failed} failed` : ""}`,
    detail: { signins: signinRuns, floor: floorRuns, argon: rawRuns },
  });
  if (floor) {
    const f = combined(floorRuns);
    rows.push({
      row: "sign-in floor (no portal) vs raw argon2id",
      result: `${(f.rps / rawRps).toFixed(2)}×`,
      goal: "reference",
      // A yardstick, not a budget: it fails only if it could not sign in.
      met: f.failed === 0,
      measured: `${rate(f.rps)} (p99 ${ms(f.p99)}); the portal reaches ${(signinRps / f.rps).toFixed(2)}× the floor (slice ratios to raw ${ratios(floorRuns)})${f.failed ? `, ${f.failed} failed` : ""}`,
    });
  }
}
export async function benchPages(rows: Row[], cookie: string) {
  const pages: { path: string; headers: Record<string, string> }[] = [
    { path: "/signin", headers: {} },
    { path: "/account/profile", headers: { cookie } },
  ];
  for (const page of pages) {
    const url = `http://127.0.0.1:${PORTS.portal}${page.path}`;
    const probe = await fetch(url, { headers: page.headers, redirect: "manual" });
    await probe.arrayBuffer();
    if (probe.status !== 200) throw new Error(`${page.path} answered ${probe.status}`);
    log(`load: render ${page.path}`);
    const r = await load({ url, headers: page.headers, connections: 1, seconds: SECONDS, warmupSeconds: 2 });
    checkFailures(page.path, r);
    rows.push({
      row: `render ${page.path}${page.headers.cookie ? " (signed in)" : ""}`,
      result: `p50 ${ms(r.p50)}`,
      goal: "p50 ≤ 10 ms",
      met: r.p50 <= 10 && r.failed === 0,
      measured: `p95 ${ms(r.p95)}, ${rate(r.rps)} at 1 connection`,
      detail: { [page.path]: r },
    });
  }
}
export async function benchLists(rows: Row[], cookie: string) {
  const lists = [
    { call: "/order/my-order", filter: { status: "PAID" } },
    { call: "/partner/my-credit-log", filter: { type: "USER_BUY_ORDER" } },
  ];
  for (const list of lists) {
    const pages = [
      { name: "first page", body: {} },
      { name: "filtered", body: list.filter },
      { name: "page 50", body: { offset: 49 * 20, limit: 20 } },
    ];
    for (const page of pages) {
      const url = `http://127.0.0.1:${PORTS.portal}/2.0${list.call}`;
      const body = JSON.stringify(page.body);
      const headers = { "content-type": "application/json", cookie };
      const probe = await fetch(url, { method: "POST", headers, body });
      const answer = (await probe.json()) as { data?: { items?: unknown[]; total?: number } };
      if (probe.status !== 200 || !answer.data?.items?.length) {
        throw new Error(
          `${list.call} ${page.name} answered ${probe.status}: ${JSON.stringify(answer).slice(0, 300)}`,
        );
      }
      log(`load: ${list.call} ${page.name}`);
      const r = await load({
        url,
        method: "POST",
        headers,
        body,
        connections: 1,
        seconds: 5,
        warmupSeconds: 1,
      });
      checkFailures(list.call, r);
      rows.push({
        row: `${list.call} ${page.name}`,
        result: `p95 ${ms(r.p95)}`,
        goal: "p95 ≤ 10 ms",
        met: r.p95 <= 10 && r.failed === 0,
        measured: `p50 ${ms(r.p50)}, total ${answer.data.total}, ${LIST_ROWS.toLocaleString("en")} rows`,
        detail: { [`${list.call} ${page.name}`]: r },
      });
    }
  }
}
export async function benchBundle(rows: Row[]) {
  log("first-load JS of /signin, and of an empty App Router page built now");
  const signin = await firstLoadJs(`http://127.0.0.1:${PORTS.portal}`, "/signin");
  const empty = await emptyPageJs(PORTS.empty);
  const over = signin.kib - empty.kib;
  rows.push({
    row: "/signin first-load JS (gzip)",
    result: `empty + ${over.toFixed(1)} KiB`,
    goal: "≤ empty + 10 KiB",
    met: over <= 10,
    measured: `${signin.kib.toFixed(1)} KiB in ${signin.count} scripts vs ${empty.kib.toFixed(1)} KiB in ${empty.count}`,
    detail: { signin, empty },
  });
}
