// `npm run bench` (after `npm run build`): DESIGN §7's budgets as ratios measured in one run.
// It starts everything it compares (bare node:http, the portal, Better Auth, raw argon2id, an
// empty Next app) and prints one table; `npm run bench -- --json` prints the same as JSON.
// On PostgreSQL when BENCH_DATABASE_URL is set (a fresh database per run, dropped at the end),
// else on PGlite. Ports 3390–3399.
import { emptyPageJs, firstLoadJs } from "./bench/bundle";
import { type LoadResult, load } from "./bench/load";
import { type Proc, rssMiB, start, startTs, stop, waitFor } from "./bench/procs";
import {
  type BenchDatabase,
  createDatabase,
  emailOf,
  HEAVY_EMAIL,
  HEAVY_ROWS,
  LIST_ROWS,
  PASSWORD,
  PEOPLE,
  randomSecret,
  seed,
} from "./bench/seed";
import { ms, printTable, type Row, rate } from "./bench/table";

const PORTS = { hello: 3391, portal: 3392, betterAuth: 3394, empty: 3395 } as const;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
/**
 * Sign-ins and raw verifications in flight at once, the same for both. The libuv pool hashes 4 at
 * a time; 16 keep it busy while other sign-ins wait on their database writes, as a loaded portal would.
 */
const SIGNIN_CONNECTIONS = 16;
const SIGNIN_ACCOUNTS = 2_000;
const asJson = process.argv.includes("--json");
/** `--rows=userinfo,render`: only those rows (while working on one budget). */
const only = process.argv
  .find((a) => a.startsWith("--rows="))
  ?.slice("--rows=".length)
  .split(",");
const want = (row: "userinfo" | "better-auth" | "signin" | "bundle" | "render" | "lists" | "memory") =>
  !only || only.includes(row);
/** `--profile`: the portal writes a CPU profile (node --cpu-prof) into .bench-profile/ when it stops. */
const profile = process.argv.includes("--profile");
const log = (line: string) => console.error(`[bench] ${line}`);

const procs: Proc[] = [];
let database: BenchDatabase | undefined;

