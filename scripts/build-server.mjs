// `npm run build`, after `next build`: server.ts and the /2.0 code it serves, bundled once into
// .next/portal-server.mjs for `npm start`. Running the TypeScript through tsx in production cost
// a loader, per-closure name helpers and source maps on every request (issue 13's profile);
// packages stay in node_modules. tsx still runs server.ts directly for the test harnesses.
// The bundle goes beside the Next build it serves (NEXT_DIST_DIR, `.next` by default), so the
// resilience suite bundles its own build folder the same way.
// `npm run migrate` is bundled the same way into portal-migrate.mjs: the container image runs it as
// its migration job with plain node, without tsx and esbuild in the image (Containerfile).
import path from "node:path";
import { build } from "esbuild";

const BUNDLES = { "server.ts": "portal-server.mjs", "scripts/migrate.ts": "portal-migrate.mjs" };

for (const [entry, bundle] of Object.entries(BUNDLES)) await bundleOne(entry, bundle);

async function bundleOne(entry, bundle) {
  await build({
    entryPoints: [entry],
    outfile: path.join(process.env.NEXT_DIST_DIR || ".next", bundle),
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
}
