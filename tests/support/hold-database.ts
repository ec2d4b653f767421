// A process that holds the portal's database open as the server does (ENV_FILE, env(), getDb()),
// for the command line's tests (scripts/admin-with-server.integration.test.ts): it prints
// `ready <pid>`, answers `packages` (the catalog's app/code pairs) and `find <email>` on stdin with
// what its own open database sees, and on SIGTERM closes the database and exits 0 as the server does.
// A stand-in for `npm start` that needs no build: what matters here is the open database.
import "@/lib/load-env-file";
import { createInterface } from "node:readline";
import { packagesExport } from "@/server/admin/commerce";
import { findPerson } from "@/server/admin/service";
import { closeDatabase, getDb } from "@/server/db/client";

const db = await getDb();
process.on("SIGTERM", () => {
  closeDatabase().finally(() => process.exit(0));
});
console.log(`ready ${process.pid}`);
for await (const line of createInterface({ input: process.stdin })) {
  const [command, argument] = line.trim().split(/\s+/);
  try {
    if (command === "packages")
      console.log(JSON.stringify((await packagesExport(db)).map((p) => `${p.app_code}/${p.code}`)));
    else if (command === "find" && argument) console.log(JSON.stringify(await findPerson(db, argument)));
    else console.log(JSON.stringify({ error: `unknown ${line}` }));
  } catch (error) {
    console.log(JSON.stringify({ error: (error as Error).message }));
  }
}
