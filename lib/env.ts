import "server-only";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { bool, messagingEnv } from "./env-messaging";
import { signInMethodsEnv } from "./env-signin";
import { appSchema, isImageAddress, isPostgresUrl, isRedisUrl, oidcClientSchema } from "./env-values";
import { isHostEntry } from "./family-origins";

/** The entries of a comma-separated host list, trimmed and lower-case. */
function hostList(raw: string): string[] {
  return raw
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

/** The settings that say where the data is: all `npm run migrate` reads. */
const databaseSettings = {
  DATABASE_URL: z.string().refine(isPostgresUrl, "not a postgres:// URL").optional(),
  DATA_DIR: z.string().default(".data"),
};

/** Every setting's name and rule; deploy/deploy-files.test.ts checks the deployment files against it. */
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().positive().default(3000),
  /** The public origin; its host name is also the passkeys' relying-party id (server/passkey/webauthn.ts). */
  APP_URL: z.url().optional(),
  ...databaseSettings,
  /**
   * Apply the committed migrations at start (under an advisory lock on PostgreSQL). false when
   * they are a deployment step of their own (`npm run migrate`); /readyz then reports missing ones.
   */
  MIGRATE_ON_START: bool.default(true),
  SESSION_SECRET: z.string().min(32).optional(),
  DATA_ENCRYPTION_KEY: z.string().min(32).optional(),
  /** Malformed = refused at start; well-formed but unreachable = started degraded (/readyz). */
  REDIS_URL: z.string().refine(isRedisUrl, "not a redis:// or rediss:// URL").optional(),
  /**
   * Hosts that may receive a token and frame the framed pages (with the APPS_CONFIG homes). An entry
   * that is no host (a scheme, a path, a bare `*`, `*.com`) is refused at start: it would match
   * nothing as a callback and make nonsense (or a whole top-level domain) of frame-ancestors.
   */
  CALLBACK_ALLOWED_HOSTS: z
    .string()
    .default("")
    .superRefine((raw, ctx) => {
      const bad = hostList(raw).filter((entry) => !isHostEntry(entry));
      if (bad.length === 0) return;
      ctx.addIssue({
        code: "custom",
        message: `${bad.map((entry) => JSON.stringify(entry)).join(", ")}: not a host entry (a.com, a.com:8443, *.a.com, localhost:4000; no scheme, path, bare * or *.<one label>)`,
      });
    }),
  APPS_CONFIG: z
    .string()
    .default("{}")
    .transform((raw, ctx) => {
      try {
        return z.record(z.string(), appSchema).parse(JSON.parse(raw));
      } catch (error) {
        ctx.addIssue({ code: "custom", message: `APPS_CONFIG is not valid JSON of apps: ${String(error)}` });
        return z.NEVER;
      }
    }),
  /** OpenID Connect clients (JSON array); the provider at APP_URL/oidc is on when there is one. */
  OIDC_CLIENTS: z
    .string()
    .default("[]")
    .transform((raw, ctx) => {
      try {
        const clients = z.array(oidcClientSchema).parse(JSON.parse(raw));
        const ids = new Set(clients.map((c) => c.client_id));
        if (ids.size !== clients.length) throw new Error("two clients share a client_id");
        return clients;
      } catch (error) {
        ctx.addIssue({
          code: "custom",
          message: `OIDC_CLIENTS is not valid JSON of clients: ${String(error)}`,
        });
        return z.NEVER;
      }
    }),
  /** The provider's signing keys: a JWKS (JSON) or the path of a file holding one. */
  OIDC_JWKS: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Account portal <no-reply@localhost>"),
  ...messagingEnv,
  CAPTCHA_PROVIDER: z.enum(["altcha"]).default("altcha"),
  ALTCHA_HMAC_KEY: z.string().min(16).optional(),
  /** PBKDF2 iterations a browser must run per challenge attempt; low in tests. */
  ALTCHA_COST: z.coerce.number().int().positive().default(1500),
  ...signInMethodsEnv,
  /** The form service that receives sign-up leads (SPEC §3 form-capture record); off when unset. */
  LEAD_CAPTURE_URL: z.url().optional(),
  /**
   * Have I Been Pwned's Pwned Passwords (or a mirror), e.g. https://api.pwnedpasswords.com: new
   * passwords are also checked through its k-anonymity range API; off when unset.
   */
  PWNED_PASSWORDS_URL: z.url().optional(),
  /** The demo video /login-embed?isvideo=1 shows; without it the panel shows its text. */
  LOGIN_EMBED_VIDEO_URL: z.url().optional(),
  /** The product family's name: the logo's wordmark, page titles, the web manifest. */
  BRAND_NAME: z.string().trim().min(1).max(60).default("Nova"),
  /** The mark beside the name: a path on the portal or an http(s) address; default the portal's own SVG. */
  BRAND_LOGO_URL: z
    .string()
    .trim()
    .refine(isImageAddress, "BRAND_LOGO_URL is a path starting with / or an http(s) URL")
    .default("/icon.svg"),
  /**
   * The seller a Vietnamese receipt names: legal name, registered address and tax code (mã số
   * thuế: 10 digits, a branch's 10-3, or a person's 12). Unset = sample values in development or
   * with OUTBOX_UI, marked as such on the receipt.
   */
  SELLER_NAME: z.string().trim().min(1).max(200).optional(),
  SELLER_ADDRESS: z.string().trim().min(1).max(300).optional(),
  SELLER_TAX_CODE: z
    .string()
    .trim()
    .regex(/^(\d{10}(-\d{3})?|\d{12})$/, "SELLER_TAX_CODE is 10 digits, 10-3 digits (a branch) or 12 digits")
    .optional(),
  /** Top-bar links of the signed-in shell and the affiliate template page (SPEC §2). */
  LINK_SUPPORT_URL: z.url().default("https://help.ladipage.vn"),
  LINK_BLOG_URL: z.url().default("https://www.ladipage.vn/blog"),
  LINK_WHATS_NEW_URL: z.url().default("https://www.ladipage.vn/changelog"),
  LINK_SHORTCUT_URL: z.url().default("https://www.ladipage.vn/phim-tat"),
  LINK_COMMUNITY_URL: z.url().default("https://www.facebook.com/groups/ladipagevietnam"),
  AFFILIATE_TEMPLATE_URL: z.url().default("https://www.ladipage.vn/affiliate"),
  /** Months of reward a referrer gets when a referred account verifies its email. */
  REFERRAL_VERIFY_REWARD_MONTHS: z.coerce.number().int().min(0).max(24).default(1),
  /** Months a referrer earns when a referred account pays its first order (0 = none). */
  REFERRAL_PURCHASE_REWARD_MONTHS: z.coerce.number().int().min(0).max(24).default(1),
  /** Profile → Your data: above this many rows (orders, payments, logs, security events, sessions) the zip is built in the background and a link emailed. */
  DATA_EXPORT_INLINE_MAX_ROWS: z.coerce.number().int().min(0).default(5000),
  /** Seconds between two passes of the outbox worker (DESIGN §12). */
  OUTBOX_INTERVAL_SECONDS: z.coerce.number().positive().max(3600).default(2),
  /** Bank transfer (CASH): the account the VietQR code and the instructions name (DESIGN §10). */
  BANK_BIN: z
    .string()
    .regex(/^\d{6}$/, "BANK_BIN is the bank's 6-digit NAPAS BIN")
    .optional(),
  BANK_NAME: z.string().optional(),
  BANK_BRANCH: z.string().optional(),
  BANK_ACCOUNT_NO: z
    .string()
    .regex(/^[0-9A-Za-z]{1,19}$/)
    .optional(),
  BANK_ACCOUNT_NAME: z.string().optional(),
  /** The bank-notification webhook's key (`Authorization: Apikey …`); unset = the webhook is off. */
  BANK_WEBHOOK_KEY: z.string().min(16).optional(),
  /** Hours a bank-transfer attempt keeps its points before they come back (a late transfer still pays). */
  BANK_TRANSFER_EXPIRY_HOURS: z.coerce.number().positive().max(720).default(72),
  VNPAY_TMN_CODE: z.string().optional(),
  VNPAY_HASH_SECRET: z.string().optional(),
  VNPAY_PAY_URL: z.url().default("https://sandbox.vnpayment.vn/paymentv2/vpcpay.html"),
  VNPAY_QUERY_URL: z.url().default("https://sandbox.vnpayment.vn/merchant_webapi/api/transaction"),
  ZALOPAY_APP_ID: z.string().optional(),
  ZALOPAY_KEY1: z.string().optional(),
  ZALOPAY_KEY2: z.string().optional(),
  ZALOPAY_CREATE_URL: z.url().default("https://sb-openapi.zalopay.vn/v2/create"),
  ZALOPAY_QUERY_URL: z.url().default("https://sb-openapi.zalopay.vn/v2/query"),
  /** Minutes a gateway attempt stays payable (its points come back after). */
  PAYMENT_EXPIRY_MINUTES: z.coerce.number().int().min(5).max(1440).default(15),
  /**
   * Commission percent per affiliate level (1–4, the rows) at each depth of the referral chain
   * (1 = the buyer's own affiliate … 4, the columns).
   */
  AFFILIATE_LEVEL_RATES: z
    .string()
    .default("[[20,5,2,1],[25,6,3,1],[30,7,3,2],[35,8,4,2]]")
    .transform((raw, ctx) => {
      try {
        return z
          .array(z.array(z.number().min(0).max(100)).length(4))
          .length(4)
          .parse(JSON.parse(raw));
      } catch (error) {
        ctx.addIssue({
          code: "custom",
          message: `AFFILIATE_LEVEL_RATES must be 4 rows of 4 percents: ${String(error)}`,
        });
        return z.NEVER;
      }
    }),
  /** Bearer token GET /metrics asks for; unset = open (keep it on a private network). */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Seconds a SIGTERM waits for in-flight requests and outbox sends before closing. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().positive().max(120).default(10),
  /** Seconds a SIGTERM keeps serving with /readyz at 503 before it stops accepting. */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(5),
  DEVICE_LIMIT: z.coerce.number().int().positive().default(10),
  /** Days an account asked to be deleted stays suspended (and can be restored) before it is erased. */
  ACCOUNT_DELETION_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  REGISTRATION_ENABLED: bool.default(true),
  OUTBOX_UI: bool.default(false),
  /** A production start on PostgreSQL without SMTP_URL is refused unless this says the file outbox is meant. */
  OUTBOX_IN_PRODUCTION: bool.default(false),
  DEMO_SEED: bool.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

/** Rules across settings. A receipt naming a seller without its address or tax code is no receipt. */
const checkedEnvSchema = envSchema
  .refine((c) => [c.SELLER_NAME, c.SELLER_ADDRESS, c.SELLER_TAX_CODE].filter(Boolean).length % 3 === 0, {
    message: "set SELLER_NAME, SELLER_ADDRESS and SELLER_TAX_CODE together",
    path: ["SELLER_NAME"],
  })
  // A vendor chosen without its credentials would fail every message: refuse to start instead.
  .refine((c) => c.SMS_PROVIDER !== "esms" || (c.ESMS_API_KEY && c.ESMS_SECRET_KEY && c.ESMS_BRANDNAME), {
    message: "SMS_PROVIDER=esms needs ESMS_API_KEY, ESMS_SECRET_KEY and ESMS_BRANDNAME",
    path: ["SMS_PROVIDER"],
  })
  .refine(
    (c) =>
      c.ZNS_PROVIDER !== "zalo" ||
      (c.ZALO_APP_ID && c.ZALO_APP_SECRET && c.ZALO_OA_REFRESH_TOKEN && c.ZNS_TEMPLATE_OTP),
    {
      message:
        "ZNS_PROVIDER=zalo needs ZALO_APP_ID, ZALO_APP_SECRET, ZALO_OA_REFRESH_TOKEN and ZNS_TEMPLATE_OTP",
      path: ["ZNS_PROVIDER"],
    },
  );

export type Env = Omit<
  z.infer<typeof envSchema>,
  "SESSION_SECRET" | "DATA_ENCRYPTION_KEY" | "ALTCHA_HMAC_KEY" | "DEMO_SEED"
> & {
  SESSION_SECRET: string;
  DATA_ENCRYPTION_KEY: string;
  ALTCHA_HMAC_KEY: string;
  /** Seed the demo account: on by default with the embedded database, off with DATABASE_URL. */
  DEMO_SEED: boolean;
  allowedHosts: string[];
};

/** Generated on the embedded default; a production deployment on PostgreSQL refuses to start without them. */
export const SECRET_NAMES = ["SESSION_SECRET", "DATA_ENCRYPTION_KEY", "ALTCHA_HMAC_KEY"] as const;

/**
 * On the embedded default (no DATABASE_URL) a missing secret is generated once into DATA_DIR, so a
 * fresh checkout starts with no set-up. With DATABASE_URL nothing is generated, in any NODE_ENV:
 * every process on a shared database (each instance, the operator command line) must hold the same
 * secrets, and one made up in a local DATA_DIR would seal sessions and encrypt two-factor secrets
 * that the others cannot read (issue 35, finding 5).
 */
function loadSecrets(parsed: z.infer<typeof envSchema>): Record<(typeof SECRET_NAMES)[number], string> {
  const missing = SECRET_NAMES.filter((name) => !parsed[name]);
  const out = Object.fromEntries(SECRET_NAMES.map((n) => [n, parsed[n] ?? ""])) as Record<
    (typeof SECRET_NAMES)[number],
    string
  >;
  if (missing.length === 0) return out;
  if (parsed.DATABASE_URL) {
    throw new Error(
      `Missing required secrets: ${missing.join(", ")}. With DATABASE_URL they are never generated: set them in the environment or in ENV_FILE, the same values for every instance and for npm run admin.`,
    );
  }
  const file = path.resolve(parsed.DATA_DIR, "secrets.json");
  let stored: Record<string, string> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
  let changed = false;
  for (const name of missing) {
    if (!stored[name]) {
      stored[name] = randomBytes(32).toString("base64url");
      changed = true;
    }
    out[name] = stored[name];
  }
  if (changed) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
    console.warn(`[env] generated ${missing.join(", ")} into ${file} (set them in production)`);
  }
  return out;
}

