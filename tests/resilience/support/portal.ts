// The built portal as the parts that need a real server run it: one Next build into its own folder
// (never `.next`, which others use) and the server bundle `npm start` runs, then that bundle under
// plain node on a free port with its own data dir, database and Redis database, killed as a whole
// process group. Not `tsx server.ts`: tsx relays a SIGTERM to its child and SIGKILLs it when the
// child does not acknowledge within 30 ms, which a child busy with 40 sign-ins misses (the drained
// shutdown of part 8 then looked like resets).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import { startFlags } from "@/scripts/start-flags";
import { portalSettings } from "./config";

export const ROOT = path.resolve(import.meta.dirname, "../../..");
/** Its own build folder; CI points it at `.next`, which the end-to-end run has just built from the same sources. */
export const DIST_DIR = process.env.RESILIENCE_DIST_DIR || ".next-resilience";
const PG_ADMIN = "postgres://postgres@127.0.0.1:5432/postgres";
const SOURCES = ["app", "components", "lib", "server", "i18n", "messages", "proxy.ts", "next.config.ts"];
const SOURCE_FILES = ["package-lock.json", "postcss.config.mjs", "tsconfig.json"];
/** What `npm run build` writes beside the Next build and `npm start` runs (scripts/build-server.mjs). */
const SERVER_BUNDLE = "portal-server.mjs";

function newestMtime(entry: string): number {
  const full = path.join(ROOT, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(full)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

/**
 * Builds the app into `.next-resilience` unless that build is newer than every source. Two steps
 * (`compile`, then `generate`) instead of one plain `next build`: a plain build rewrites
 * tsconfig.json's `include` for the other dist folder and type-checks the whole checkout (others'
 * work in progress too); these two modes do neither.
 */
export function ensureBuilt(): { built: boolean; seconds: number } {
  const started = Date.now();
  const marker = path.join(ROOT, DIST_DIR, "BUILD_ID");
  const sourcesAt = Math.max(...[...SOURCES, ...SOURCE_FILES, "server.ts"].map(newestMtime));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_DIST_DIR: DIST_DIR,
    NEXT_TELEMETRY_DISABLED: "1",
    NODE_ENV: "production",
  };
  const bundle = path.join(ROOT, DIST_DIR, SERVER_BUNDLE);
  const bundleFresh = () => existsSync(bundle) && statSync(bundle).mtimeMs > sourcesAt;
  const buildBundle = () => {
    const result = spawnSync(process.execPath, ["scripts/build-server.mjs"], {
      cwd: ROOT,
      env,
      encoding: "utf8",
    });
    if (result.status !== 0) throw new Error(`the server bundle failed:\n${result.stdout}\n${result.stderr}`);
  };
  if (existsSync(marker) && statSync(marker).mtimeMs > sourcesAt) {
    if (bundleFresh()) return { built: false, seconds: 0 };
    buildBundle();
    return { built: true, seconds: (Date.now() - started) / 1000 };
  }
  for (const mode of ["compile", "generate"]) {
    const result = spawnSync(
      path.join(ROOT, "node_modules/.bin/next"),
      ["build", "--experimental-build-mode", mode],
      { cwd: ROOT, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    );
    if (result.status !== 0) {
      throw new Error(`next build (${mode}) failed:\n${`${result.stdout}\n${result.stderr}`.slice(-4000)}`);
    }
  }
  buildBundle();
  return { built: true, seconds: (Date.now() - started) / 1000 };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A fresh database on the local PostgreSQL; `drop()` removes it (closing what is still connected). */
export async function createDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:5432/${name}`,
    drop: async () => {
      const client = new pg.Client({ connectionString: PG_ADMIN });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

/**
 * A Redis database of its own (index 9–15 of the local Redis, emptied first): rate-limit keys are
 * per IP and live 15 minutes, so a part must not inherit another part's (or run's) budgets.
 */
export async function freshRedisDb(index: number): Promise<string> {
  const url = `redis://127.0.0.1:6379/${index}`;
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  await redis.flushdb();
  redis.disconnect();
  return url;
}

export type Portal = {
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  env: Record<string, string>;
  /** Everything the process printed (JSON log lines and plain lines). */
  output: string[];
  isAlive: () => boolean;
  /** `kill -9` of the whole process group. */
  kill9: () => Promise<void>;
  /** SIGTERM (graceful), then SIGKILL after 15 s. */
  stop: () => Promise<void>;
  /** Waits until the process exits (or `ms` pass); true when it exited. */
  waitExit: (ms: number) => Promise<boolean>;
};

export type PortalOptions = {
  databaseUrl?: string;
  redisUrl?: string;
  port?: number;
  dataDir?: string;
  /** The sales app's event receiver (APPS_CONFIG ls.webhook). */
  webhook?: string;
  env?: Record<string, string>;
  /** How long /readyz may take to answer 200. */
  readyTimeoutMs?: number;
};

/** Starts the server bundle on the built app, as `npm start` does, and waits for /readyz. */
export async function startPortal(options: PortalOptions = {}): Promise<Portal> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "portal-resilience-"));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: process.env.HOME ?? "/root",
    ...portalSettings({ port, webhook: options.webhook ?? "http://127.0.0.1:9/webhook" }),
    NEXT_DIST_DIR: DIST_DIR,
    NEXT_TELEMETRY_DISABLED: "1",
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    ...options.env,
  };
  const child: ChildProcess = spawn(process.execPath, [...startFlags(), path.join(DIST_DIR, SERVER_BUNDLE)], {
    cwd: ROOT,
    env: env as NodeJS.ProcessEnv,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n"))
      if (line.trim() && output.length < 20_000) output.push(line);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const pid = child.pid ?? 0;
  const isAlive = () => child.exitCode === null && child.signalCode === null;
  const waitExit = async (ms: number) => {
    if (!isAlive()) return true;
    return Promise.race([
      exited.then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), ms)),
    ]);
  };
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // already gone
    }
  };
  const portal: Portal = {
    url: `http://127.0.0.1:${port}`,
    port,
    pid,
    dataDir,
    env,
    output,
    isAlive,
    waitExit,
    kill9: async () => {
      signalGroup("SIGKILL");
      await waitExit(10_000);
    },
    stop: async () => {
      if (!isAlive()) return;
      signalGroup("SIGTERM");
      if (!(await waitExit(15_000))) {
        signalGroup("SIGKILL");
        await waitExit(5_000);
      }
    },
  };
  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`the portal exited while starting:\n${output.slice(-40).join("\n")}`);
    try {
      const response = await fetch(`${portal.url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return portal;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  await portal.kill9();
  throw new Error(`the portal was not ready within the time limit:\n${output.slice(-40).join("\n")}`);
}

/** Removes a data dir a portal used. */
export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
