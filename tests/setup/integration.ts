// Each integration test file gets its own database and its own empty data dir.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { closeDatabase, installTestDatabase, openDatabase } from "@/server/db/client";
import { assertLocal, databaseUrl } from "./database-template";

const dataDir = mkdtempSync(path.join(tmpdir(), "portal-it-"));
Object.assign(process.env, {
  NODE_ENV: "test",
  DATA_DIR: dataDir,
  ALTCHA_COST: "10",
  // The code sign-in's answer floor (800 ms) is one test's subject, which sets it; the rest need not wait.
  CODE_SIGNIN_MIN_ANSWER_MS: "20",
  LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
  APPS_CONFIG: "{}",
  CALLBACK_ALLOWED_HOSTS: "app.example.com,*.family.example",
});
delete process.env.DATABASE_URL;
delete process.env.SMTP_URL;
delete process.env.REDIS_URL;

/** This file's PostgreSQL database (a copy of the run's migrated template), dropped after it. */
let database: { url: string; name: string } | undefined;

beforeAll(async () => {
  resetEnvForTests();
  resetLimitsForTests();
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    assertLocal(url);
    // The run's migrated template (tests/setup/database-template.ts), copied: a database of this
    // file's own, already migrated. Named after the template, so the run's teardown finds leftovers.
    const template = inject("postgresTemplate");
    const name = `${template.replace("template_", "")}_${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
    await adminQuery(url, `create database "${name}" template "${template}"`);
    database = { url: databaseUrl(url, name), name };
    // Tests that open a second pool (a second instance) on the same database read it here.
    process.env.INTEGRATION_DATABASE_URL = database.url;
    installTestDatabase(await openDatabase({ url: database.url }));
  } else {
    // The run's migrated dump: the same database a fresh PGlite would have after the migrations.
    const template = inject("pgliteTemplate");
    installTestDatabase(await openDatabase({ loadDataDir: new Blob([readFileSync(template)]) }));
  }
});

async function adminQuery(url: string, text: string): Promise<void> {
  const { Client } = await import("pg");
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  await closeDatabase();
  if (url && database) await adminQuery(url, `drop database if exists "${database.name}" with (force)`);
  resetLimitsForTests();
  rmSync(dataDir, { recursive: true, force: true });
});
