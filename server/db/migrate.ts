import "server-only";
import { createHash } from "node:crypto";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { Client } from "pg";
import {
  CONNECT_TIMEOUT,
  CONNECT_TIMEOUT_MS,
  DatabaseSetupError,
  describeMigrationFailure,
} from "@/server/db/errors";

export const MIGRATIONS_DIR = path.join(process.cwd(), "server/db/migrations");

/** What one migration run did: the migrations it applied, how many are recorded now, and how long it took. */
export type MigrationReport = { applied: number; total: number; ms: number; lockWaitMs: number };

/** Both drivers answer a plain query with `{ rows }`. */
type Queryable = { query: (text: string) => Promise<{ rows: unknown[] }> };

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The advisory lock of one migrations schema: a 64-bit key from its name, so two instances of one
 * deployment wait for each other while parallel test files (each in its own schema) do not.
 */
export function migrationLockKey(migrationsSchema: string): string {
  return createHash("sha256")
    .update(`account-portal:migrations:${migrationsSchema}`)
    .digest()
    .readBigInt64BE(0)
    .toString();
}

async function countApplied(client: Queryable, migrationsSchema: string): Promise<number> {
  const table = `${quote(migrationsSchema)}.${quote("__drizzle_migrations")}`;
  const { rows } = await client.query(
    `select to_regclass('${table.replaceAll("'", "''")}') is not null as t`,
  );
  if (!(rows[0] as { t: boolean }).t) return 0;
  const counted = await client.query(`select count(*)::int as n from ${table}`);
  return Number((counted.rows[0] as { n: number }).n);
}

/**
 * Applies the committed migrations on PostgreSQL under a session advisory lock held by one
 * dedicated connection across drizzle's migrate: instances starting together on new migrations
 * queue behind the first, then find them applied (without it the second fails on `CREATE TABLE`,
 * the table being created by the first). The schema of `searchPath` is created under the lock too:
 * a concurrent `create schema if not exists` can fail on pg_namespace's unique index. The connection
 * is its own, not the pool's, so its connect time-out (a start that names an unreachable host)
 * never applies to the requests' wait for a pooled connection under load.
 */
export async function migratePostgres(options: {
  url: string;
  migrationsSchema: string;
  searchPath?: string;
}): Promise<MigrationReport> {
  const started = performance.now();
  const { Client } = await import("pg");
  const client = new Client({
    connectionString: options.url,
    options: options.searchPath ? `-c search_path=${options.searchPath}` : undefined,
    // pg's own time-out only cleans the socket up; ours, sooner, says what happened.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS + 1_000,
  });
  // A connection lost mid-run must reject the run, not crash the process as an unhandled `error`.
  client.on("error", () => {});
  await connectWithin(client, CONNECT_TIMEOUT_MS);
  const key = migrationLockKey(options.migrationsSchema);
  try {
    const asked = performance.now();
    await client.query("select pg_advisory_lock($1::bigint)", [key]);
    const lockWaitMs = performance.now() - asked;
    if (options.searchPath) await client.query(`create schema if not exists ${quote(options.searchPath)}`);
    const before = await countApplied(client, options.migrationsSchema);
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await migrate(drizzle(client), {
      migrationsFolder: MIGRATIONS_DIR,
      migrationsSchema: options.migrationsSchema,
    }).catch(rethrowDescribed);
    const total = await countApplied(client, options.migrationsSchema);
    await client.query("select pg_advisory_unlock($1::bigint)", [key]);
    return { applied: total - before, total, ms: performance.now() - started, lockWaitMs };
  } finally {
    // Ending the session releases its advisory locks, also after a failure that left the
    // connection in an aborted transaction where an explicit unlock would not run.
    await client.end().catch(() => undefined);
  }
}

async function connectWithin(client: Client, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error(`no answer within ${ms} ms`), { code: CONNECT_TIMEOUT })),
      ms,
    );
  });
  try {
    await Promise.race([client.connect(), timeout]);
  } catch (error) {
    client.end().catch(() => undefined);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** PGlite is one connection of one process: nothing to lock. */
export async function migratePglite(client: PGlite, migrationsSchema: string): Promise<MigrationReport> {
  const started = performance.now();
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const before = await countApplied(client, migrationsSchema);
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR, migrationsSchema }).catch(
    rethrowDescribed,
  );
  const total = await countApplied(client, migrationsSchema);
  return { applied: total - before, total, ms: performance.now() - started, lockWaitMs: 0 };
}

function rethrowDescribed(error: unknown): never {
  throw new DatabaseSetupError(describeMigrationFailure(error), { cause: error });
}
