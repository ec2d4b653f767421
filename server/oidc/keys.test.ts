import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { GENERATED_JWKS_FILE, generateSigningKey, loadOidcJwks, oidcCookieKeys } from "./keys";

const base = { NODE_ENV: "test" as const, DATABASE_URL: undefined, OIDC_JWKS: undefined };

describe("loadOidcJwks", () => {
  it("generates one RS256 key into DATA_DIR on the embedded default and reuses it", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "oidc-keys-"));
    const first = loadOidcJwks({ ...base, DATA_DIR: dir });
    expect(first.keys).toHaveLength(1);
    expect(first.keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
    const file = path.join(dir, GENERATED_JWKS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOidcJwks({ ...base, DATA_DIR: dir })).toEqual(first);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(first);
  });

  it("reads OIDC_JWKS as JSON or as a file path, keeping the order (the first key signs)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "oidc-keys-"));
    const jwks = { keys: [generateSigningKey(), generateSigningKey()] };
    expect(loadOidcJwks({ ...base, DATA_DIR: dir, OIDC_JWKS: JSON.stringify(jwks) })).toEqual(jwks);
    const file = path.join(dir, "jwks.json");
    writeFileSync(file, JSON.stringify(jwks));
    expect(loadOidcJwks({ ...base, DATA_DIR: dir, OIDC_JWKS: file })).toEqual(jwks);
  });

  it("refuses public keys only, and a missing OIDC_JWKS in production on PostgreSQL", () => {
    const key = generateSigningKey();
    const { d: _d, ...publicOnly } = key;
    expect(() =>
      loadOidcJwks({ ...base, DATA_DIR: ".", OIDC_JWKS: JSON.stringify({ keys: [publicOnly] }) }),
    ).toThrow(/private signing keys/);
    expect(() =>
      loadOidcJwks({
        NODE_ENV: "production",
        DATABASE_URL: "postgres://db/portal",
        DATA_DIR: ".",
        OIDC_JWKS: undefined,
      }),
    ).toThrow(/OIDC_JWKS is required/);
  });

  it("derives the provider's cookie keys from the session secret", () => {
    expect(oidcCookieKeys("a".repeat(32))).toEqual(oidcCookieKeys("a".repeat(32)));
    expect(oidcCookieKeys("a".repeat(32))).not.toEqual(oidcCookieKeys("b".repeat(32)));
  });
});

describe("OIDC_CLIENTS", () => {
  const env = (clients: string) =>
    parseEnv({
      NODE_ENV: "test",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "oidc-env-")),
      OIDC_CLIENTS: clients,
    });

  it("reads clients with their defaults: no secret = public, not first-party", () => {
    const [client] = env(
      JSON.stringify([{ client_id: "app", redirect_uris: ["https://app.example.com/cb"] }]),
    ).OIDC_CLIENTS;
    expect(client).toEqual({
      client_id: "app",
      redirect_uris: ["https://app.example.com/cb"],
      post_logout_redirect_uris: [],
      first_party: false,
    });
  });

  it.each([
    ["not JSON", "{"],
    ["no redirect URI", JSON.stringify([{ client_id: "a", redirect_uris: [] }])],
    [
      "a short secret",
      JSON.stringify([{ client_id: "a", client_secret: "short", redirect_uris: ["https://a.test/cb"] }]),
    ],
    [
      "two clients with one id",
      JSON.stringify([
        { client_id: "a", redirect_uris: ["https://a.test/cb"] },
        { client_id: "a", redirect_uris: ["https://b.test/cb"] },
      ]),
    ],
  ])("refuses %s", (_label, raw) => {
    expect(() => env(raw)).toThrow(/OIDC_CLIENTS/);
  });
});
