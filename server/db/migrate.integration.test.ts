// Migrations under a PostgreSQL advisory lock: instances starting together on new migrations queue
// behind the first and find them applied. PostgreSQL only: PGlite is one connection of one process.
import { readdirSync } from "node:fs";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "@/server/db/client";
import { MIGRATIONS_DIR, migrationLockKey } from "@/server/db/migrate";

const url = process.env.TEST_DATABASE_URL;
const expected = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith(".sql")).length;
const freshSchema = () => `m_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;

// PostgreSQL only: the advisory lock and concurrent opens need several connections (PGlite has one).
describe.skipIf(!url)("migrations on PostgreSQL", () => {
  const schemas: string[] = [];
  afterEach(async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    for (const schema of schemas.splice(0)) await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  });

  it("three instances opening an empty schema at once all start, and the migrations are applied once", async () => {
    const schema = freshSchema();
    schemas.push(schema);
    const handles = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ url: url as string, searchPath: schema })),
    );
    try {
      const applied = handles.map((h) => h.migrations?.applied);
      // One applied them all; the others waited on the lock and found nothing left to do.
      expect(applied.toSorted()).toEqual([0, 0, expected]);
      for (const h of handles) expect(h.migrations?.total).toBe(expected);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query(
        `select count(*)::int as n, count(distinct hash)::int as d from "${schema}".__drizzle_migrations`,
      );
      await client.end();
      expect(rows[0]).toEqual({ n: expected, d: expected });
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  });

  it("waits while another holder has the schema's lock, and goes on once it is released", async () => {
    const schema = freshSchema();
    schemas.push(schema);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query("select pg_advisory_lock($1::bigint)", [migrationLockKey(schema)]);
    let opened = false;
    const opening = openDatabase({ url: url as string, searchPath: schema }).then((h) => {
      opened = true;
      return h;
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(opened).toBe(false);
    } finally {
      await holder.query("select pg_advisory_unlock($1::bigint)", [migrationLockKey(schema)]);
      await holder.end();
    }
    const handle = await opening;
    expect(handle.migrations?.applied).toBe(expected);
    expect(handle.migrations?.lockWaitMs).toBeGreaterThanOrEqual(900);
    await handle.close();
  });

  it("names PostgreSQL's error, its code and the statement's first line when a migration fails", async () => {
    const schema = freshSchema();
    schemas.push(schema);
    // A table of the first migration already there: its CREATE TABLE fails.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`create schema "${schema}"; create table "${schema}".flow_tokens (id text)`);
    await client.end();
    const failure = await openDatabase({ url: url as string, searchPath: schema }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).toBe(
      'migration failed: 42P07 relation "flow_tokens" already exists (statement: CREATE TABLE "flow_tokens" ()',
    );
    expect(message).not.toContain("Failed query");
  });
});

describe("the lock's key", () => {
  it("is one 64-bit key per migrations schema", () => {
    expect(migrationLockKey("drizzle")).toBe(migrationLockKey("drizzle"));
    expect(migrationLockKey("drizzle")).not.toBe(migrationLockKey("t_abc"));
    const key = BigInt(migrationLockKey("drizzle"));
    expect(key >= -(2n ** 63n) && key < 2n ** 63n).toBe(true);
  });
});
