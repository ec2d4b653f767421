import path from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;
const alias = {
  "@": root,
  // Outside Next's bundler there is no client bundle to guard.
  "server-only": path.join(root, "lib/server-only-shim.ts"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["**/*.test.ts"],
          exclude: ["**/*.integration.test.ts", "node_modules/**", ".next*/**", "tests/resilience/**"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["**/*.integration.test.ts"],
          exclude: ["node_modules/**", ".next*/**", "tests/resilience/**"],
          environment: "node",
          setupFiles: ["tests/setup/integration.ts"],
          globalSetup: ["tests/setup/database-template.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite instances are heavy: a few files at a time.
          maxWorkers: 2,
          // Files share a worker's modules instead of importing the whole server again per file (406 s
          // of a 828 s PGlite pass went to imports): each file still gets its own database, data dir,
          // configuration and limits from tests/setup/integration.ts.
          isolate: false,
        },
      },
    ],
  },
});
