// The server's own start (server.ts, as npm start runs it from source) stops at once with one line
// naming the setting and the cause, not drizzle's `Failed query: CREATE SCHEMA …`.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(tmpdir(), "portal-start-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const start = (settings: Record<string, string>) =>
  run("npx", ["tsx", "--tsconfig", "tsconfig.server.json", "server.ts"], {
    timeout: 60_000,
    env: {
      NODE_ENV: "production",
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      // 3450-3469: this suite's range (it never gets as far as listening).
      PORT: "3454",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      SESSION_SECRET: "s".repeat(32),
      DATA_ENCRYPTION_KEY: "d".repeat(32),
      ALTCHA_HMAC_KEY: "a".repeat(32),
      // Production on PostgreSQL without SMTP_URL is refused before any connection (finding 4):
      // these starts are about what comes after.
      OUTBOX_IN_PRODUCTION: "1",
      ...settings,
    },
  }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );

// Nothing here uses the test database: it runs once, in the PGlite pass of the integration suite
// (each start compiles server.ts from source, about 10 s).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("npm start's start-up errors", () => {
  it("PostgreSQL refusing the connection: DATABASE_URL, the address, no password", async () => {
    const result = await start({ DATABASE_URL: "postgres://postgres:hunter22@127.0.0.1:3455/portal" });
    expect(result.code).toBe(1);
    expect(result.err).toBe("DATABASE_URL: connection refused at 127.0.0.1:3455\n");
  }, 90_000);

  it("reads ENV_FILE as the command line does (issue 35, finding 5)", async () => {
    const file = path.join(dataDir, "portal.env");
    writeFileSync(file, "# the operator's file\nREDIS_URL=localhost:6379\n");
    const result = await start({ ENV_FILE: file });
    expect(result.code).toBe(1);
    expect(result.err).toContain("REDIS_URL: not a redis:// or rediss:// URL");
    const missing = await start({ ENV_FILE: path.join(dataDir, "missing.env") });
    expect(missing.code).toBe(1);
    expect(missing.err).toContain(`ENV_FILE: cannot read ${path.join(dataDir, "missing.env")} (ENOENT)`);
  }, 90_000);

  it("a malformed REDIS_URL is refused with the other settings", async () => {
    const result = await start({ REDIS_URL: "localhost:6379" });
    expect(result.code).toBe(1);
    expect(result.err).toContain("REDIS_URL: not a redis:// or rediss:// URL");
  }, 90_000);
});
