// DESIGN §9: with DATABASE_URL and REDIS_URL the app keeps no state between requests. Two
// instances of the built app on two ports share one PostgreSQL and one Redis: a session, a rate
// limit and the device limit hold across both. Runs where CI provides PostgreSQL
// (TEST_DATABASE_URL) and Redis (REDIS_URL, default the machine's 127.0.0.1:6379).
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { openSync } from "node:fs";
import { createConnection } from "node:net";
import { expect, test } from "@playwright/test";
import pg from "pg";

const BASE_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const PORTS = [3320, 3321] as const;
// Rate limits live in the shared Redis across runs: this run's requests come from an address of its own.
const CLIENT_IP = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const origin = (port: number) => `http://localhost:${port}`;

function redisUp(): Promise<boolean> {
  const url = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = createConnection({ host: url.hostname, port: Number(url.port || 6379) });
    socket.once("connect", () => {
      socket.end();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function waitUp(port: number): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      const r = await fetch(`${origin(port)}/2.0/auth/userinfo`, { method: "POST" });
      if (r.status === 401) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`instance on ${port} did not start`);
}

async function call(port: number, path: string, body: unknown, cookie = "") {
  const r = await fetch(`${origin(port)}/2.0${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: origin(port),
      cookie,
      "user-agent": `agent-${port}`,
      "x-forwarded-for": CLIENT_IP,
    },
    body: JSON.stringify(body),
  });
  const cookies = r.headers.getSetCookie().map((c) => c.split(";")[0] ?? "");
  return {
    status: r.status,
    body: (await r.json()) as { code: number; data: Record<string, unknown> },
    cookie: cookies.join("; "),
  };
}

test.describe("two instances on one PostgreSQL and one Redis", () => {
  // One worker runs these in order: they share the two instances (fixed ports) started once.
  test.describe.configure({ mode: "default" });
  const instances: ChildProcess[] = [];
  let database = "";
  const password = "Velvet-Otter-Lantern-47";
  const email = `scale-${randomBytes(4).toString("hex")}@example.com`;

  test.beforeAll(async () => {
    // A machine without PostgreSQL and Redis (the README's embedded default) cannot run two
    // stateless instances; CI has both and runs it.
    test.skip(
      !BASE_URL || !(await redisUp()),
      "needs TEST_DATABASE_URL (PostgreSQL) and a reachable REDIS_URL",
    );
    test.setTimeout(180_000);
    database = `portal_scale_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: BASE_URL });
    await admin.connect();
    await admin.query(`create database "${database}"`);
    await admin.end();
    const url = new URL(BASE_URL ?? "");
    url.pathname = `/${database}`;
    const secrets = {
      SESSION_SECRET: randomBytes(32).toString("hex"),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
      ALTCHA_HMAC_KEY: randomBytes(32).toString("hex"),
    };
    for (const port of PORTS) {
      // The server `npm start` runs, from the build the web server of this run just made.
      const child = spawn(process.execPath, [".next/portal-server.mjs"], {
        env: {
          ...process.env,
          ...secrets,
          NODE_ENV: "production",
          PORT: String(port),
          DATABASE_URL: url.toString(),
          REDIS_URL,
          DEVICE_LIMIT: "2",
          // Codes go to the file outbox, as the spec reads them (no mail server in this test).
          OUTBOX_IN_PRODUCTION: "1",
          DATA_DIR: `/tmp/${database}-${port}`,
          LOG_LEVEL: "error",
          DEMO_SEED: "0",
          TRUST_PROXY: "1",
        },
        // Each instance's log beside its data, for when a run fails.
        stdio: [
          "ignore",
          openSync(`/tmp/${database}-${port}.log`, "w"),
          openSync(`/tmp/${database}-${port}.log`, "a"),
        ],
        // Its own process group, stopped as one.
        detached: true,
      });
      instances.push(child);
      // The first applies the migrations; the second starts on a ready schema.
      await waitUp(port);
    }
    // An account to sign in with, written straight into the shared database.
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const { hash } = await import("@node-rs/argon2");
    await db.query(
      `insert into users (id, email, password_hash, fullname, phone, country_code, is_verified, is_verify_email, code)
       values ($1, $2, $3, 'Scale Person', '0912345678', 'vn', true, true, $4)`,
      [
        `scale${randomBytes(6).toString("hex")}`,
        email,
        await hash(password, { algorithm: 2, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 }),
        `scale-${randomBytes(3).toString("hex")}`,
      ],
    );
    await db.end();
  });

  test.afterAll(async () => {
    for (const child of instances) if (child.pid) process.kill(-child.pid, "SIGTERM");
    if (!database || !BASE_URL) return;
    await new Promise((r) => setTimeout(r, 1000));
    const admin = new pg.Client({ connectionString: BASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists "${database}" with (force)`);
    await admin.end();
  });

  test("a session from one instance works on the other, and signing out on it ends it everywhere", async () => {
    const [a, b] = PORTS;
    const signin = await call(a, "/auth/signin", { email, password });
    expect(signin.body, JSON.stringify(signin.body)).toMatchObject({ code: 200 });
    // The cookie was made for A's origin; the same cookie presented to B (same secret) is the same session.
    const onB = await call(b, "/auth/userinfo", {}, signin.cookie);
    expect(onB.body.data.email).toBe(email);
    await call(b, "/auth/logout", {}, signin.cookie);
    const onA = await call(a, "/auth/userinfo", {}, signin.cookie);
    expect(onA.status).toBe(401);
  });

  test("a session revoked on one instance is refused at once by the other, which had it cached", async () => {
    const [a, b] = PORTS;
    const signin = await call(a, "/auth/signin", { email, password });
    expect(signin.body, JSON.stringify(signin.body)).toMatchObject({ code: 200 });
    // A answers userinfo from its in-process cache after the first lookup (DESIGN §7).
    expect((await call(a, "/auth/userinfo", {}, signin.cookie)).body.data.email).toBe(email);
    expect((await call(a, "/auth/userinfo", {}, signin.cookie)).status).toBe(200);
    // Signing out on B tells A through Redis before B answers.
    expect((await call(b, "/auth/logout", {}, signin.cookie)).status).toBe(200);
    const onA = await call(a, "/auth/userinfo", {}, signin.cookie);
    expect(onA.status).toBe(401);
  });

  test("the device limit counts sessions made on both instances", async () => {
    const [a, b] = PORTS;
    await call(a, "/auth/signin", { email, password });
    await call(b, "/auth/signin", { email, password });
    const third = await call(a, "/auth/signin", { email, password });
    expect(third.status).toBe(503);
    expect(third.body.data.error).toBe("DEVICE_LIMIT_EXCEEDED");
  });

  test("a rate limit spent on one instance holds on the other", async () => {
    const [a, b] = PORTS;
    const target = `nobody-${randomBytes(3).toString("hex")}@example.com`;
    const statuses: number[] = [];
    // LIMITS.signinEmail: 10 tries per 15 minutes per email, shared through Redis.
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await call(i % 2 === 0 ? a : b, "/auth/signin", { email: target, password: "Wrong@1234" })).status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
