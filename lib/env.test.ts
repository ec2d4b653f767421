import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { env, resetEnvForTests } from "./env";

describe("env", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvForTests();
  });

  it("parses again when the cached copy came from an older schema (next dev after an edit of lib/env.ts)", () => {
    vi.stubEnv("DATA_DIR", mkdtempSync(path.join(tmpdir(), "portal-env-")));
    for (const name of ["SESSION_SECRET", "DATA_ENCRYPTION_KEY", "ALTCHA_HMAC_KEY"])
      vi.stubEnv(name, "x".repeat(32));
    resetEnvForTests();
    const current = env();
    expect(env()).toBe(current); // one parse per process while the schema stays the same

    const cache = globalThis as unknown as { __portalEnv?: object; __portalEnvKeys?: string };
    const { BRAND_NAME: _, ...older } = current;
    cache.__portalEnv = older;
    cache.__portalEnvKeys = "NODE_ENV,PORT";
    expect(env().BRAND_NAME).toBe("Nova");
  });
});
