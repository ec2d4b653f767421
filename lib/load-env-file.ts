// Imported first by every entry point (server.ts, scripts/admin.ts, scripts/migrate.ts): ES modules
// run their imports in order, so ENV_FILE's settings are in process.env before any module reads one
// at load (the logger's level, the database client's NODE_ENV).
import { applyEnvFile } from "./env-file";

try {
  applyEnvFile();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
