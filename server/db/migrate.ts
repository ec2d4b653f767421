import "server-only";
import { createHash } from "node:crypto";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { Pool, PoolClient } from "pg";
import { DatabaseSetupError, describeMigrationFailure } from "@/server/db/errors";

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
 * connection across drizzle's migrate: instances starting together on new migrations queue behind
 * the first, then find them applied (without it the second fails on `CREATE TABLE`, the table being
 * created by the first). The schema of `searchPath` is created under the lock too: a concurrent
 * `create schema if not exists` can fail on pg_namespace's unique index.
 */
export async function migratePostgres(
  pool: Pool,
  options: { migrationsSchema: string; createSchema?: string },
): Promise<MigrationReport> {
  const started = performance.now();
  const client: PoolClient = await pool.connect();
  const key = migrationLockKey(options.migrationsSchema);
  let failed = false;
  try {
    const asked = performance.now();
    await client.query("select pg_advisory_lock($1::bigint)", [key]);
    const lockWaitMs = performance.now() - asked;
    try {
      if (options.createSchema)
        await client.query(`create schema if not exists ${quote(options.createSchema)}`);
      const before = await countApplied(client, options.migrationsSchema);
      const { drizzle } = await import("drizzle-orm/node-postgres");
      const { migrate } = await import("drizzle-orm/node-postgres/migrator");
      await migrate(drizzle(client), {
        migrationsFolder: MIGRATIONS_DIR,
        migrationsSchema: options.migrationsSchema,
      }).catch(rethrowDescribed);
      const total = await countApplied(client, options.migrationsSchema);
      return { applied: total - before, total, ms: performance.now() - started, lockWaitMs };
    } finally {
      await client.query("select pg_advisory_unlock($1::bigint)", [key]);
    }
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // After a failure the connection may still hold the lock or sit in an aborted state: closing it
    // ends its session, and PostgreSQL drops a session's advisory locks with it.
    client.release(failed);
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