async function signIn(origin: string, email: string, extra: Record<string, string> = {}) {
  const res = await fetch(`${origin}/2.0/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD, ...extra }),
  });
  const body = (await res.json()) as { code: number; data: { redirect_url?: string } };
  if (res.status !== 200)
    throw new Error(`sign-in of ${email} answered ${res.status}: ${JSON.stringify(body)}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { cookie, redirect: body.data.redirect_url ?? "" };
}

function checkFailures(name: string, result: LoadResult): void {
  if (result.failed > 0) log(`${name}: ${result.failed} of ${result.total} responses failed`);
}

async function benchUserinfo(rows: Row[], portal: Proc, token: string) {
  const helloProc = start("node:http hello", process.execPath, [
    "-e",
    `require("node:http").createServer((q, s) => s.end("hello")).listen(${PORTS.hello}, "127.0.0.1")`,
  ]);
  procs.push(helloProc);
  await waitFor(helloProc, `http://127.0.0.1:${PORTS.hello}/`);
  log("load: bare node:http");
  const bare = await load({
    url: `http://127.0.0.1:${PORTS.hello}/`,
    connections: CONNECTIONS,
    seconds: SECONDS,
  });
  await stop(helloProc);

  log("load: /2.0/auth/userinfo with a product token");
  const userinfo = await load({
    url: `http://127.0.0.1:${PORTS.portal}/2.0/auth/userinfo`,
    method: "POST",
    headers: { "content-type": "application/json", authorization: token },
    body: "{}",
    connections: CONNECTIONS,
    seconds: SECONDS,
  });
  checkFailures("userinfo", userinfo);
  const ratio = userinfo.rps / bare.rps;
  rows.push({
    row: "userinfo (product token) vs bare node:http",
    result: `${ratio.toFixed(3)}×, p99 ${ms(userinfo.p99)}`,
    goal: "≥ 0.25×, p99 ≤ 30 ms",
    met: ratio >= 0.25 && userinfo.p99 <= 30 && userinfo.failed === 0,
    measured: `${rate(userinfo.rps)} (p50 ${ms(userinfo.p50)}) vs ${rate(bare.rps)} (p99 ${ms(bare.p99)})${userinfo.failed ? `, ${userinfo.failed} failed` : ""}`,
    detail: { userinfo, bare },
  });
  // Memory of the instance right after the heaviest load it takes.
  const rss = portal.child.pid ? rssMiB(portal.child.pid) : Number.NaN;
  return { userinfo, rss };
}

async function benchBetterAuth(rows: Row[], userinfo: LoadResult) {
  if (!database?.url) {
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
    BA_DATABASE_URL: database.url,
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

async function benchSignIn(rows: Row[]) {
  let n = 0;
  log("load: sign-ins with right passwords");
  const signins = await load({
    url: `http://127.0.0.1:${PORTS.portal}/2.0/auth/signin`,
    method: "POST",
    headers: { "content-type": "application/json" },
    connections: SIGNIN_CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: 2,
    nextBody: () => JSON.stringify({ email: emailOf(1 + (n++ % SIGNIN_ACCOUNTS)), password: PASSWORD }),
  });
  checkFailures("sign-in", signins);
  log("raw argon2id verifications");
  const argon = startTs("argon2", "scripts/bench/argon-verify.ts", {
    CONCURRENCY: String(SIGNIN_CONNECTIONS),
    SECONDS: String(SECONDS),
  });
  procs.push(argon);
  const code = await new Promise<number | null>((resolve) => argon.child.once("exit", resolve));
  const raw = JSON.parse(argon.output().trim().split("\n").at(-1) ?? "{}") as { rps?: number };
  if (code !== 0 || !raw.rps) throw new Error(`argon2 run failed:\n${argon.output()}`);
  const ratio = signins.rps / raw.rps;
  rows.push({
    row: "sign-in vs raw argon2id verify",
    result: `${ratio.toFixed(2)}×`,
    goal: "≥ 0.8×",
    met: ratio >= 0.8 && signins.failed === 0,
    measured: `${rate(signins.rps)} (p99 ${ms(signins.p99)}) vs ${rate(raw.rps)}, ${SIGNIN_CONNECTIONS} at a time, 1 process each${signins.failed ? `, ${signins.failed} failed` : ""}`,
    detail: { signins, argon: raw },
  });
}

async function benchPages(rows: Row[], cookie: string) {
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

async function benchLists(rows: Row[], cookie: string) {
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

async function benchBundle(rows: Row[]) {
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

async function main() {
  const started = Date.now();
  database = await createDatabase();
  log(`database: ${database.kind}`);
  await seed(database, { lists: want("lists"), log });

  const portalOrigin = `http://127.0.0.1:${PORTS.portal}`;
  // As `npm start` runs it: the server bundle `npm run build` made.
  const portal = start(
    "portal",
    process.execPath,
    [...(profile ? ["--cpu-prof", "--cpu-prof-dir=.bench-profile"] : []), ".next/portal-server.mjs"],
    {
      env: {
        ...database.env,
        NODE_ENV: "production",
        PORT: String(PORTS.portal),
        LOG_LEVEL: "warn",
        DEMO_SEED: "false",
        SESSION_SECRET: randomSecret(),
        DATA_ENCRYPTION_KEY: randomSecret(),
        ALTCHA_HMAC_KEY: randomSecret(),
        CALLBACK_ALLOWED_HOSTS: "product.bench",
        APPS_CONFIG: JSON.stringify({ ls: { name: "Bench product", home: "https://product.bench/home" } }),
        // The sign-in row signs the same people in again and again; the limit is still checked each time.
        DEVICE_LIMIT: "1000000",
        REDIS_URL: process.env.BENCH_REDIS_URL ?? "",
      },
    },
  );
  procs.push(portal);
  await waitFor(portal, `${portalOrigin}/signin`);

  // The token a sibling product received on its callback, presented server-to-server.
  const product = await signIn(portalOrigin, HEAVY_EMAIL, {
    callback_url: "https://product.bench/home",
    app_code: "ls",
  });
  const token = new URL(product.redirect).searchParams.get("token");
  if (!token) throw new Error(`no token in ${product.redirect}`);

  const rows: Row[] = [];
  const { userinfo, rss } = await benchUserinfo(rows, portal, token);
  // A row that fails says so in the table; the others still run.
  const attempt = async (name: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (error) {
      log(`${name} failed: ${error instanceof Error ? error.stack : String(error)}`);
      rows.push({ row: name, result: "error", goal: "-", met: false, measured: String(error).slice(0, 200) });
    }
  };
  if (want("better-auth")) await attempt("better-auth", () => benchBetterAuth(rows, userinfo));
  if (want("signin")) await attempt("sign-in", () => benchSignIn(rows));
  if (want("bundle")) await attempt("bundle", () => benchBundle(rows));
  if (want("render")) await attempt("render", () => benchPages(rows, product.cookie));
  if (want("lists")) await attempt("lists", () => benchLists(rows, product.cookie));
  rows.push({
    row: "memory of one instance after the userinfo load",
    result: `${rss.toFixed(0)} MB`,
    goal: "≤ 300 MB",
    met: rss <= 300,
    measured: "resident set (VmRSS) of the portal process",
  });

  const header = `DESIGN §7 benchmark on ${database.kind} — ${new Date().toISOString()}, ${(await import("node:os")).cpus().length} cores, ${PEOPLE.toLocaleString("en")} people (one with ${HEAVY_ROWS.toLocaleString("en")} of each list), ${((Date.now() - started) / 1000).toFixed(0)} s`;
  if (asJson) {
    console.log(JSON.stringify({ header, database: database.kind, rows }, null, 2));
  } else {
    printTable(rows, header);
  }
  if (rows.some((r) => !r.met)) process.exitCode = 1;
}

async function cleanup() {
  for (const proc of procs.reverse()) await stop(proc);
  await database?.drop();
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 2;
  })
  .finally(async () => {
    await cleanup();
    // Nothing of the run stays behind (pools, timers): the exit code says whether every row is met.
    process.exit();
  });
