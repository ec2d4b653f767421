import "server-only";
import { mkdirSync, statSync } from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Pool } from "pg";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";

export type Db = PgDatabase<PgQueryResultHKT>;
/** A database or an open transaction: repositories accept either. */
export type Executor = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

export const MIGRATIONS_DIR = path.join(process.cwd(), "server/db/migrations");

/** `pool` is node-postgres's pool with DATABASE_URL (its counts feed /metrics); PGlite has none. */
type Handle = { db: Db; close: () => Promise<void>; pool?: Pool };
// Next can load this module twice (route bundle and page bundle) and the custom server loads
// it once more from source: the process must still hold one PGlite instance.
const globalForDb = globalThis as unknown as {
  __portalDb?: Promise<Handle>;
  __portalJournal?: string;
  /** The database of `__portalDb`, as one promise per handle (not a new one per call). */
  __portalDbOf?: { handle: Promise<Handle>; db: Promise<Db> };
};
/** Read once: every /2.0 call asks for the database, and each process.env read is a lookup in C++. */
const IS_DEV = process.env.NODE_ENV === "development";

/** Opens PostgreSQL (a pool) or PGlite at `dataDir` and applies the committed migrations. */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  searchPath?: string;
}): Promise<Handle> {
  const migrationsSchema = options.searchPath ?? "drizzle";
  if (options.url) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new Pool({
      connectionString: options.url,
      max: 10,
      options: options.searchPath ? `-c search_path=${options.searchPath}` : undefined,
    });
    // An idle connection PostgreSQL closes (a restart, a failover) leaves the pool by itself; without
    // a listener its error would be thrown as an uncaught exception.
    pool.on("error", (error) =>
      logger.warn({ err: error }, "idle database connection lost; the pool replaces it"),
    );
    if (options.searchPath) await pool.query(`create schema if not exists "${options.searchPath}"`);
    const db = drizzle(pool);
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR, migrationsSchema });
    return { db: db as unknown as Db, close: () => pool.end(), pool };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite(options.dataDir);
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR, migrationsSchema });
  return { db: db as unknown as Db, close: () => client.close() };
}

/** The process's database, opened on first use with migrations applied. */
export function getDb(): Promise<Db> {
  if (!globalForDb.__portalDb) {
    if (process.env.NEXT_PHASE === "phase-production-build") {
      throw new Error("The database must not be opened during `next build`.");
    }
    const { DATABASE_URL, DATA_DIR } = env();
    globalForDb.__portalDb = DATABASE_URL
      ? openDatabase({ url: DATABASE_URL })
      : openDatabase({ dataDir: path.resolve(DATA_DIR, "pglite") });
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
    try {
      const { migrate } = env().DATABASE_URL
        ? await import("drizzle-orm/node-postgres/migrator")
        : await import("drizzle-orm/pglite/migrator");
      await migrate(handle.db as never, { migrationsFolder: MIGRATIONS_DIR, migrationsSchema: "drizzle" });
    } catch (error) {
      logger.error({ err: error }, "a new migration could not be applied; restart the dev server");
    }
    return handle;
  });
}

/** Tests install their own database (fresh PGlite or a private PostgreSQL schema). */
export function installTestDatabase(handle: Handle | undefined): void {
  globalForDb.__portalDb = handle ? Promise.resolve(handle) : undefined;
}

export async function closeDatabase(): Promise<void> {
  const handle = await globalForDb.__portalDb;
  globalForDb.__portalDb = undefined;
  await handle?.close();
}
