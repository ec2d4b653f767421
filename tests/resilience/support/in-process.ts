// The parts that call /2.0 through `dispatch` in this process (as tests/setup/integration.ts does):
// a fresh PGlite, or a private schema of the local PostgreSQL when one answers.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { resetEnvForTests } from "@/lib/env";
import { resetLimitsForTests } from "@/lib/rate-limit";
import { closeDatabase, installTestDatabase, openDatabase } from "@/server/db/client";
import { portalSettings } from "./config";

export const LOCAL_PG = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

/** True when `url` is a PostgreSQL on this machine that accepts a connection within 2 s. */
export async function postgresAnswers(url: string): Promise<boolean> {
  const host = new URL(url).hostname;
  if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(host)) return false;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export type InProcess = { database: "PostgreSQL" | "PGlite"; dataDir: string; close: () => Promise<void> };

/** Configures the process like a portal and installs a fresh database for `dispatch`. */
export async function openInProcess(
  options: { postgres?: boolean; env?: Record<string, string> } = {},
): Promise<InProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "portal-resilience-"));
  Object.assign(process.env, portalSettings({ port: 4000, webhook: "http://127.0.0.1:9/webhook" }), {
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DEMO_SEED: "0",
    LOG_LEVEL: "error",
    ...options.env,
  });
  delete process.env.DATABASE_URL;
  delete process.env.SMTP_URL;
  delete process.env.REDIS_URL;
  delete process.env.TRUST_PROXY;
  resetEnvForTests();
  resetLimitsForTests();
  let schema: string | undefined;
  const usePostgres = options.postgres === true && (await postgresAnswers(LOCAL_PG));
  if (usePostgres) {
    schema = `r_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    installTestDatabase(await openDatabase({ url: LOCAL_PG, searchPath: schema }));
  } else {
    installTestDatabase(await openDatabase({}));
  }
  return {
    database: usePostgres ? "PostgreSQL" : "PGlite",
    dataDir,
    close: async () => {
      await closeDatabase();
      if (schema) {
        const client = new pg.Client({ connectionString: LOCAL_PG });
        await client.connect();
        await client.query(`drop schema if exists "${schema}" cascade`);
        await client.end();
      }
      resetLimitsForTests();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
