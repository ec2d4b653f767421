import { z } from "zod";

// The data export (issue 22, "My data"): everything the portal holds about one person, as the JSON
// file of the download. Secrets never enter it: no password hash, no TOTP secret, no backup code,
// no session or device token (only their ids), no checkout capability, no gateway callback.

const at = z.string().describe("ISO 8601 instant");
const maybeAt = at.nullable();

export const EXPORT_FORMAT = "luid.personal-data";
export const EXPORT_VERSION = 1;

const deviceDto = z.object({
  id: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: at,
  expires_at: at,
  revoked_at: maybeAt,
});

export const personalDataDto = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exported_at: at,
  profile: z.object({
    id: z.string(),
    email: z.string(),
    fullname: z.string(),
    lastname: z.string().nullable(),
    phone: z.string().nullable(),
    country_code: z.string().nullable(),
    avatar: z.string().nullable(),
    language: z.string(),
    timezone: z.string(),
    code: z.string(),
    flow_affilate_code: z.string().nullable(),
    scope: z.string(),
    status: z.string(),
    is_partner: z.boolean(),
    signup_app_code: z.string().nullable(),
    utm_source: z.string().nullable(),
    last_login_at: maybeAt,
    created_at: at,
    updated_at: at,
  }),
  verification: z.object({
    is_verified: z.boolean(),
    is_verify_email: z.boolean(),
    is_verify_phone: z.boolean(),
    verify_type: z.string(),
  }),
  two_factor: z.object({
    type: z.string().nullable(),
    enabled_at: maybeAt,
    is_required: z.boolean(),
    backup_codes_total: z.number().int(),
    backup_codes_unused: z.number().int(),
    trusted_devices: z.array(deviceDto),
  }),
  sessions: z.array(deviceDto.extend({ app_code: z.string(), last_seen_at: at })),
  linked_identities: z.array(
    z.object({ provider: z.string(), subject: z.string(), email: z.string().nullable(), created_at: at }),
  ),
  /** Names and dates of the person's passkeys (never the public key or credential id). */
  passkeys: z.array(
    z.object({
      name: z.string(),
      kind: z.string(),
      is_synced: z.boolean(),
      created_at: at,
      last_used_at: maybeAt,
    }),
  ),
  security_events: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      ip: z.string().nullable(),
      user_agent: z.string().nullable(),
      data: z.record(z.string(), z.unknown()),
      created_at: at,
    }),
  ),
  balances: z.object({ money: z.number(), point: z.number(), credit: z.number(), credit_app: z.number() }),
  stores: z.array(
    z.object({
      id: z.string(),
      app_code: z.string(),
      store_id: z.string(),
      name: z.string(),
      package_code: z.string().nullable(),
      activated_at: maybeAt,
      expires_at: maybeAt,
      created_at: at,
    }),
  ),
  orders: z.array(
    z.object({
      id: z.string(),
      app_code: z.string(),
      reference_no: z.string(),
      status: z.string(),
      total: z.number(),
      credit: z.number(),
      note: z.string().nullable(),
      status_note: z.string().nullable(),
      paid_at: maybeAt,
      created_at: at,
      lines: z.array(
        z.object({
          id: z.string(),
          app_code: z.string(),
          store_id: z.string(),
          store_name: z.string(),
          package_code: z.string(),
          package_name: z.string(),
          months: z.number().int(),
          bonus_months: z.number().int(),
          subtotal: z.number(),
        }),
      ),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.string(),
      order_id: z.string(),
      order_reference_no: z.string(),
      reference_no: z.string(),
      method: z.string(),
      gateway: z.string(),
      amount: z.number(),
      points_used: z.number(),
      status: z.string(),
      note: z.string().nullable(),
      is_hidden: z.boolean(),
      paid_at: maybeAt,
      created_at: at,
    }),
  ),
  credit_logs: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      balance: z.string(),
      amount: z.number(),
      reference_no: z.string(),
      description: z.string().nullable(),
      app_code: z.string().nullable(),
      created_at: at,
    }),
  ),
  point_logs: z.array(
    z.object({
      id: z.string(),
      points: z.number(),
      reference_no: z.string(),
      description: z.string().nullable(),
      created_at: at,
    }),
  ),
  referrals: z.object({
    referred_by: z.object({ email: z.string(), code: z.string() }).nullable(),
    affilate_code: z.string().nullable(),
    referred: z.array(
      z.object({
        id: z.string(),
        email: z.string(),
        verify_reward: z.number().nullable(),
        purchased_reward: z.number().nullable(),
        created_at: at,
      }),
    ),
  }),
  affiliate: z
    .object({
      code: z.string(),
      flow_code: z.string().nullable(),
      level: z.number().int(),
      payment_info: z.string(),
      referral_url: z.string(),
    })
    .nullable(),
  commissions: z.array(
    z.object({
      id: z.string(),
      customer_email: z.string(),
      order_reference_no: z.string(),
      level: z.number().int(),
      type: z.string(),
      program: z.string(),
      order_amount: z.number(),
      rate: z.number(),
      amount: z.number(),
      status: z.string(),
      invoice_id: z.string().nullable(),
      created_at: at,
    }),
  ),
  invoices: z.array(
    z.object({
      id: z.string(),
      month: z.string(),
      total: z.number(),
      status: z.string(),
      note: z.string().nullable(),
      paid_at: maybeAt,
      created_at: at,
    }),
  ),
});
export type PersonalData = z.infer<typeof personalDataDto>;
