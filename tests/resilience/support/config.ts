// The settings every resilience part gives the portal: secrets, the sales app `ls` with an api key
// and a webhook, VNPAY, the bank account and its notification key. Values are test-only.

export const SECRETS = {
  SESSION_SECRET: "resilience-session-secret-0123456789abcdef",
  DATA_ENCRYPTION_KEY: "resilience-data-key-0123456789abcdef0123",
  ALTCHA_HMAC_KEY: "resilience-altcha-key-0123456789abcdef",
} as const;

export const PRODUCT = {
  app: "ls",
  apiKey: "resilience-ls-api-key-0123456789",
  webhookSecret: "resilience-ls-webhook-secret-0123",
} as const;

export const VNPAY = {
  VNPAY_TMN_CODE: "RESIL001",
  VNPAY_HASH_SECRET: "resilience-vnpay-hash-secret-0123456789",
} as const;

export const BANK = {
  BANK_BIN: "970436",
  BANK_NAME: "Vietcombank",
  BANK_BRANCH: "HCM",
  BANK_ACCOUNT_NO: "0123456789",
  BANK_ACCOUNT_NAME: "CONG TY RESILIENCE",
  BANK_WEBHOOK_KEY: "resilience-bank-webhook-key-0123",
} as const;

/** APPS_CONFIG: the sales app with its key and event receiver, the builder as the default home. */
export function appsConfig(options: { webhook: string; homeHost?: string }): string {
  const home = options.homeHost ?? "ls.allowed.test";
  return JSON.stringify({
    ls: {
      name: "Sales app",
      home: `https://${home}/home`,
      logout: `https://${home}/logout`,
      api_key: PRODUCT.apiKey,
      webhook: options.webhook,
      webhook_secret: PRODUCT.webhookSecret,
    },
    lp: { name: "Builder", home: "https://lp.allowed.test/home" },
  });
}

/** The environment of a portal (in-process or built) apart from database, Redis, port and data dir. */
export function portalSettings(options: { port: number; webhook: string }): Record<string, string> {
  return {
    ...SECRETS,
    ...VNPAY,
    ...BANK,
    CALLBACK_ALLOWED_HOSTS: `allowed.test,*.allowed.test,localhost:${options.port}`,
    APPS_CONFIG: appsConfig({ webhook: options.webhook }),
    OUTBOX_UI: "1",
    // Production on PostgreSQL without SMTP_URL is refused otherwise: the suite reads codes from the outbox.
    OUTBOX_IN_PRODUCTION: "1",
    ALTCHA_COST: "10",
    DEMO_SEED: "1",
  };
}
