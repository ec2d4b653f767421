// `npm run bench` (after `npm run build`): DESIGN §7 budgets as ratios, measured in one run.
//  1. /2.0/auth/userinfo through `npm start`'s fast path vs a bare node:http hello world
//     (goal ≥ 0.25×).
//  2. First-load JS of /signin (gzip of its scripts) vs the budget of an empty App Router page
//     (≈132 KiB here) + 10 KiB.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

const DURATION_MS = Number(process.env.BENCH_MS ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const EMPTY_PAGE_KIB = 132;

/** Requests per second with CONCURRENCY keep-alive loops for DURATION_MS. */
async function load(
  port: number,
  method: string,
  urlPath: string,
  headers: Record<string, string>,
  body = "",
) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let done = 0;
  let failed = 0;
  const end = Date.now() + DURATION_MS;
  const one = () =>
    new Promise<void>((resolve) => {
      const req = request({ port, host: "127.0.0.1", method, path: urlPath, headers, agent }, (res) => {
        res.resume();
        res.on("end", () => {
          if (res.statusCode === 200) done++;
          else failed++;
          resolve();
        });
      });
      req.on("error", () => {
        failed++;
        resolve();
      });
      req.end(body);
    });
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) await one();
    }),
  );
  agent.destroy();
  return { rps: done / ((Date.now() - started) / 1000), failed };
}

async function waitFor(url: string, timeoutMs = 120_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not come up`);
}

async function main() {
  // Bare node:http in its own process, as the app runs in its own.
  const helloPort = 3391;
  const hello = spawn(process.execPath, [
    "-e",
    `require("http").createServer((q,s)=>{s.end("hello")}).listen(${helloPort})`,
  ]);
  await waitFor(`http://127.0.0.1:${helloPort}/`);
  const bare = await load(helloPort, "GET", "/", {});
  hello.kill();

  const appPort = 3392;
  const dataDir = mkdtempSync(path.join(tmpdir(), "portal-bench-"));
  const app: ChildProcess = spawn("npm", ["start"], {
    env: {
      ...process.env,
      PORT: String(appPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      CALLBACK_ALLOWED_HOSTS: "product.bench",
    },
    stdio: "ignore",
    detached: true,
  });
  try {
    await waitFor(`http://127.0.0.1:${appPort}/signin`);
    await waitFor(`http://127.0.0.1:${appPort}/2.0/captcha/challenge`);
    const demo = JSON.parse(readFileSync(path.join(dataDir, "demo-account.json"), "utf8"));
    const signin = await fetch(`http://127.0.0.1:${appPort}/2.0/auth/signin`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...demo, callback_url: "https://product.bench/home", app_code: "ls" }),
    });
    // The token a sibling product received on its callback, presented server-to-server.
    const redirect = ((await signin.json()) as { data: { redirect_url: string } }).data.redirect_url;
    const token = new URL(redirect).searchParams.get("token") ?? "";
    const userinfo = await load(
      appPort,
      "POST",
      "/2.0/auth/userinfo",
      { "content-type": "application/json", authorization: token },
      "{}",
    );
    const cookie = signin.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const browser = await load(
      appPort,
      "POST",
      "/2.0/auth/userinfo",
      { "content-type": "application/json", cookie, origin: `http://127.0.0.1:${appPort}` },
      "{}",
    );

    const html = await (await fetch(`http://127.0.0.1:${appPort}/signin`)).text();
    const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1] ?? "");
    let gzipBytes = 0;
    for (const src of new Set(scripts)) {
      const body = Buffer.from(await (await fetch(`http://127.0.0.1:${appPort}${src}`)).arrayBuffer());
      gzipBytes += gzipSync(body).length;
    }
    const kib = gzipBytes / 1024;

    console.log(`bare node:http hello      ${bare.rps.toFixed(0)} req/s`);
    console.log(`/2.0/auth/userinfo (fast) ${userinfo.rps.toFixed(0)} req/s (${userinfo.failed} failed)`);
    console.log(`ratio userinfo/bare       ${(userinfo.rps / bare.rps).toFixed(3)}  (goal ≥ 0.25)`);
    console.log(
      `  same call, browser cookie ${browser.rps.toFixed(0)} req/s, ratio ${(browser.rps / bare.rps).toFixed(3)}`,
    );
    console.log(`/signin first-load JS     ${kib.toFixed(1)} KiB gzip in ${new Set(scripts).size} scripts`);
    console.log(
      `ratio to budget           ${(kib / (EMPTY_PAGE_KIB + 10)).toFixed(3)}  (budget ${EMPTY_PAGE_KIB} + 10 KiB; ≤ 1 meets it)`,
    );
  } finally {
    if (app.pid) process.kill(-app.pid, "SIGTERM");
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
