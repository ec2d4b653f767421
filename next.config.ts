import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./i18n/request.ts");

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // `npm run typecheck` (first in `npm test`) checks every file, tests included; the build does
  // not repeat it (and a test file in progress never blocks a build).
  typescript: { ignoreBuildErrors: true },
  // A second build beside the main one (the resilience suite, the benchmark) gets its own folder.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // The container image's build (Containerfile) asks for Next's standalone output: the server's
  // traced files without the 944 MB install; scripts/pack-standalone.mjs adds what the custom
  // server imports. Off otherwise: a plain build need not copy node_modules into .next/standalone.
  output: process.env.NEXT_OUTPUT === "standalone" ? "standalone" : undefined,
  // Native or WASM packages are loaded by Node at run time, not bundled.
  // Pages are loaded when first asked for, not all at start: an instance that serves mostly /2.0
  // calls does not keep every route's module graph resident (four copies of the shared server chunk,
  // one per layout group; issue 21's memory row). The first view of a page pays its load once.
  experimental: { preloadEntriesOnStart: false },
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "pino", "pg", "nodemailer", "ioredis"],
};

export default withNextIntl(nextConfig);
