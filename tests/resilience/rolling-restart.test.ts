// Part 10, a rolling restart behind each documented proxy (issue 35, finding 7): two built portals on
// one PostgreSQL database, nginx and then HAProxy in front with the configurations the README points
// to (deploy/proxy/, only addresses and ports changed), a bounded closed-loop load through the proxy,
// and each portal in turn stopped with SIGTERM (its drain), started again on its port and let back
// into rotation. Every answer must be a 2xx, nothing reset, and no POST replayed: the orders the
// database holds are exactly the ones answered 200 (an order call carries no idempotency key here,
// so a replay by the proxy would add a second order).
// scripts/container-test.sh runs this file again with ROLLING_IMAGE set: the replicas are then
// containers of the project's image, behind compose.yaml's proxy (HAProxy, ROLLING_PROXIES=haproxy).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "@/server/db/client";
import { orderLines } from "@/server/db/tables/commerce";
import { PRODUCT } from "./support/config";
import { type Replica, startContainerPortal } from "./support/container";
import { api, type HttpAnswer, sleep } from "./support/http";
import {
  createDatabase,
  ensureBuilt,
  freePort,
  freshRedisDb,
  type PortalOptions,
  ROOT,
  startPortal,
} from "./support/portal";
import { printTable, RESILIENCE_ENABLED } from "./support/report";
import { type SeededPerson, seedPeople } from "./support/seed";

const CLIENTS = 6;
const PEOPLE = 120;
/** The documented default: HAProxy's 2 s check takes a draining replica out well within it. */
const DRAIN_SECONDS = 5;
/** The image whose containers are the replicas (container-test.sh); unset, built processes are. */
const IMAGE = process.env.ROLLING_IMAGE;
/** nginx's `fail_timeout` (deploy/proxy/nginx.conf). */
const NGINX_FAIL_TIMEOUT_MS = 5_000;
const PROXIES = (process.env.ROLLING_PROXIES ?? "nginx,haproxy").split(",") as ("nginx" | "haproxy")[];

type Proxy = {
  name: "nginx" | "haproxy";
  url: string;
  /** Resolves once the proxy sends traffic to `server` again. */
  backInRotation: (server: string) => Promise<void>;
  output: string[];
  stop: () => Promise<void>;
};

