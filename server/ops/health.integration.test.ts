// Readiness says whether this instance should get traffic: Redis away degrades it (named, counted
// and logged once), it never takes it out of the load balancer.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createServer, Socket } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { logger } from "@/lib/logger";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { getDb } from "@/server/db/client";
import { resetDependenciesForTests } from "@/server/ops/dependencies";
import { readiness } from "@/server/ops/health";
import { metrics } from "@/server/ops/metrics";

/** A port nothing listens on: bound by the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function gauge(dependency: string): Promise<number | undefined> {
  const { values } = await metrics().dependencyUp.get();
  return values.find((v) => v.labels.dependency === dependency)?.value;
}

function pointRedisAt(url: string): void {
  process.env.REDIS_URL = url;
  resetEnvForTests();
  resetLimitsForTests();
  resetDependenciesForTests();
}

const logged = (spy: { mock: { calls: unknown[][] } }, text: string) =>
  spy.mock.calls.filter((call) => call.some((arg) => typeof arg === "string" && arg.includes(text)));

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("GET /readyz with Redis", () => {
  beforeEach(() => {
    vi.spyOn(logger, "warn");
    vi.spyOn(logger, "info");
  });
  afterEach(() => {
    vi.restoreAllMocks();
    delete process.env.REDIS_URL;
    resetEnvForTests();
    resetLimitsForTests();
    resetDependenciesForTests();
  });

  it("stays ready with Redis unreachable, names it degraded, sets the gauge to 0 and warns once", async () => {
    pointRedisAt(`redis://127.0.0.1:${await closedPort()}`);
    const db = await getDb();
    for (let i = 0; i < 4; i++) {
      const result = await readiness(db);
      expect(result.ready).toBe(true);
      expect(result.degraded).toEqual(["redis"]);
      expect(result.checks.database).toBe("ok");
      expect(result.checks.migrations).toBe("ok");
      expect(result.checks.redis).not.toBe("ok");
    }
    expect(await gauge("redis")).toBe(0);
    expect(await gauge("database")).toBe(1);
    expect(logged(vi.mocked(logger.warn), "redis unreachable")).toHaveLength(1);
    expect(logged(vi.mocked(logger.info), "redis is back")).toHaveLength(0);
  });

  const hasRedisServer = spawnSync("redis-server", ["--version"]).status === 0;
  // Starts and stops a redis-server of its own: skipped on a machine without the binary.
  it.skipIf(!hasRedisServer)(
    "logs one warning when its own Redis goes away and one info line when it is back",
    async () => {
      // A port of each integration pass's own: the PGlite and PostgreSQL passes run side by side.
      const port = process.env.TEST_DATABASE_URL ? 6448 : 6447;
      let server = await startRedis(port);
      try {
        pointRedisAt(`redis://127.0.0.1:${port}`);
        const db = await getDb();
        const up = await until(
          () => readiness(db),
          (r) => r.checks.redis === "ok",
        );
        expect(up).toMatchObject({ ready: true, checks: { redis: "ok" } });
        expect(up.degraded).toBeUndefined();
        expect(await gauge("redis")).toBe(1);

        await stopRedis(server);
        await until(
          () => readiness(db),
          (r) => r.degraded?.includes("redis") === true,
        );
        for (let i = 0; i < 4; i++) {
          const down = await readiness(db);
          expect(down.ready).toBe(true);
          expect(down.degraded).toEqual(["redis"]);
        }
        expect(await gauge("redis")).toBe(0);

        server = await startRedis(port);
        const back = await until(
          () => readiness(db),
          (r) => r.checks.redis === "ok",
        );
        expect(back.checks.redis).toBe("ok");
        for (let i = 0; i < 3; i++) expect((await readiness(db)).degraded).toBeUndefined();
        expect(await gauge("redis")).toBe(1);
        expect(logged(vi.mocked(logger.warn), "redis unreachable")).toHaveLength(1);
        expect(logged(vi.mocked(logger.info), "redis is back")).toHaveLength(1);
      } finally {
        await stopRedis(server);
      }
    },
    60_000,
  );
});

/** A throw-away Redis of this test only (never the machine's on 6379): no disk, killed after. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  const deadline = Date.now() + 10_000;
  while (!(await answers(port))) {
    if (Date.now() > deadline) throw new Error(`redis-server on ${port} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.connect(port, "127.0.0.1");
  });
}
