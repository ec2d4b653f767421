// The production start's node flags (bin/portal): what the benchmark and the resilience suite start too.
import { execFileSync } from "node:child_process";
import { availableParallelism } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startFlags } from "./start-flags";

const ROOT = path.resolve(import.meta.dirname, "..");

/** The number of libuv pool threads a node started with `flags` runs once the pool is busy (Linux). */
function poolThreads(flags: string[], env: Record<string, string | undefined> = {}): number {
  const script = `
    const { pbkdf2 } = require("node:crypto");
    const { readdirSync, readFileSync } = require("node:fs");
    let left = 16;
    for (let i = 0; i < 16; i++) pbkdf2("p", "s", 20000, 32, "sha256", () => {
      if (--left) return;
      const names = readdirSync("/proc/self/task").map((t) => readFileSync("/proc/self/task/" + t + "/comm", "utf8").trim());
      console.log(names.filter((n) => n === "libuv-worker").length);
    });`;
  const { UV_THREADPOOL_SIZE: _, ...inherited } = process.env;
  const out = execFileSync(process.execPath, [...flags, "-e", script], {
    cwd: ROOT,
    env: { ...inherited, ...env },
    encoding: "utf8",
  });
  return Number(out.trim());
}

// Linux only: the threads are counted in /proc (CI and the README's machines are Linux).
describe.runIf(process.platform === "linux")("npm start's flags", () => {
  it("size libuv's thread pool to the cores (at least 2), unless the operator set UV_THREADPOOL_SIZE", () => {
    const flags = startFlags();
    expect(poolThreads(flags)).toBe(Math.max(2, availableParallelism()));
    expect(poolThreads(flags, { UV_THREADPOOL_SIZE: "3" })).toBe(3);
  });
});
