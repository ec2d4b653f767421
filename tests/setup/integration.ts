// Each integration test file gets its own database and its own empty data dir.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { closeDatabase, installTestDatabase, openDatabase } from "@/server/db/client";

const dataDir = mkdtempSync(path.join(tmpdir(), "portal-it-"));
Object.assign(process.env, {
  NODE_ENV: "test",
  DATA_DIR: dataDir,
  ALTCHA_COST: "10",
  LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
  APPS_CONFIG: "{}",
  CALLBACK_ALLOWED_HOSTS: "app.example.com,*.family.example",
});
delete process.env.DATABASE_URL;
delete process.env.SMTP_URL;
delete process.env.REDIS_URL;

/** Refuses anything but a database on this machine: tests create and drop schemas. */
function assertLocal(url: string): void {
  const host = new URL(url).hostname;
  if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(host)) {
    throw new Error(`TEST_DATABASE_URL must point to a local database, not ${host}`);
  }
}

let schema: string | undefined;

beforeAll(async () => {
  resetEnvForTests();
  resetLimitsForTests();
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    assertLocal(url);
    schema = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    installTestDatabase(await openDatabase({ url, searchPath: schema }));
  } else {
    installTestDatabase(await openDatabase({}));
  }
});

afterAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  await closeDatabase();
  if (url && schema) {
    const { Client } = await import("pg");
    const client = new Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  }
  resetLimitsForTests();
  rmSync(dataDir, { recursive: true, force: true });
});
