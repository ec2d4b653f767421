// The node flags `npm start` runs the server bundle with (package.json), so the benchmark and the
// resilience suite start the portal exactly as an operator does.
import { readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

/** The flags between `node` and `.next/portal-server.mjs` in package.json's start script. */
export function startFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    scripts: { start: string };
  };
  const flags = /\bnode((?:\s+--\S+)*)\s+\.next\/portal-server\.mjs/.exec(scripts.start)?.[1] ?? "";
  return flags.split(/\s+/).filter(Boolean);
}
