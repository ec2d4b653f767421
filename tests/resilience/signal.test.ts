// Issue 35, finding 6: the production start command the README documents (bin/portal) is node
// itself once started, so a supervisor's SIGTERM to the process it started reaches the server and
// it drains, and exits 0. Under `npm start` the signal ended npm and left node running, orphaned.
//
// It runs the built server bundle that bin/portal starts (`.next/portal-server.mjs`), so it is part of
// the resilience suite, which CI runs after the end-to-end phase has built `.next`; without that
// build (a standalone `npm run test:resilience` builds `.next-resilience` instead) it is skipped.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { RESILIENCE_ENABLED } from "./support/report";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BUILT = existsSync(path.join(ROOT, ".next/portal-server.mjs"));
// 3530-3549: this file's range.
const PORT = 3531;

let child: ChildProcess | undefined;
afterAll(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

async function waitForHealth(isRunning: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until && isRunning()) {
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/healthz`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the portal did not answer /healthz");
}

describe.runIf(RESILIENCE_ENABLED && BUILT)("bin/portal, the production start", () => {
  it("takes SIGTERM itself: the server drains, releases its data directory and exits 0", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "portal-signal-"));
    const spawned = spawn(path.join(ROOT, "bin/portal"), [], {
      cwd: tmpdir(), // bin/portal finds its app folder itself
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(PORT),
        DATA_DIR: dataDir,
        DEMO_SEED: "0",
        LOG_LEVEL: "info",
        SHUTDOWN_DRAIN_SECONDS: "1",
        SHUTDOWN_GRACE_SECONDS: "5",
      } as Record<string, string | undefined> as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = spawned;
    let output = "";
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
    };
    spawned.stdout?.on("data", keep);
    spawned.stderr?.on("data", keep);
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      spawned.once("exit", (code, signal) => resolve({ code, signal })),
    );
    const isRunning = () => spawned.exitCode === null && spawned.signalCode === null;

    await waitForHealth(isRunning, 90_000).catch((error: Error) => {
      throw new Error(`${error.message}:\n${output}`);
    });
    expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(true);
    // The command the supervisor started, not a node process found by its pid.
    spawned.kill("SIGTERM");
    const { code, signal } = await exited;
    expect({ code, signal }, output).toEqual({ code: 0, signal: null });
    expect(output).toContain("shutting down: draining for 1 s");
    expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
  }, 120_000);
});
