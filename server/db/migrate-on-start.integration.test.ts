// MIGRATE_ON_START=false: the process opens its database without migrating (migrations are then a
// deployment step of their own, `npm run migrate`), and /readyz names the missing ones.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { closeDatabase, getDb } from "@/server/db/client";
import { readiness } from "@/server/ops/health";

describe("MIGRATE_ON_START=false", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "portal-nomigrate-"));
  afterAll(async () => {
    await closeDatabase();
    rmSync(dataDir, { recursive: true, force: true });
    delete process.env.MIGRATE_ON_START;
    resetEnvForTests();
  });

  it("opens the database without migrating, and readiness answers 503's body: migrations missing", async () => {
    // Away from the test database the setup installed: a fresh embedded one of this test's own.
    await closeDatabase();
    process.env.DATA_DIR = dataDir;
    process.env.MIGRATE_ON_START = "false";
    resetEnvForTests();
    const db = await getDb();
    // A fresh PGlite's first query waits for its start (seconds on a busy machine): readiness gives
    // the database 2 s, and this test is about the migrations it finds, not about a cold start.
    await db.execute(sql`select 1`);
    const result = await readiness(db);
    expect(result.ready).toBe(false);
    expect(result.checks.database).toBe("ok");
    expect(result.checks.migrations).toMatch(/^0 of \d+ applied$/);
  });
});
