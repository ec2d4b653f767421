// `npm run bench` (after `npm run build`): DESIGN §7's budgets as ratios measured in one run.
// It starts everything it compares (bare node:http, the portal, Better Auth, raw argon2id, an
// empty Next app) and prints one table; `npm run bench -- --json` prints the same as JSON.
// On PostgreSQL when BENCH_DATABASE_URL is set (a fresh database per run, dropped at the end),
// else on PGlite. Ports 3390–3399.
import { benchPageMemory } from "./bench/memory";
import { start, stop, waitFor } from "./bench/procs";
import {
  benchBetterAuth,
  benchBundle,
  benchLists,
  benchPages,
  benchSignIn,
  benchUserinfo,
} from "./bench/rows";
import { asJson, log, PORTS, procs, profile, startFlags, want } from "./bench/run";
import {
  type BenchDatabase,
  createDatabase,
  HEAVY_EMAIL,
  HEAVY_ROWS,
  PASSWORD,
  PEOPLE,
  randomSecret,
  seed,
} from "./bench/seed";
import { printTable, type Row } from "./bench/table";

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

async function main() {
  const started = Date.now();
  database = await createDatabase();
  log(`database: ${database.kind}`);
  log(`portal: node ${[...startFlags(), ".next/portal-server.mjs"].join(" ")} (${process.version})`);
  await seed(database, { lists: want("lists"), log });

  const portalOrigin = `http://127.0.0.1:${PORTS.portal}`;
  // As `npm start` runs it: the server bundle `npm run build` made.
  const portal = start(
    "portal",
    process.execPath,
    [
      ...startFlags(),
      ...(profile ? ["--cpu-prof", "--cpu-prof-dir=.bench-profile"] : []),
      ".next/portal-server.mjs",
    ],
    {
      env: {
        ...database.env,
        NODE_ENV: "production",
        PORT: String(PORTS.portal),
        LOG_LEVEL: "warn",
        DEMO_SEED: "false",
        // No mail server in a bench: on PostgreSQL the outbox must be said to be meant.
        OUTBOX_IN_PRODUCTION: "1",
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
  if (want("better-auth")) await attempt("better-auth", () => benchBetterAuth(rows, userinfo, database?.url));
  if (want("signin")) await attempt("sign-in", () => benchSignIn(rows, database?.url));
  if (want("bundle")) await attempt("bundle", () => benchBundle(rows));
  if (want("render")) await attempt("render", () => benchPages(rows, product.cookie));
  if (want("lists")) await attempt("lists", () => benchLists(rows, product.cookie));
  if (want("memory")) await attempt("memory", () => benchPageMemory(rows, portal, product.cookie, token));
  rows.push({
    row: "memory of one instance after the userinfo load",
    result: `${rss.toFixed(0)} MB`,
    goal: "≤ 300 MB",
    met: rss <= 300,
    measured: "resident set (VmRSS) of the portal process",
  });

  const header = `DESIGN §7 benchmark on ${database.kind}, Node ${process.version} (${startFlags().join(" ") || "no flags"}) — ${new Date().toISOString()}, ${(await import("node:os")).cpus().length} cores, ${PEOPLE.toLocaleString("en")} people (one with ${HEAVY_ROWS.toLocaleString("en")} of each list), ${((Date.now() - started) / 1000).toFixed(0)} s`;
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
