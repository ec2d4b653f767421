// `npm run migrate` as a deployment step runs it: a real process on a database of its own, created
// on the local PostgreSQL for this test and dropped after. Skipped without TEST_DATABASE_URL.
import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import { type AddressInfo, createServer, type Socket } from "node:net";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_DIR } from "@/server/db/migrate";

const run = promisify(execFile);
const adminUrl = process.env.TEST_DATABASE_URL;
const expected = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith(".sql")).length;

/** The command with only the settings it reads (a job's environment), and what it printed. */
const migrate = (env: Record<string, string>) =>
  run("npx", ["tsx", "--tsconfig", "tsconfig.server.json", "scripts/migrate.ts"], {
    env: {
      NODE_ENV: "production",
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      LOG_LEVEL: "silent",
      ...env,
    },
  }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );

async function admin<T>(work: (client: pg.Client) => Promise<T>, database?: string): Promise<T> {
  const url = new URL(adminUrl as string);
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

// PostgreSQL only: it creates and drops a database of its own, which PGlite cannot.
describe.skipIf(!adminUrl)("npm run migrate", () => {
  const database = `portal_migrate_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const databaseUrl = () => {
    const url = new URL(adminUrl as string);
    url.pathname = `/${database}`;
    return url.toString();
  };
  beforeAll(() => admin((c) => c.query(`create database "${database}"`)));
  afterAll(() => admin((c) => c.query(`drop database if exists "${database}" with (force)`)));

  it("applies every migration and exits 0, then finds none left; a failing one exits 1 naming PostgreSQL's error", async () => {
    const first = await migrate({ DATABASE_URL: databaseUrl() });
    expect(first.err).toBe("");
    expect(first.code).toBe(0);
    expect(first.out).toMatch(
      new RegExp(
        `^migrate: applied ${expected} migrations in \\d+ ms.* \\(${expected} recorded on PostgreSQL\\)\\n$`,
      ),
    );

    const again = await migrate({ DATABASE_URL: databaseUrl() });
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/^migrate: applied 0 migrations in \d+ ms/);

    // Forget the record while the tables stay: the first CREATE TABLE meets its table.
    await admin((c) => c.query("delete from drizzle.__drizzle_migrations"), database);
    const failed = await migrate({ DATABASE_URL: databaseUrl() });
    expect(failed.code).toBe(1);
    expect(failed.out).toBe("");
    expect(failed.err.trim()).toBe(
      'migrate: migration failed: 42P07 relation "flow_tokens" already exists (statement: CREATE TABLE "flow_tokens" ()',
    );
  }, 120_000);
});

// Both integration passes run these, side by side (scripts/test-phases.mjs): no fixed port is listened on.
describe("npm run migrate's start-up errors: one line naming DATABASE_URL and the cause, exit 1", () => {
  it("connection refused, without the URL's password", async () => {
    // 3452: in this suite's own range, nothing listens there.
    const result = await migrate({ DATABASE_URL: "postgres://postgres:hunter22@127.0.0.1:3452/portal" });
    expect(result.code).toBe(1);
    expect(result.err).toBe("migrate: DATABASE_URL: connection refused at 127.0.0.1:3452\n");
  }, 60_000);

  it("not a postgres:// URL, refused before any connection", async () => {
    const result = await migrate({ DATABASE_URL: "notaurl" });
    expect(result.code).toBe(1);
    expect(result.err).toContain("DATABASE_URL: not a postgres:// URL");
  }, 60_000);

  it("a host that takes the connection and never answers: a time-out naming it", async () => {
    // Accepts and stays silent, as a black-holed or overloaded host does.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    // Any free port: the two integration passes run side by side.
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const started = Date.now();
      const result = await migrate({ DATABASE_URL: `postgres://postgres:hunter22@127.0.0.1:${port}/portal` });
      expect(result.code).toBe(1);
      expect(result.err).toBe(
        `migrate: DATABASE_URL: no answer from 127.0.0.1:${port} within 10 s (time-out)\n`,
      );
      expect(Date.now() - started).toBeGreaterThanOrEqual(10_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 60_000);

  // Needs the local PostgreSQL to name a database that does not exist there.
  it.skipIf(!adminUrl)(
    "an unknown database on the local PostgreSQL",
    async () => {
      const url = new URL(adminUrl as string);
      url.pathname = "/portal_no_such_database";
      const result = await migrate({ DATABASE_URL: url.toString() });
      expect(result.code).toBe(1);
      expect(result.err).toBe('migrate: DATABASE_URL: database "portal_no_such_database" does not exist\n');
    },
    60_000,
  );
});
