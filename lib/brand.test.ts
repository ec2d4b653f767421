import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { configuredBrand } from "./brand";
import { resetEnvForTests } from "./env";

describe("the brand", () => {
  beforeEach(() => {
    vi.stubEnv("DATA_DIR", mkdtempSync(path.join(tmpdir(), "portal-brand-")));
    for (const name of ["SESSION_SECRET", "DATA_ENCRYPTION_KEY", "ALTCHA_HMAC_KEY"])
      vi.stubEnv(name, "x".repeat(32));
    resetEnvForTests();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvForTests();
  });

  it("defaults to Nova and the portal's own mark (app/icon.svg)", () => {
    expect(configuredBrand()).toEqual({ name: "Nova", logoUrl: "/icon.svg" });
  });

  it("an operator names the brand and its logo", () => {
    vi.stubEnv("BRAND_NAME", "  Acme  ");
    vi.stubEnv("BRAND_LOGO_URL", "https://cdn.acme.example/mark.svg");
    expect(configuredBrand()).toEqual({ name: "Acme", logoUrl: "https://cdn.acme.example/mark.svg" });
  });
});
