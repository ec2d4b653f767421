// `npm run build`, after `next build`: server.ts and the /2.0 code it serves, bundled once into
// .next/portal-server.mjs for `npm start`. Running the TypeScript through tsx in production cost
// a loader, per-closure name helpers and source maps on every request (issue 13's profile);
// packages stay in node_modules. tsx still runs server.ts directly for the test harnesses.
// The bundle goes beside the Next build it serves (NEXT_DIST_DIR, `.next` by default), so the
// resilience suite bundles its own build folder the same way.
import path from "node:path";
import { build } from "esbuild";

await build({
  entryPoints: ["server.ts"],
  outfile: path.join(process.env.NEXT_DIST_DIR || ".next", "portal-server.mjs"),
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20",
  tsconfig: "tsconfig.server.json",
  // Outside Next's bundler `server-only` is a no-op (as tsconfig.server.json says for tsx).
  alias: { "server-only": "./lib/server-only-shim.ts" },
  // Some bundled modules use require (CommonJS interop): give the ESM bundle one.
  banner: {
    js: "import { createRequire as __portalRequire } from 'node:module'; const require = __portalRequire(import.meta.url);",
  },
  sourcemap: "linked",
  logLevel: "warning",
});
