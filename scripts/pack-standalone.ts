// `npm run build:standalone` (the Containerfile's build stage): after `next build` with
// `output: "standalone"`, makes .next/standalone a folder that `npm start`'s command runs from on
// its own — the image's whole app. Next traced what its own request handler needs; the custom server
// (.next/portal-server.mjs) and the migration job (.next/portal-migrate.mjs) keep their packages
// external (scripts/build-server.mjs), so they are traced here the same way (Next's copy of
// @vercel/nft) and copied in, with the files read from the working folder at run time and the node
// flags of `npm start` (scripts/start-flags.ts) written to .node-flags for the image's command.
import { cpSync, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { startFlags } from "./start-flags";

const ROOT = path.resolve(import.meta.dirname, "..");
const BUILD = path.join(ROOT, ".next");
const OUT = path.join(BUILD, "standalone");

type Trace = (
  files: string[],
  options: { base: string; processCwd: string; ignore: string[] },
) => Promise<{ fileList: Set<string> }>;
const { nodeFileTrace } = createRequire(import.meta.url)("next/dist/compiled/@vercel/nft") as {
  nodeFileTrace: Trace;
};

/** Run-time entry points besides Next's own: the server, the migration job, the preload of the flags. */
const ENTRIES = [".next/portal-server.mjs", ".next/portal-migrate.mjs", "server/ops/threadpool.cjs"];

/** Read with paths relative to the working folder (process.cwd()), which nft cannot follow. */
const RUNTIME_FILES = ["server/db/migrations", "server/auth/common-passwords.txt", "public", ".next/static"];

/** The build machine's data and settings, whatever traced them. */
const LOCAL_DATA = [".data", ".env"];

/**
 * Never needed when serving: compilers that only `next build` and `next dev` load (a `require` in a
 * branch the production server does not take still shows in a trace).
 */
const IGNORE = [
  "node_modules/@next/swc-*/**",
  "node_modules/@swc/core*/**",
  "node_modules/typescript/**",
  "node_modules/esbuild/**",
  "node_modules/@esbuild/**",
  "node_modules/tsx/**",
  "node_modules/node/**",
  "node_modules/node-linux-*/**",
  ".data/**",
];

function copyInto(relative: string): void {
  const from = path.join(ROOT, relative);
  const to = path.join(OUT, relative);
  if (!existsSync(from) || existsSync(to)) return;
  mkdirSync(path.dirname(to), { recursive: true });
  cpSync(from, to, { recursive: statSync(from).isDirectory(), verbatimSymlinks: true });
}

async function main(): Promise<void> {
  if (!existsSync(path.join(OUT, ".next"))) {
    throw new Error(
      "no .next/standalone: build with NEXT_OUTPUT=standalone first (npm run build:standalone)",
    );
  }
  const { fileList } = await nodeFileTrace(
    ENTRIES.map((entry) => path.join(ROOT, entry)),
    { base: ROOT, processCwd: ROOT, ignore: IGNORE },
  );
  let copied = 0;
  for (const file of fileList) {
    // The build folder's own files are Next's to copy (standalone has what its handler reads).
    if (file.startsWith(".next/") && !ENTRIES.includes(file)) continue;
    if (!existsSync(path.join(OUT, file))) copied += 1;
    copyInto(file);
  }
  for (const relative of RUNTIME_FILES) copyInto(relative);
  // Next's own server.js would start a second, plain server: the image runs portal-server.mjs.
  rmSync(path.join(OUT, "server.js"), { force: true });
  // The trace follows lib/env.ts's read of DATA_DIR/secrets.json to the build machine's own .data
  // (or one `next build` wrote): secrets and data never go into an image.
  for (const local of LOCAL_DATA) rmSync(path.join(OUT, local), { recursive: true, force: true });
  writeFileSync(path.join(OUT, ".node-flags"), `${startFlags().join(" ")}\n`);
  console.log(`pack-standalone: ${copied} traced files added to ${path.relative(ROOT, OUT)}`);
}

main().catch((error: unknown) => {
  console.error(`pack-standalone: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
