import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { env, parseDatabaseEnv, parseEnv, resetEnvForTests } from "./env";

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

describe("SMS and ZNS vendors (issue 23)", () => {
  const base = { DATA_DIR: mkdtempSync(path.join(tmpdir(), "portal-env-")) };

  it("keeps the outbox as the default, with eSMS's and Zalo's hosts ready", () => {
    const config = parseEnv(base);
    expect(config).toMatchObject({
      SMS_PROVIDER: "outbox",
      ZNS_PROVIDER: "outbox",
      ESMS_BASE_URL: "https://rest.esms.vn",
      ESMS_SANDBOX: false,
      ZALO_ZNS_URL: "https://business.openapi.zalo.me",
      ZALO_OAUTH_URL: "https://oauth.zaloapp.com",
    });
  });

  it("refuses to start with a vendor chosen but not configured", () => {
    expect(() =>
      parseEnv({ ...base, SMS_PROVIDER: "esms", ESMS_API_KEY: "k", ESMS_SECRET_KEY: "s" }),
    ).toThrow(/SMS_PROVIDER=esms needs ESMS_API_KEY, ESMS_SECRET_KEY and ESMS_BRANDNAME/);
    expect(() =>
      parseEnv({
        ...base,
        ZNS_PROVIDER: "zalo",
        ZALO_APP_ID: "1",
        ZALO_APP_SECRET: "s",
        ZALO_OA_REFRESH_TOKEN: "r",
      }),
    ).toThrow(/ZNS_PROVIDER=zalo needs .*ZNS_TEMPLATE_OTP/);
    const ok = parseEnv({
      ...base,
      SMS_PROVIDER: "esms",
      ESMS_API_KEY: "k",
      ESMS_SECRET_KEY: "s",
      ESMS_BRANDNAME: "NOVA",
      ESMS_SANDBOX: "1",
      ZNS_PROVIDER: "zalo",
      ZALO_APP_ID: "1",
      ZALO_APP_SECRET: "s",
      ZALO_OA_REFRESH_TOKEN: "r",
      ZNS_TEMPLATE_OTP: "312345",
    });
    expect(ok).toMatchObject({ SMS_PROVIDER: "esms", ESMS_SANDBOX: true, ZNS_PROVIDER: "zalo" });
  });

  it("refuses a brandname longer than a sender name can be (11 characters)", () => {
    expect(() =>
      parseEnv({
        ...base,
        SMS_PROVIDER: "esms",
        ESMS_API_KEY: "k",
        ESMS_SECRET_KEY: "s",
        ESMS_BRANDNAME: "A".repeat(12),
      }),
    ).toThrow(/ESMS_BRANDNAME/);
  });
});

describe("migrations at start", () => {
  const base = { DATA_DIR: mkdtempSync(path.join(tmpdir(), "portal-env-")) };

  it("are on by default, and off with MIGRATE_ON_START=false (npm run migrate as a step of its own)", () => {
    expect(parseEnv(base).MIGRATE_ON_START).toBe(true);
    expect(parseEnv({ ...base, MIGRATE_ON_START: "false" }).MIGRATE_ON_START).toBe(false);
    expect(parseEnv({ ...base, MIGRATE_ON_START: "0" }).MIGRATE_ON_START).toBe(false);
    expect(() => parseEnv({ ...base, MIGRATE_ON_START: "later" })).toThrow(/MIGRATE_ON_START/);
  });
});

