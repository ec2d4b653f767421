// Better Auth, the comparison of the userinfo row: its own tables (schema `better_auth`) on the
// run's PostgreSQL, served by a plain node:http server as its docs show. Started by its row in
// scripts/bench/rows.ts.
import { createServer } from "node:http";
import { betterAuth } from "better-auth";
import { getMigrations } from "better-auth/db/migration";
import { toNodeHandler } from "better-auth/node";
import { Pool } from "pg";

const url = process.env.BA_DATABASE_URL;
const port = Number(process.env.PORT);
if (!url || !port) throw new Error("BA_DATABASE_URL and PORT are required");

const setup = new Pool({ connectionString: url });
await setup.query("create schema if not exists better_auth");
await setup.end();

const auth = betterAuth({
  database: new Pool({ connectionString: url, max: 10, options: "-c search_path=better_auth" }),
  secret: process.env.BA_SECRET,
  baseURL: `http://127.0.0.1:${port}`,
  emailAndPassword: { enabled: true },
  logger: { disabled: true },
  // The portal's userinfo has no per-client limit either: both serve every request they are sent.
  rateLimit: { enabled: false },
});
const { runMigrations } = await getMigrations(auth.options);
await runMigrations();

createServer(toNodeHandler(auth)).listen(port, "127.0.0.1");
