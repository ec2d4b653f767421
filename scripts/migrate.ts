// `npm run migrate`: applies the committed migrations as a deployment step of its own (a job before
// the new release starts, with MIGRATE_ON_START=false on the servers), prints what it did and exits:
// 0 when every migration is applied, 1 with PostgreSQL's own error when one fails.
//
// It reads only DATABASE_URL and DATA_DIR, not the whole configuration: a migration job must not
// need the session secrets or the vendors' keys to run.

import "@/lib/load-env-file";
import path from "node:path";
import { parseDatabaseEnv } from "@/lib/env";
import { openDatabase } from "@/server/db/client";

async function main(): Promise<string> {
  const settings = parseDatabaseEnv(process.env);
  const url = settings.DATABASE_URL;
  const dataDir = path.resolve(settings.DATA_DIR, "pglite");
  const handle = await openDatabase(url ? { url } : { dataDir });
  await handle.close();
  const report = handle.migrations;
  if (!report) throw new Error("openDatabase did not migrate");
  const where = url ? "PostgreSQL" : `PGlite in ${dataDir}`;
  const waited =
    report.lockWaitMs >= 1 ? `, ${Math.round(report.lockWaitMs)} ms of it waiting for the lock` : "";
  return `migrate: applied ${report.applied} migration${report.applied === 1 ? "" : "s"} in ${Math.round(report.ms)} ms${waited} (${report.total} recorded on ${where})`;
}

main().then(
  (line) => {
    console.log(line);
    process.exit(0);
  },
  (error: unknown) => {
    console.error(`migrate: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
