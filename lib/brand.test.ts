import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BrandLogo } from "@/components/layout/brand-logo";
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

  it("the logo is one image named by the brand: the mark and the wordmark", () => {
    const html = renderToStaticMarkup(
      createElement(BrandLogo, { brand: { name: "Acme", logoUrl: "/m.svg" } }),
    );
    expect(html).toContain('<span role="img" aria-label="Acme"');
    expect(html).toContain('<img src="/m.svg" alt=""');
    expect(html).toContain(">Acme</span>");
    const mark = renderToStaticMarkup(
      createElement(BrandLogo, { brand: { name: "Acme", logoUrl: "/m.svg" }, isMarkOnly: true }),
    );
    expect(mark).not.toContain(">Acme</span>");
    expect(mark).toContain('aria-label="Acme"');
  });
});
