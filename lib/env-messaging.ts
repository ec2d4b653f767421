// The SMS and Zalo ZNS variables of lib/env.ts (DESIGN §5, README "SMS and Zalo ZNS"), and the
// yes/no flag every boolean variable uses. No imports but zod: lib/env.ts spreads this shape.
import { z } from "zod";

/** A yes/no variable: 1, true or yes; anything else of the list is no. */
export const bool = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .transform((v) => v === "1" || v === "true" || v === "yes");

export const messagingEnv = {
  SMS_PROVIDER: z.enum(["outbox", "webhook", "esms"]).default("outbox"),
  SMS_WEBHOOK_URL: z.url().optional(),
  ZNS_PROVIDER: z.enum(["outbox", "webhook", "zalo"]).default("outbox"),
  ZNS_WEBHOOK_URL: z.url().optional(),
  /** eSMS brandname SMS (SMS_PROVIDER=esms, server/notify/esms.ts): the account's keys and registered brandname. */
  ESMS_API_KEY: z.string().trim().min(1).optional(),
  ESMS_SECRET_KEY: z.string().trim().min(1).optional(),
  ESMS_BRANDNAME: z.string().trim().min(1).max(11).optional(),
  ESMS_BASE_URL: z.url().default("https://rest.esms.vn"),
  /** eSMS's Sandbox=1: requests are checked and answered but nothing is sent or charged. */
  ESMS_SANDBOX: bool.default(false),
  /** The secret of eSMS's delivery reports (`/2.0/notify/esms-report?key=…`); unset = no CallbackUrl, reports refused. */
  ESMS_REPORT_KEY: z.string().min(16).optional(),
  /** Zalo ZNS (ZNS_PROVIDER=zalo, server/notify/zalo.ts): the Zalo app linked to the Official Account. */
  ZALO_APP_ID: z.string().trim().min(1).optional(),
  ZALO_APP_SECRET: z.string().trim().min(1).optional(),
  /** The OA's first refresh token; the portal keeps the rotating pair in its database afterwards. */
  ZALO_OA_REFRESH_TOKEN: z.string().trim().min(1).optional(),
  /** ZNS template ids per message kind (README "SMS and Zalo ZNS"): the one-time code's. */
  ZNS_TEMPLATE_OTP: z.string().trim().min(1).optional(),
  /** Zalo's development mode (`mode: "development"`): ZNS reach only the app's and the OA's administrators. */
  ZNS_DEVELOPMENT: bool.default(false),
  ZALO_ZNS_URL: z.url().default("https://business.openapi.zalo.me"),
  ZALO_OAUTH_URL: z.url().default("https://oauth.zaloapp.com"),
};
