// `npm run test:resilience`: the resilience suite (issue 12 part 2). Node, one file at a time (several
// start the built portal, stop Redis or restart PostgreSQL), long timeouts. The files skip themselves
// unless RESILIENCE=1 (set here), so the root config's unit project, which globs every *.test.ts,
// does not run them as unit tests.
import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "../..");
const alias = {
  "@": root,
  // Outside Next's bundler there is no client bundle to guard.
  "server-only": path.join(root, "lib/server-only-shim.ts"),
};

export default defineConfig({
  root,
  resolve: { alias },
  test: {
    name: "resilience",
    include: ["tests/resilience/**/*.test.ts"],
    environment: "node",
    env: { RESILIENCE: "1" },
    setupFiles: ["tests/resilience/support/capture-log.ts"],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 300_000,
    hookTimeout: 300_000,
    teardownTimeout: 60_000,
    // Tables go to the console as the run goes.
    reporters: ["verbose"],
  },
});
