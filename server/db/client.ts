import "server-only";
import { mkdirSync, statSync } from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Pool } from "pg";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import { lockDataDir } from "@/server/db/data-dir-lock";
import { DatabaseSetupError, describeConnectionError } from "@/server/db/errors";
import { MIGRATIONS_DIR, type MigrationReport, migratePglite, migratePostgres } from "@/server/db/migrate";

export type Db = PgDatabase<PgQueryResultHKT>;
/** A database or an open transaction: repositories accept either. */
export type Executor = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

type Handle = {
  db: Db;
  close: () => Promise<void>;
  /** node-postgres's pool with DATABASE_URL (its counts feed /metrics); PGlite has none. */
  pool?: Pool;
  /** Applies the committed migrations not applied yet (under the advisory lock on PostgreSQL). */
  migrate: () => Promise<MigrationReport>;
  /** Where drizzle records the applied migrations (readiness counts them there). */
  migrationsSchema: string;
  /** The run at open, unless it was asked not to migrate. */
  migrations?: MigrationReport;
};
// Next can load this module twice (route bundle and page bundle) and the custom server loads
// it once more from source: the process must still hold one PGlite instance.
const globalForDb = globalThis as unknown as {
  __portalDb?: Promise<Handle>;
  __portalJournal?: string;
  /** The database of `__portalDb`, as one promise per handle (not a new one per call). */
  __portalDbOf?: { handle: Promise<Handle>; db: Promise<Db> };
  __portalMigrationsSchema?: string;
};
/** Read once: every /2.0 call asks for the database, and each process.env read is a lookup in C++. */
const IS_DEV = process.env.NODE_ENV === "development";

/**
 * Opens PostgreSQL (a pool) or PGlite at `dataDir` and, unless `migrate` is false
 * (MIGRATE_ON_START=false, migrations being a deployment step of their own), applies the committed
 * migrations.
 */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  searchPath?: string;
  /**
   * PGlite in memory started from this dump of a data directory (PGlite's dumpDataDir) instead of
   * an empty one: the integration tests make one migrated dump per run, because an empty PGlite's
   * initdb and the migrations cost seconds per test file.
   */
  loadDataDir?: Blob;
  migrate?: boolean;
  /** The setting a start-up error names (tests open TEST_DATABASE_URL). */
  setting?: string;
}): Promise<Handle> {
  const migrationsSchema = options.searchPath ?? "drizzle";
  const handle = options.url
    ? await openPostgres(options.url, options.searchPath)
    : await openPglite(options.dataDir, migrationsSchema, options.loadDataDir);
  if (options.migrate === false) return handle;
  try {
    return { ...handle, migrations: await handle.migrate() };
  } catch (error) {
    await handle.close().catch(() => undefined);
    if (error instanceof DatabaseSetupError || !options.url) throw error;
    throw new DatabaseSetupError(
      describeConnectionError(error, { setting: options.setting ?? "DATABASE_URL", url: options.url }),
      { cause: error },
    );
  }
}

async function openPostgres(url: string, searchPath: string | undefined): Promise<Handle> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new Pool({
    connectionString: url,
    max: 10,
    options: searchPath ? `-c search_path=${searchPath}` : undefined,
  });
  // An idle connection PostgreSQL closes (a restart, a failover) leaves the pool by itself; without
  // a listener its error would be thrown as an uncaught exception.
  pool.on("error", (error) =>
    logger.warn({ err: error }, "idle database connection lost; the pool replaces it"),
  );
  const migrationsSchema = searchPath ?? "drizzle";
  return {
    db: drizzle(pool) as unknown as Db,
    close: () => pool.end(),
    pool,
    migrate: () => migratePostgres({ url, migrationsSchema, searchPath }),
    migrationsSchema,
  };
}

async function openPglite(
  dataDir: string | undefined,
  migrationsSchema: string,
  loadDataDir: Blob | undefined,
): Promise<Handle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // One process per data directory (server/db/data-dir-lock.ts): a second one is refused, naming the first.
  const unlock = dataDir && !loadDataDir ? lockDataDir(dataDir) : () => undefined;
  let client: InstanceType<typeof PGlite>;
  try {
    client = loadDataDir ? new PGlite({ loadDataDir }) : new PGlite(dataDir);
    await client.waitReady;
  } catch (error) {
    unlock();
    throw error;
  }
  return {
    db: drizzle(client) as unknown as Db,
    close: () => client.close().finally(unlock),
    migrate: () => migratePglite(client, migrationsSchema),
    migrationsSchema,
  };
}

/** The process's database, opened on first use with migrations applied. */
export function getDb(): Promise<Db> {
  if (!globalForDb.__portalDb) {
    if (process.env.NEXT_PHASE === "phase-production-build") {
      throw new Error("The database must not be opened during `next build`.");
    }
    const { DATABASE_URL, DATA_DIR, MIGRATE_ON_START } = env();
    globalForDb.__portalDb = DATABASE_URL
      ? openDatabase({ url: DATABASE_URL, migrate: MIGRATE_ON_START })
      : openDatabase({ dataDir: path.resolve(DATA_DIR, "pglite"), migrate: MIGRATE_ON_START });
    globalForDb.__portalDb.catch(() => {
      globalForDb.__portalDb = undefined;
    });
  }
  if (IS_DEV) applyNewMigrationsInDev(globalForDb.__portalDb);
  const handle = globalForDb.__portalDb;
  if (globalForDb.__portalDbOf?.handle !== handle)
    globalForDb.__portalDbOf = { handle, db: handle.then((h) => h.db) };
  return globalForDb.__portalDbOf.db;
}

/** The process's PostgreSQL pool, once the database is open; undefined on PGlite. */
export async function databasePool(): Promise<Pool | undefined> {
  return (await globalForDb.__portalDb)?.pool;
}

/** When the migrations' journal was last seen by this process ("" when it cannot be read). */
function journalStamp(): string {
  try {
    const stat = statSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"));
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return "";
  }
}

/**
 * `next dev` keeps its database open across code reloads, so a migration added while it runs
 * would otherwise wait for a restart while the new code already reads its columns: the next call
 * after the journal changes applies it (the migrator skips what is applied).
 */
function applyNewMigrationsInDev(opened: Promise<Handle>): void {
  const stamp = journalStamp();
  if (stamp === globalForDb.__portalJournal) return;
  globalForDb.__portalJournal = stamp;
  globalForDb.__portalDb = opened.then(async (handle) => {
    if (!env().MIGRATE_ON_START) return handle;
    try {
      await handle.migrate();
    } catch (error) {
      logger.error({ err: error }, "a new migration could not be applied; restart the dev server");
    }
    return handle;
  });
}

/** Tests install their own database (fresh PGlite or a private PostgreSQL schema). */
export function installTestDatabase(handle: Handle | undefined): void {
  globalForDb.__portalDb = handle ? Promise.resolve(handle) : undefined;
  globalForDb.__portalMigrationsSchema = handle?.migrationsSchema;
}

/** Where the process's database records its migrations: `drizzle`, or a test's private schema. */
export function migrationsSchemaInUse(): string {
  return globalForDb.__portalMigrationsSchema ?? "drizzle";
}

export async function closeDatabase(): Promise<void> {
  const handle = await globalForDb.__portalDb;
  globalForDb.__portalDb = undefined;
  globalForDb.__portalMigrationsSchema = undefined;
  await handle?.close();
}