describe("DATABASE_URL and REDIS_URL", () => {
  const base = {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "portal-env-")),
    SESSION_SECRET: "s".repeat(32),
    DATA_ENCRYPTION_KEY: "d".repeat(32),
    ALTCHA_HMAC_KEY: "a".repeat(32),
  };
  const refusal = (settings: Record<string, string>) => {
    try {
      parseEnv({ ...base, ...settings });
      return "";
    } catch (error) {
      return (error as Error).message;
    }
  };

  it("refuses a DATABASE_URL that is not a postgres:// URL, naming the setting and not the value", () => {
    expect(refusal({ DATABASE_URL: "notaurl" })).toContain("DATABASE_URL: not a postgres:// URL");
    const secret = refusal({ DATABASE_URL: "mysql://app:s3cret@db/portal" });
    expect(secret).toContain("DATABASE_URL: not a postgres:// URL");
    expect(secret).not.toContain("s3cret");
    for (const ok of ["postgres://app:pw@db:5432/portal", "postgresql://db/portal", ""])
      expect(refusal({ DATABASE_URL: ok })).toBe("");
  });

  it("refuses a malformed REDIS_URL at start (an unreachable one starts degraded instead)", () => {
    expect(refusal({ REDIS_URL: "localhost:6379" })).toContain("REDIS_URL: not a redis:// or rediss:// URL");
    expect(refusal({ REDIS_URL: "http://cache:6379" })).toContain(
      "REDIS_URL: not a redis:// or rediss:// URL",
    );
    for (const ok of ["redis://127.0.0.1:6390", "rediss://:pw@cache.example.com:6380/2", ""])
      expect(refusal({ REDIS_URL: ok })).toBe("");
  });

  it("are checked the same way for npm run migrate, which reads only them", () => {
    expect(() => parseDatabaseEnv({ DATABASE_URL: "notaurl" })).toThrow(
      "DATABASE_URL: not a postgres:// URL",
    );
    expect(parseDatabaseEnv({ DATABASE_URL: "" })).toEqual({ DATABASE_URL: undefined, DATA_DIR: ".data" });
  });
});

describe("email in production (operations finding 4)", () => {
  const secrets = {
    SESSION_SECRET: "s".repeat(32),
    DATA_ENCRYPTION_KEY: "d".repeat(32),
    ALTCHA_HMAC_KEY: "a".repeat(32),
  };
  const production = {
    ...secrets,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "portal-env-")),
    NODE_ENV: "production",
    DATABASE_URL: "postgres://portal@127.0.0.1:5432/portal",
  };

  it("refuses a production start on PostgreSQL whose email would go to the file outbox, naming SMTP_URL", () => {
    expect(() => parseEnv(production)).toThrow(/SMTP_URL is not set/);
    expect(() => parseEnv(production)).toThrow(/OUTBOX_IN_PRODUCTION=1/);
  });

  it("starts with SMTP_URL, or with OUTBOX_IN_PRODUCTION=1 saying the outbox is meant", () => {
    expect(parseEnv({ ...production, SMTP_URL: "smtp://mail.example.com:587" }).SMTP_URL).toBe(
      "smtp://mail.example.com:587",
    );
    expect(parseEnv({ ...production, OUTBOX_IN_PRODUCTION: "1" }).OUTBOX_IN_PRODUCTION).toBe(true);
  });

  it("leaves development and the embedded database alone", () => {
    expect(() => parseEnv({ ...production, NODE_ENV: "development" })).not.toThrow();
    expect(() => parseEnv({ ...production, DATABASE_URL: undefined })).not.toThrow();
  });
});

describe("secrets (issue 35, finding 5)", () => {
  it("are never generated with DATABASE_URL, in any NODE_ENV: the refusal names the missing ones", () => {
    for (const NODE_ENV of ["development", "test", "production"]) {
      const dataDir = mkdtempSync(path.join(tmpdir(), "portal-env-"));
      const settings = {
        NODE_ENV,
        DATA_DIR: dataDir,
        DATABASE_URL: "postgres://portal@127.0.0.1:5432/portal",
        OUTBOX_IN_PRODUCTION: "1",
        SESSION_SECRET: "s".repeat(32),
      };
      expect(() => parseEnv(settings)).toThrow(
        /Missing required secrets: DATA_ENCRYPTION_KEY, ALTCHA_HMAC_KEY\. With DATABASE_URL they are never generated/,
      );
      expect(existsSync(path.join(dataDir, "secrets.json"))).toBe(false);
    }
  });

  it("are generated once into DATA_DIR on the embedded database", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "portal-env-"));
    const first = parseEnv({ DATA_DIR: dataDir });
    expect(existsSync(path.join(dataDir, "secrets.json"))).toBe(true);
    expect(parseEnv({ DATA_DIR: dataDir }).SESSION_SECRET).toBe(first.SESSION_SECRET);
  });
});

