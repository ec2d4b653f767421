// The benchmark's data: its own database (created and dropped per run), the people who sign in,
// and the long lists (DESIGN §7: lists stay fast at millions of rows).
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { hash } from "@node-rs/argon2";
import { sql } from "drizzle-orm";
import { Client } from "pg";
import { openDatabase } from "@/server/db/client";

/** DESIGN §4's argon2id parameters, the ones lib/password.ts signs people in with. */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;
export const PASSWORD = "Bench-password-1";
export const PEOPLE = 10_000;
export const LIST_ROWS = 1_000_000;
/** The person whose lists are measured holds 1% of the rows, so page 50 exists and counts reach the cap. */
export const HEAVY_ROWS = 10_000;
export const HEAVY_EMAIL = "bench0@bench.test";
export const emailOf = (n: number) => `bench${n}@bench.test`;

export type BenchDatabase = {
  kind: "PostgreSQL" | "PGlite";
  /** What the portal is started with. */
  env: Record<string, string>;
  /** PostgreSQL only: the URL of the run's database (Better Auth uses its own schema in it). */
  url?: string;
  drop: () => Promise<void>;
};

/** A fresh database for this run: `bench_<time>` next to BENCH_DATABASE_URL, else a PGlite directory. */
export async function createDatabase(): Promise<BenchDatabase> {
  const base = process.env.BENCH_DATABASE_URL;
  if (!base) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "portal-bench-"));
    return { kind: "PGlite", env: { DATA_DIR: dataDir }, drop: async () => {} };
  }
  const name = `bench_${Date.now()}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    kind: "PostgreSQL",
    url: url.toString(),
    env: { DATABASE_URL: url.toString(), DATA_DIR: mkdtempSync(path.join(tmpdir(), "portal-bench-")) },
    drop: async () => {
      const client = new Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * Migrates and fills the run's database before the portal opens it (PGlite allows one process):
 * PEOPLE verified people sharing one password, then LIST_ROWS orders and LIST_ROWS credit-log rows.
 */
export async function seed(
  database: BenchDatabase,
  options: { lists: boolean; log: (line: string) => void },
): Promise<void> {
  const handle = await openDatabase(
    database.url ? { url: database.url } : { dataDir: path.join(database.env.DATA_DIR ?? "", "pglite") },
  );
  const { db } = handle;
  try {
    const passwordHash = await hash(PASSWORD, ARGON2_OPTIONS);
    const started = Date.now();
    await db.execute(sql`
      insert into users (id, email, password_hash, fullname, phone, country_code, code, is_verified,
                         is_verify_email, is_verify_phone, is_partner)
      select 'bench-u-' || g, 'bench' || g || '@bench.test', ${passwordHash}, 'Bench ' || g,
             '09' || lpad(g::text, 8, '0'), 'vn', 'bench' || g, true, true, true, g = 0
      from generate_series(0, ${PEOPLE - 1}) g`);
    if (!options.lists) return;
    // Person 0 holds HEAVY_ROWS of each list; the others share the rest (~99 each).
    const owner = sql.raw(
      `case when g < ${HEAVY_ROWS} then 'bench-u-0' else 'bench-u-' || (1 + g % ${PEOPLE - 1}) end`,
    );
    await db.execute(sql`
      insert into orders (id, user_id, app_code, reference_no, transaction_id, status, total, created_by,
                          created_at, updated_at)
      select 'bo-' || g, ${owner}, 'ls', 'BO' || g, md5('t' || g) || md5('u' || g),
             (array['PENDING', 'PAID', 'CANCEL', 'PAID_DEBIT'])[1 + g % 4], 100000 + g % 1000, 'seed',
             now() - make_interval(mins => g), now()
      from generate_series(0, ${LIST_ROWS - 1}) g`);
    await db.execute(sql`
      insert into credit_logs (id, user_id, type, balance, amount, reference_no, note, app_code, customer_id,
                               created_at)
      select 'bc-' || g, ${owner},
             (array['ADMIN_ADD', 'USER_BUY_ORDER', 'APP_DEPOSIT', 'APP_PURCHASED'])[1 + g % 4], 'credit',
             (g % 500) + 0.5, 'BC' || g, 'bench', 'ls',
             case when g % 4 = 1 then 'bench-u-' || (1 + g % ${PEOPLE - 1}) end,
             now() - make_interval(mins => g)
      from generate_series(0, ${LIST_ROWS - 1}) g`);
    // As autovacuum leaves a table at rest: statistics, and a visibility map for index-only counts.
    for (const table of ["users", "orders", "credit_logs"])
      await db.execute(sql.raw(`vacuum analyze ${table}`));
    options.log(
      `seeded ${PEOPLE} people, ${LIST_ROWS} orders and ${LIST_ROWS} credit-log rows in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  } finally {
    await handle.close();
  }
}

export const randomSecret = () => randomBytes(32).toString("base64url");
