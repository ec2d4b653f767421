import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";
import { pageSecurityHeaders } from "./security-headers";

const secrets = {
  SESSION_SECRET: "s".repeat(32),
  DATA_ENCRYPTION_KEY: "d".repeat(32),
  ALTCHA_HMAC_KEY: "a".repeat(32),
};
const config = parseEnv({
  ...secrets,
  CALLBACK_ALLOWED_HOSTS: "app.example.com,localhost:4000",
  APPS_CONFIG: JSON.stringify({
    lp: { name: "Builder", home: "https://lp.example/", logout: "https://lp.example/out" },
  }),
});

describe("pageSecurityHeaders", () => {
  it("a page a product frames: its nonce, the family may frame it, forms stay on the portal", () => {
    const headers = pageSecurityHeaders(config, { nonce: "N0nce", framing: "family" });
    expect(headers["content-security-policy"]).toBe(
      [
        "default-src 'self'",
        "script-src 'self' 'nonce-N0nce' 'strict-dynamic'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "media-src 'self'",
        "font-src 'self' data:",
        "connect-src 'self'",
        "worker-src 'self' blob:",
        "frame-src 'self' https://lp.example",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'self' https://app.example.com http://localhost:4000 https://localhost:4000 https://lp.example",
      ].join("; "),
    );
    expect(headers).toMatchObject({
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
    });
    expect(headers["x-frame-options"]).toBeUndefined();
    expect(headers["strict-transport-security"]).toBeUndefined();
  });

  it("the family's frame-ancestors: every APPS_CONFIG home with CALLBACK_ALLOWED_HOSTS, nothing broader (issue 38)", () => {
    const family = parseEnv({
      ...secrets,
      CALLBACK_ALLOWED_HOSTS: "app.example.com,*.family.example,127.0.0.1:3313",
      APPS_CONFIG: JSON.stringify({
        ls: { name: "Sales", home: "https://sales.example.net/app/" },
        lf: { name: "Flow", home: "http://localhost:4310/" },
        lx: { name: "Shop", home: "https://shop.example.org:8443/" },
        // Its own listed host: one source, not two.
        la: { name: "Again", home: "https://app.example.com/home" },
        // Plain http off loopback is never a frame parent: its host frames over https only.
        lp: { name: "Plain", home: "http://plain.example.com/" },
      }),
    });
    const csp = pageSecurityHeaders(family, { framing: "family" })["content-security-policy"] ?? "";
    const ancestors = csp.split("; ").find((d) => d.startsWith("frame-ancestors"));
    expect(ancestors).toBe(
      [
        "frame-ancestors 'self'",
        "https://app.example.com",
        "https://*.family.example",
        "http://127.0.0.1:3313",
        "https://127.0.0.1:3313",
        "https://sales.example.net",
        "http://localhost:4310",
        "https://localhost:4310",
        "https://shop.example.org:8443",
        "https://plain.example.com",
      ].join(" "),
    );
    expect(ancestors).not.toMatch(/ \*( |$)|https?: |http:\/\/(app|sales|plain|shop)/);
  });

  it("a page nobody embeds: no nonce, framed by the portal alone, forms to the given targets", () => {
    const headers = pageSecurityHeaders(config, { framing: "self", formTargets: ["https://rp.example"] });
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).toContain("script-src 'self'; ");
    expect(csp).toContain("form-action 'self' https://rp.example; ");
    expect(csp.endsWith("frame-ancestors 'self'")).toBe(true);
    expect(headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("by default a page is framed by the portal alone (issue 37: a product must not clickjack it)", () => {
    const headers = pageSecurityHeaders(config, { nonce: "N0nce" });
    expect((headers["content-security-policy"] ?? "").endsWith("frame-ancestors 'self'")).toBe(true);
    expect(headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("an operator's logo on another host may load; the default mark is the portal's own", () => {
    const branded = parseEnv({ ...secrets, BRAND_LOGO_URL: "https://cdn.example.com/brand/logo.svg" });
    expect(pageSecurityHeaders(branded)["content-security-policy"]).toContain(
      "img-src 'self' data: blob: https://cdn.example.com; ",
    );
    expect(config.BRAND_LOGO_URL).toBe("/icon.svg");
    expect(() => parseEnv({ ...secrets, BRAND_LOGO_URL: "javascript:alert(1)" })).toThrow(/BRAND_LOGO_URL/);
    expect(() => parseEnv({ ...secrets, BRAND_LOGO_URL: "//cdn.example.com/logo.svg" })).toThrow(
      /BRAND_LOGO_URL/,
    );
  });

  it("HSTS in production over https", () => {
    const production = parseEnv({ ...secrets, NODE_ENV: "production", APP_URL: "https://portal.example" });
    expect(pageSecurityHeaders(production)["strict-transport-security"]).toBe(
      "max-age=31536000; includeSubDomains",
    );
  });
});