function spawnProxy(command: string, args: string[]): { child: ChildProcess; output: string[] } {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n"))
      if (line.trim() && output.length < 5000) output.push(line);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return { child, output };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  await Promise.race([exited, sleep(5_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

async function waitListening(url: string, child: ChildProcess, output: string[]): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the proxy exited:\n${output.join("\n")}`);
    try {
      await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) });
      return;
    } catch {
      await sleep(200);
    }
  }
  throw new Error(`the proxy did not listen:\n${output.join("\n")}`);
}

/** deploy/proxy/nginx.conf with the replicas' addresses, a loopback listener and its files in `dir`. */
export function nginxConfig(ports: [number, number], listen: number, dir: string): string {
  const shipped = readFileSync(path.join(ROOT, "deploy/proxy/nginx.conf"), "utf8");
  const rendered = shipped
    .replace("server portal-1:3000", `server 127.0.0.1:${ports[0]}`)
    .replace("server portal-2:3000", `server 127.0.0.1:${ports[1]}`)
    .replace("listen 80;", `listen 127.0.0.1:${listen};`)
    .replace(
      "\nhttp {\n",
      [
        "\nhttp {",
        "  access_log off;",
        ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
          (kind) => `  ${kind}_temp_path ${path.join(dir, kind)};`,
        ),
        "",
      ].join("\n"),
    );
  if (
    rendered === shipped ||
    !rendered.includes(`127.0.0.1:${ports[1]}`) ||
    !rendered.includes(`:${listen};`)
  )
    throw new Error("deploy/proxy/nginx.conf no longer has the lines this test adapts");
  return `daemon off;\nuser root;\npid ${path.join(dir, "nginx.pid")};\nerror_log stderr warn;\n${rendered}`;
}

/** deploy/proxy/haproxy.cfg with the replicas' addresses (no container DNS) and an admin socket. */
export function haproxyConfig(ports: [number, number], listen: number, socket: string): string {
  const shipped = readFileSync(path.join(ROOT, "deploy/proxy/haproxy.cfg"), "utf8");
  const rendered = shipped
    .replace(/^resolvers docker\n(?:[ \t]+.*\n)+/m, "")
    .replace(" resolvers docker init-addr last,libc,none", "")
    .replace("global\n", `global\n  stats socket ${socket} level admin\n`)
    .replace("bind :80", `bind 127.0.0.1:${listen}`)
    .replace("server portal-1 portal-1:3000", `server portal-1 127.0.0.1:${ports[0]}`)
    .replace("server portal-2 portal-2:3000", `server portal-2 127.0.0.1:${ports[1]}`);
  if (
    rendered.includes("resolvers") ||
    !rendered.includes(`127.0.0.1:${ports[1]}`) ||
    !rendered.includes(socket)
  )
    throw new Error("deploy/proxy/haproxy.cfg no longer has the lines this test adapts");
  return rendered;
}

/** One command to HAProxy's admin socket. */
function haproxyCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = createConnection(socket);
    let answer = "";
    connection.on("data", (chunk) => {
      answer += chunk.toString("utf8");
    });
    connection.on("end", () => resolve(answer));
    connection.on("error", reject);
    connection.write(`${command}\n`);
  });
}

async function startNginx(ports: [number, number]): Promise<Proxy> {
  const dir = mkdtempSync(path.join(tmpdir(), "portal-nginx-"));
  const listen = await freePort();
  const file = path.join(dir, "nginx.conf");
  writeFileSync(file, nginxConfig(ports, listen, dir));
  const check = spawnSync("nginx", ["-t", "-c", file], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${check.stderr}`);
  const { child, output } = spawnProxy("nginx", ["-c", file]);
  const url = `http://127.0.0.1:${listen}`;
  await waitListening(url, child, output);
  return {
    name: "nginx",
    url,
    // Open-source nginx has no active checks: a replica that refused a connection (the request
    // went to the other, even a POST: nothing was sent) is tried again after its fail_timeout.
    backInRotation: async () => {
      await sleep(NGINX_FAIL_TIMEOUT_MS + 1_000);
    },
    output,
    stop: () => stopChild(child),
  };
}

async function startHaproxy(ports: [number, number]): Promise<Proxy> {
  const dir = mkdtempSync(path.join(tmpdir(), "portal-haproxy-"));
  const listen = await freePort();
  const socket = path.join(dir, "admin.sock");
  const file = path.join(dir, "haproxy.cfg");
  writeFileSync(file, haproxyConfig(ports, listen, socket));
  const check = spawnSync("haproxy", ["-c", "-f", file], { encoding: "utf8" });
  if (check.status !== 0)
    throw new Error(`haproxy -c refused the configuration:\n${check.stdout}${check.stderr}`);
  const { child, output } = spawnProxy("haproxy", ["-db", "-f", file]);
  const url = `http://127.0.0.1:${listen}`;
  await waitListening(url, child, output);
  const isUp = async (server: string) => {
    const stats = await haproxyCommand(socket, "show stat").catch(() => "");
    const row = stats.split("\n").find((line) => line.startsWith(`portal,${server},`));
    return row?.split(",")[17] === "UP";
  };
  const backInRotation = async (server: string) => {
    const deadline = Date.now() + 30_000;
    while (!(await isUp(server))) {
      if (Date.now() > deadline) throw new Error(`HAProxy never took ${server} back`);
      await sleep(250);
    }
  };
  await backInRotation("portal-1");
  await backInRotation("portal-2");
  return {
    name: "haproxy",
    url,
    backInRotation,
    output,
    stop: () => stopChild(child),
  };
}

type Outcome = { kind: string; status: number; error?: string; ms: number };

describe.skipIf(!RESILIENCE_ENABLED)("resilience 10: a rolling restart behind nginx and HAProxy", () => {
  const portals: Replica[] = [];
  let database: { url: string; drop: () => Promise<void> };
  let handle: { db: Db; close: () => Promise<void> };
  let people: SeededPerson[] = [];
  let options: PortalOptions;
  let ports: [number, number];

  beforeAll(async () => {
    for (const binary of ["nginx", "haproxy"]) {
      if (spawnSync("sh", ["-c", `command -v ${binary}`]).status !== 0)
        throw new Error(`${binary} is not installed (.ci/run installs it: scripts/ensure-packages.sh)`);
    }
    if (!IMAGE) ensureBuilt();
    database = await createDatabase("resilience_rolling");
    options = {
      databaseUrl: database.url,
      redisUrl: await freshRedisDb(12),
      env: {
        DEMO_SEED: "0",
        TRUST_PROXY: "1",
        // Every request reaches the portal from the proxy's one address.
        RATE_LIMIT_IP_SCALE: "1000",
        SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
        SHUTDOWN_GRACE_SECONDS: "20",
      },
    };
    ports = [await freePort(), await freePort()];
    portals.push(await startReplica(0));
    portals.push(await startReplica(1));
    handle = await openDatabase({ url: database.url });
    people = await seedPeople(handle.db, PEOPLE, "rolling", 700_000);
  });

  afterAll(async () => {
    for (const portal of portals) await portal.kill9();
    await handle?.close();
    await database?.drop();
  });

  /** Closed-loop clients through the proxy until `stop` resolves. */
  async function load(proxy: Proxy, tag: string, stop: AbortSignal) {
    const outcomes: Outcome[] = [];
    let created = 0;
    let n = 0;
    const note = (kind: string, answer: HttpAnswer) => {
      const ok =
        answer.status >= 200 && answer.status < 300 && (kind === "page" || answer.body?.code === 200);
      outcomes.push({
        kind,
        status: answer.status,
        ms: answer.ms,
        ...(ok ? {} : { error: answer.error ?? `${answer.status} ${answer.text.slice(0, 100)}` }),
      });
      return ok;
    };
    const client = async (c: number) => {
      while (!stop.aborted) {
        n += 1;
        const person = people[(n * 7 + c) % people.length] as SeededPerson;
        const call = { ip: person.ip, timeoutMs: 15_000 };
        switch (n % 5) {
          case 0: {
            const started = performance.now();
            try {
              const response = await fetch(`${proxy.url}/signin`, { signal: AbortSignal.timeout(15_000) });
              const text = await response.text();
              note("page", { status: response.status, text, ms: performance.now() - started } as HttpAnswer);
            } catch (error) {
              const cause = (error as { cause?: { code?: string } }).cause?.code;
              note("page", {
                status: 0,
                text: "",
                ms: performance.now() - started,
                error: cause ?? String(error),
              } as HttpAnswer);
            }
            break;
          }
          case 1: {
            const answer = await api(
              proxy.url,
              "/order/create",
              {
                token: person.token,
                lines: [
                  { store_id: `${tag}-${n}`, store_name: "Rolling shop", package_code: "PRO", months: 1 },
                ],
              },
              { ...call, headers: { authorization: `Bearer ${PRODUCT.apiKey}`, origin: "" } },
            );
            if (note("order", answer)) created += 1;
            break;
          }
          case 2:
            note(
              "my-order",
              await api(proxy.url, "/order/my-order", { limit: 20 }, { ...call, cookie: person.cookie }),
            );
            break;
          default:
            note(
              "userinfo",
              await api(
                proxy.url,
                "/auth/userinfo",
                {},
                { ...call, headers: { authorization: person.token } },
              ),
            );
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
    return { outcomes, created };
  }

  function startReplica(index: 0 | 1): Promise<Replica> {
    const port = ports[index];
    if (!IMAGE) return startPortal({ ...options, port });
    return startContainerPortal(IMAGE, {
      port,
      databaseUrl: database.url,
      redisUrl: options.redisUrl ?? "",
      env: options.env ?? {},
    });
  }

  async function restart(index: 0 | 1): Promise<number> {
    const old = portals[index] as Replica;
    const started = Date.now();
    await old.stop();
    if (old.isAlive()) throw new Error(`portal-${index + 1} did not exit after SIGTERM`);
    portals[index] = await startReplica(index);
    return (Date.now() - started) / 1000;
  }

  for (const which of PROXIES) {
    it(`${which}: restarting both replicas one after the other answers every request 2xx, none replayed`, async () => {
      const proxy = which === "nginx" ? await startNginx(ports) : await startHaproxy(ports);
      const tag = `rolling-${which}-${Date.now().toString(36)}`;
      const stop = new AbortController();
      const running = load(proxy, tag, stop.signal);
      const restarts: number[] = [];
      try {
        await sleep(2_000);
        for (const index of [0, 1] as const) {
          restarts.push(await restart(index));
          await proxy.backInRotation(`portal-${index + 1}`);
        }
        await sleep(2_000);
      } finally {
        stop.abort();
      }
      const { outcomes, created } = await running;
      await proxy.stop();
      const stored = await handle.db.$count(orderLines, like(orderLines.storeId, `${tag}-%`));
      const failed = outcomes.filter((o) => o.error);
      const byKind = new Map<string, number>();
      for (const o of outcomes) byKind.set(o.kind, (byKind.get(o.kind) ?? 0) + 1);
      printTable(`Part 10 — rolling restart of two ${IMAGE ? "containers" : "replicas"} behind ${which}`, [
        { figure: "requests through the proxy", value: outcomes.length },
        { figure: "by call", value: [...byKind].map(([k, v]) => `${k}×${v}`).join(", ") },
        { figure: "not 2xx or reset", value: failed.length },
        {
          figure: "first failures",
          value: failed
            .slice(0, 3)
            .map((f) => `${f.kind}: ${f.error}`)
            .join(" | "),
        },
        {
          figure: "the proxy's error lines",
          value: proxy.output.filter((line) => /error|refused|reset|upstream/i.test(line)).length,
        },
        { figure: "orders answered 200 / stored", value: `${created} / ${stored}` },
        {
          figure: "stop → ready again (s), per replica",
          value: restarts.map((s) => s.toFixed(1)).join(", "),
        },
      ]);
      const errorLines = proxy.output.filter((line) => /error|refused|reset|upstream/i.test(line));
      if (errorLines.length > 0)
        console.log(`${which}'s error lines:\n${errorLines.slice(0, 12).join("\n")}`);
      expect(failed.slice(0, 5)).toEqual([]);
      expect(stored).toBe(created);
      expect(outcomes.length).toBeGreaterThan(200);
    });
  }
});
