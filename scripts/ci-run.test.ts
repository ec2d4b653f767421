// .ci/run names the resilience files one by one (three phases, some side by side): a file added to
// tests/resilience and not named there would never run in CI.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

describe(".ci/run", () => {
  it("runs every resilience file exactly once", () => {
    const script = readFileSync(path.join(root, ".ci/run"), "utf8");
    const named = [...script.matchAll(/"\$R\/([\w-]+\.test\.ts)"/g)].map((m) => m[1]);
    const files = readdirSync(path.join(root, "tests/resilience")).filter((f) => f.endsWith(".test.ts"));
    expect([...named].sort()).toEqual([...files].sort());
  });
});
