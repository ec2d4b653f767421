// Inputs (and answer shapes) of the two-factor, device-limit and device calls: one schema per
// call, shared by the forms and the handlers. No server imports here: client components use it.
import { z } from "zod";
import { isVietnamesePhone, MSG, optionalText, otpCodeField, text } from "@/lib/validation";
import { flag, signedInDto } from "@/server/auth/schema";

export const TWO_FA_METHODS = ["totp", "sms"] as const;
export type TwoFaMethod = (typeof TWO_FA_METHODS)[number];

/** The temporary token of a sign-in waiting for its second factor (SPEC `custom_auth`). */
const customAuth = optionalText(200);

/** /auth2-fa/generate-setup-url → { qrCode (data: URL of a PNG), secret, otpauth_url }. */
export const generateSetupSchema = z.object({ custom_auth: customAuth });

/**
 * /auth2-fa/enable-2fa: `token` is the 6-digit code (app or SMS). With `custom_auth` the sign-in
 * that required two-factor continues (answer = the sign-in result); from the profile, changing an
 * enabled method asks for the password again. A TOTP answer carries `backup_codes` (shown once).
 */
export const enable2faSchema = z.object({
  token: otpCodeField,
  method: z.enum(TWO_FA_METHODS),
  custom_auth: customAuth,
  password: optionalText(100),
});
export type Enable2faInput = z.input<typeof enable2faSchema>;

/** /auth2-fa/require-verify-sms → { phone, exp_time }: the phone must be Vietnamese (fixed when verified). */
export const requireVerifySmsSchema = z.object({
  custom_auth: customAuth,
  phone: optionalText(30).refine((p) => !p || isVietnamesePhone(p), { error: MSG.phone }),
});
export type RequireVerifySmsInput = z.input<typeof requireVerifySmsSchema>;

/** A 6-digit code, or a backup code such as `ab12-cd34` (SPEC §5 strips non-digits from codes). */
export const secondFactorCode = z
  .string({ error: () => MSG.required })
  .trim()
  .min(1)
  .max(20);

/**
 * /auth2-fa/verify-login: the second step of a sign-in. Answers the sign-in result, or code 503
 * with `{ devices, token, redirect_url }` when the device limit is reached.
 */
export const verifyLoginSchema = z.object({
  token: secondFactorCode,
  custom_auth: text({ min: 1, max: 200 }),
  /** Skip the second factor on this browser for 30 days. */
  trust_device: flag,
  search: optionalText(4000),
  client_id: optionalText(200),
});
export type VerifyLoginInput = z.input<typeof verifyLoginSchema>;

/** /auth2-fa/resend: another SMS code for a sign-in waiting for its second factor → { exp_time }. */
export const resend2faSchema = z.object({ custom_auth: text({ min: 1, max: 200 }) });

/** /auth2-fa/disable: turning two-factor off asks for the password again. */
export const disable2faSchema = z.object({ password: text({ min: 1, max: 100 }) });

/** /auth/device-limit-devices → { devices: DeviceDto[], limit }. */
export const deviceLimitSchema = z.object({ token: text({ min: 1, max: 200 }) });

/** /auth/device-limit-resolve: sign out at least one device, then the sign-in completes. */
export const resolveDeviceLimitSchema = z.object({
  token: text({ min: 1, max: 200 }),
  session_ids: z.array(z.string().min(1).max(64)).min(1, { error: "devices.selectOne" }).max(100),
});

/** /user/revoke-session, /user/revoke-trusted-device. */
export const byIdSchema = z.object({ id: text({ min: 1, max: 64 }) });

/** /user/security-events (limit, offset) → { items, total }. */
export const pageSchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});

/** A live session as the person sees it (Devices section, device-limit dialog). */
export const deviceDto = z.object({
  id: z.string(),
  device: z.enum(["desktop", "mobile", "tablet"]),
  browser: z.string(),
  os: z.string(),
  ip: z.string().nullable(),
  app_code: z.string(),
  created_at: z.iso.datetime(),
  last_active: z.iso.datetime(),
  is_current: z.boolean(),
  /** This browser skips the second factor (trusted for 30 days). */
  is_trusted: z.boolean().describe("This browser skips the second factor (trusted for 30 days)"),
});
export type DeviceDto = z.infer<typeof deviceDto>;

// Answers (the API reference documents them; server/openapi).

/** /auth2-fa/generate-setup-url. */
export const totpSetupDto = z.object({
  qrCode: z.string().describe("data: URL of a PNG"),
  secret: z.string().describe("Base32, for typing into the app"),
  otpauth_url: z.string(),
});
export type TotpSetupDto = z.infer<typeof totpSetupDto>;

const enabledExtra = {
  method: z.enum(TWO_FA_METHODS),
  backup_codes: z.array(z.string()).optional().describe("TOTP: ten single-use codes, shown once"),
};

/** /auth2-fa/enable-2fa: from a sign-in (`custom_auth`) the signed-in result; from the profile, the method. */
export const twoFaEnabledDto = z.union([signedInDto.extend(enabledExtra), z.object(enabledExtra)]);

export const smsCodeSentDto = z.object({ phone: z.string(), exp_time: z.number().int() });
export type SmsCodeSentDto = z.infer<typeof smsCodeSentDto>;

export const codeExpiryDto = z.object({ exp_time: z.number().int() });

export const deviceLimitDevicesDto = z.object({ devices: z.array(deviceDto), limit: z.number().int() });
export type DeviceLimitDevicesDto = z.infer<typeof deviceLimitDevicesDto>;

export const signedOutAllDto = z.object({ redirect_url: z.string(), revoked: z.number().int() });

export const sessionsDto = z.object({ items: z.array(deviceDto) });

export const deviceIdDto = z.object({ id: z.string() });

/** Signing this very session out answers where to go; any other, its id. */
export const revokedSessionDto = z.union([z.object({ redirect_url: z.string() }), deviceIdDto]);
