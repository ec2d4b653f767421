// Vitest global set-up of the integration project: the migrations are applied once per run, to a
// template each test file's database is copied from (tests/setup/integration.ts), instead of once
// per file (issue 34). On this machine an empty PGlite's initdb and the 16 migrations took 4–6 s of
// CPU per file, and the migrations on a fresh PostgreSQL schema about 2 s; there are ~75 files.
// - PGlite: one migrated data directory, dumped to a file; each file's PGlite loads it.
// - PostgreSQL: one migrated database; each file gets `CREATE DATABASE … TEMPLATE` of it.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite: the migrated dump's path. */
    pgliteTemplate: string;
    /** PostgreSQL: the migrated template database's name. */
    postgresTemplate: string;
  }
}

/** The name of every database a test file copies from the template: the teardown drops them. */
export const TEST_DATABASE_PREFIX = "portal_it_";

/** `url` with its database replaced by `database`. */
export function databaseUrl(url: string, database: string): string {
  const out = new URL(url);
  out.pathname = `/${database}`;
  return out.toString();
}

/** Refuses anything but a database on this machine: the tests create and drop databases. */
export function assertLocal(url: string): void {
  const host = new URL(url).hostname;
  if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(host)) {
    throw new Error(`TEST_DATABASE_URL must point to a local database, not ${host}`);
  }
}

async function pgliteTemplate(migrationsFolder: string): Promise<{ file: string; drop: () => void }> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const dir = mkdtempSync(path.join(tmpdir(), "portal-it-template-"));
  const file = path.join(dir, "pglite.tar");
  const pg = new PGlite();
  await migrate(drizzle(pg), { migrationsFolder, migrationsSchema: "drizzle" });
  const dump = await pg.dumpDataDir("none");
  await pg.close();
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return { file, drop: () => rmSync(dir, { recursive: true, force: true }) };
}

async function postgresTemplate(url: string, migrationsFolder: string) {
  const { Client } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const name = `${TEST_DATABASE_PREFIX}template_${randomBytes(4).toString("hex")}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  // Migrated through a connection of its own, closed before any copy: PostgreSQL copies a
  // template only while nobody is connected to it.
  const client = new Client({ connectionString: databaseUrl(url, name) });
  await client.connect();
  await migrate(drizzle(client), { migrationsFolder, migrationsSchema: "drizzle" });
  await client.end();
  return {
    name,
    /** The template and every copy of it this run made (a file that failed may have left its own). */
    drop: async () => {
      const { rows } = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like $1",
        [`${TEST_DATABASE_PREFIX}%`],
      );
      const runId = name.slice(-8);
      for (const { datname } of rows)
        if (datname === name || datname.startsWith(`${TEST_DATABASE_PREFIX}${runId}_`))
          await admin.query(`drop database if exists "${datname}" with (force)`);
      await admin.end();
    },
  };
}

export default async function setup(project: TestProject) {
  const migrationsFolder = path.join(project.config.root, "server/db/migrations");
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    assertLocal(url);
    const template = await postgresTemplate(url, migrationsFolder);
    project.provide("pgliteTemplate", "");
    project.provide("postgresTemplate", template.name);
    return template.drop;
  }
  const template = await pgliteTemplate(migrationsFolder);
  project.provide("pgliteTemplate", template.file);
  project.provide("postgresTemplate", "");
  return template.drop;
}