describe("the family's hosts and the OIDC clients' authentication (issue 38)", () => {
  const base = {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "portal-env-")),
    SESSION_SECRET: "s".repeat(32),
    DATA_ENCRYPTION_KEY: "d".repeat(32),
    ALTCHA_HMAC_KEY: "a".repeat(32),
  };

  it("takes host entries in CALLBACK_ALLOWED_HOSTS and refuses what is no host", () => {
    const config = parseEnv({
      ...base,
      CALLBACK_ALLOWED_HOSTS: " App.Example.com, *.a.com,localhost:4000,[::1]:4001",
    });
    expect(config.allowedHosts).toEqual(["app.example.com", "*.a.com", "localhost:4000", "[::1]:4001"]);
    for (const bad of ["https://a.com", "a.com/path", "*", "*.com", "a.com:x", "a b.com", "*.*.a.com"]) {
      expect(() => parseEnv({ ...base, CALLBACK_ALLOWED_HOSTS: `a.com,${bad}` }), bad).toThrow(
        /CALLBACK_ALLOWED_HOSTS: .*not a host entry/,
      );
    }
  });

  const client = { client_id: "forum", redirect_uris: ["https://forum.example/cb"] };
  const clients = (...list: object[]) => ({ ...base, OIDC_CLIENTS: JSON.stringify(list) });

  it("takes an optional token_endpoint_auth_method that fits the client", () => {
    const config = parseEnv(
      clients(
        { ...client, client_id: "any", client_secret: "s".repeat(16) },
        {
          ...client,
          client_id: "post",
          client_secret: "s".repeat(16),
          token_endpoint_auth_method: "client_secret_post",
        },
        {
          ...client,
          client_id: "basic",
          client_secret: "s".repeat(16),
          token_endpoint_auth_method: "client_secret_basic",
        },
        { ...client, client_id: "spa", token_endpoint_auth_method: "none" },
      ),
    );
    expect(config.OIDC_CLIENTS.map((c) => [c.client_id, c.token_endpoint_auth_method])).toEqual([
      ["any", undefined],
      ["post", "client_secret_post"],
      ["basic", "client_secret_basic"],
      ["spa", "none"],
    ]);
  });

  it.each([
    [
      "none for a client with a secret",
      { client_secret: "s".repeat(16), token_endpoint_auth_method: "none" },
    ],
    ["a secret method without a secret", { token_endpoint_auth_method: "client_secret_post" }],
    [
      "a method the provider does not offer",
      { client_secret: "s".repeat(16), token_endpoint_auth_method: "private_key_jwt" },
    ],
  ])("refuses %s", (_label, extra) => {
    expect(() => parseEnv(clients({ ...client, ...extra }))).toThrow(
      /OIDC_CLIENTS.*token_endpoint_auth_method/s,
    );
  });
});

describe("the deletion grace (issue 39: one truth)", () => {
  const base = { DATA_DIR: mkdtempSync(path.join(tmpdir(), "portal-env-")) };
  const readme = readFileSync(path.join(__dirname, "..", "README.md"), "utf8");

  it("README gives the same default as lib/env.ts, in its table and its prose, and no other number", () => {
    const days = parseEnv(base).ACCOUNT_DELETION_GRACE_DAYS;
    const row = readme.split("\n").find((line) => line.startsWith("| `ACCOUNT_DELETION_GRACE_DAYS`"));
    expect(row?.split("|")[2]?.trim()).toBe(String(days));
    expect(readme).toContain(`\`ACCOUNT_DELETION_GRACE_DAYS\`, default ${days}`);
    expect(readme).not.toMatch(/\d+-day grace/);
  });

  it("takes the configured number", () => {
    expect(parseEnv({ ...base, ACCOUNT_DELETION_GRACE_DAYS: "30" }).ACCOUNT_DELETION_GRACE_DAYS).toBe(30);
  });
});
