// The node flags the production start (bin/portal, which `npm start` runs too) gives the server
// bundle, so the benchmark and the resilience suite start the portal exactly as an operator does.
import { readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

/** The flags between `exec "$NODE"` and `.next/portal-server.mjs` in bin/portal. */
export function startFlags(): string[] {
  const script = readFileSync(path.join(ROOT, "bin/portal"), "utf8");
  const flags = /^exec "\$NODE"((?:\s+--\S+)*)\s+\.next\/portal-server\.mjs/m.exec(script)?.[1];
  if (flags === undefined) throw new Error("bin/portal no longer execs node on .next/portal-server.mjs");
  return flags.split(/\s+/).filter(Boolean);
}