function refuse(error: z.ZodError): never {
  const lines = error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
  throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
}

/** DATABASE_URL and DATA_DIR alone, checked as the whole configuration checks them (`npm run migrate`). */
export function parseDatabaseEnv(source: Record<string, string | undefined>): {
  DATABASE_URL?: string;
  DATA_DIR: string;
} {
  const result = z.object(databaseSettings).safeParse(source);
  if (!result.success) refuse(result.error);
  return { ...result.data, DATABASE_URL: result.data.DATABASE_URL || undefined };
}

/**
 * A production deployment on PostgreSQL whose email would go to the file outbox refuses to start:
 * every sign-in code and reset link would sit in DATA_DIR instead of reaching anyone, and nobody
 * would notice until people could not sign in. OUTBOX_IN_PRODUCTION=1 says it is meant.
 */
function refuseOutboxMail(parsed: z.infer<typeof envSchema>): void {
  if (parsed.NODE_ENV !== "production" || !parsed.DATABASE_URL) return;
  if (parsed.SMTP_URL || parsed.OUTBOX_IN_PRODUCTION) return;
  throw new Error(
    "SMTP_URL is not set: in production email would go to the file outbox (DATA_DIR/outbox) and reach nobody. Set SMTP_URL, or OUTBOX_IN_PRODUCTION=1 if the outbox is meant.",
  );
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = checkedEnvSchema.safeParse(source);
  if (!result.success) refuse(result.error);
  const parsed = result.data;
  refuseOutboxMail(parsed);
  return {
    ...parsed,
    ...loadSecrets(parsed),
    DEMO_SEED: parsed.DEMO_SEED ?? !parsed.DATABASE_URL,
    allowedHosts: hostList(parsed.CALLBACK_ALLOWED_HOSTS),
  };
}

const globalForEnv = globalThis as unknown as { __portalEnv?: Env; __portalEnvKeys?: string };
// `next dev` re-evaluates this file after an edit but keeps globalThis: a copy parsed by the older
// schema would lack a setting just added. The schema's names tell the two apart.
const SCHEMA_KEYS = Object.keys(envSchema.shape).join(",");

/** The configuration, read and validated once per process. */
export function env(): Env {
  if (globalForEnv.__portalEnvKeys !== SCHEMA_KEYS) {
    globalForEnv.__portalEnv = undefined;
    globalForEnv.__portalEnvKeys = SCHEMA_KEYS;
  }
  globalForEnv.__portalEnv ??= parseEnv(process.env);
  return globalForEnv.__portalEnv;
}

/** Tests change the environment between files; this forgets the cached copy. */
export function resetEnvForTests(): void {
  globalForEnv.__portalEnv = undefined;
}
