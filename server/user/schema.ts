// Inputs of the /2.0/user/* calls: one schema per call, shared by the forms and the handlers.
// No server imports here: client components import this file.
import { z } from "zod";
import { emailField, MSG, newPasswordField, optionalText, text } from "@/lib/validation";

export const forgottenPassSchema = z.object({ email: emailField });
export type ForgottenPassInput = z.input<typeof forgottenPassSchema>;

/** The one rule of lib/password-rule.ts; the service also checks the password is not the email. */
const newPassword = newPasswordField;

export const resetPasswordSchema = z
  .object({
    token: text({ min: 1, max: 200 }),
    password: newPassword,
    /** Sent by the portal's own form; a sibling product may leave it out. */
    confirm_password: z.string().max(200).optional(),
    store_id: optionalText(100),
    app_code: optionalText(20),
  })
  .refine((v) => v.confirm_password === undefined || v.confirm_password === v.password, {
    path: ["confirm_password"],
    error: MSG.passwordMismatch,
  });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const verifyEmailSchema = z.object({ token: text({ min: 1, max: 200 }) });

export const emptySchema = z.object({});

/** The reset form: both boxes required, and they must match (RESET_PASSWORD.ERROR_PASSWORD_MISSMATCH). */
export const resetPasswordFormSchema = z
  .object({ password: newPassword, confirm_password: z.string().min(1).max(200) })
  .refine((v) => v.confirm_password === v.password, {
    path: ["confirm_password"],
    error: MSG.passwordMismatch,
  });
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;

export const LANGUAGES = ["vi", "en", "th", "my", "id"] as const;

/** An IANA time zone the runtime knows (e.g. Asia/Ho_Chi_Minh). */
const timeZone = z
  .string()
  .trim()
  .max(64)
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { error: "validation.timeZone" },
  );

/** The avatar upload: checked again from its bytes on the server (type, size, re-encoded). */
export const AVATAR_MAX_BYTES = 5_242_880;

/**
 * /user/update (multipart: `jsonData` + optional `avatar` file). The phone is ignored once
 * verified and the email never changes here.
 */
export const updateProfileSchema = z.object({
  fullname: text({ min: 1, max: 100 }),
  phone: optionalText(30),
  country_code: z.string().trim().max(2).optional(),
  time_zone: timeZone.optional(),
  language: z.enum(LANGUAGES).optional(),
  avatar: z.instanceof(Blob).optional(),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

/**
 * /user/change-password: new and confirm must match; the new one follows the one rule of
 * lib/password-rule.ts (SPEC §5's per-screen readings, 6–45 here, gave way to it).
 */
export const changePasswordSchema = z
  .object({
    old_password: z.string().min(1).max(200),
    new_password: newPassword,
    confirm_password: z.string().min(1).max(200),
    store_id: optionalText(100),
    app_code: optionalText(20),
  })
  .refine((v) => v.new_password === v.confirm_password, {
    path: ["confirm_password"],
    error: "account.password.mismatch",
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/**
 * /user/set-password: a first password for an account that has none (a social sign-up, or one
 * that only ever signed in with a code); new and confirm must match. No current password: the
 * person proves themselves again first (/user/reauth-methods offers the emailed code).
 */
export const setPasswordSchema = z
  .object({
    new_password: newPassword,
    confirm_password: z.string().min(1).max(200),
  })
  .refine((v) => v.new_password === v.confirm_password, {
    path: ["confirm_password"],
    error: "account.password.mismatch",
  });
export type SetPasswordInput = z.input<typeof setPasswordSchema>;

/** /user/change-affilate-code, /user/change-flow-affilate-code: 2–45, letters, digits, - and _. */
export const changeAffiliateCodeSchema = z.object({
  affilate_code: text({ min: 2, max: 45 }).regex(/^[A-Za-z0-9_-]+$/, {
    error: "account.affiliate.codeChars",
  }),
});
export type ChangeAffiliateCodeInput = z.input<typeof changeAffiliateCodeSchema>;

/** /affilate/update-my-info: SPEC's 'Payment infomation cannot null'. */
export const updateAffiliateInfoSchema = z.object({
  payment_info: z
    .string({ error: () => "account.affiliate.paymentRequired" })
    .trim()
    .min(1, { error: "account.affiliate.paymentRequired" })
    .max(2000),
});
export type UpdateAffiliateInfoInput = z.input<typeof updateAffiliateInfoSchema>;

// Answers (the API reference documents them; server/openapi).

const isoTime = z.iso.datetime();

/** SPEC §3 user info as the browser and sibling products receive it (never the token or secrets). */
export const userInfoDto = z.object({
  _id: z.string(),
  email: z.string(),
  fullname: z.string(),
  lastname: z.string().nullable(),
  phone: z.string().nullable().describe("National format for Vietnam (0912345678), E.164 elsewhere"),
  country_code: z.string().nullable().describe("ISO 3166-1 alpha-2, lower case (vn)"),
  avatar: z.string().nullable().describe("Path of the uploaded picture"),
  language: z.string().describe("vi, en, th, my or id"),
  timezone: z.string().describe("IANA time zone (Asia/Ho_Chi_Minh)"),
  point: z.number(),
  money: z.number().int().describe("VND"),
  credit: z.number().describe("Partner credit, two decimals"),
  credit_app: z.number().describe("API credit, two decimals"),
  is_partner: z.boolean(),
  scope: z.string().describe("user or admin"),
  is_require_2fa: z.boolean(),
  verify_2fa_type: z.string().nullable().describe("TOTP or SMS when two-factor is on"),
  is_not_enable_2fa: z.boolean(),
  is_verify_phone: z.boolean(),
  is_verify_email: z.boolean(),
  is_not_verify: z.boolean(),
  verify_type: z.string().describe("EMAIL, SMS or ZNS: the channel of the account's verification code"),
  is_sent_mail: isoTime.nullable().describe("When the last verification mail went out"),
  is_refferral: z.boolean(),
  last_login: isoTime.nullable(),
  status: z.string().describe("ACTIVE, or LOCKED"),
  packages: z.array(z.string()),
  created_at: isoTime,
  code: z.string().describe("The person's own referral / affiliate code"),
  ladiflow_ref: z.string().nullable(),
});
export type UserInfoDto = z.infer<typeof userInfoDto>;

/** /user/update: the person as saved. */
export const profileSavedDto = z.object({ user: userInfoDto });
export type ProfileSavedDto = z.infer<typeof profileSavedDto>;

/** /user/forgotten-pass: the same answer whether or not the email has an account. */
export const forgottenPassDto = z.object({ email: z.string() });

/** A step that ends where the browser goes next. */
export const redirectDto = z.object({ redirect_url: z.string() });

export const verificationMailDto = z.object({ is_sent_mail: isoTime });

export const emailVerifiedDto = z.object({ email: z.string(), redirect_url: z.string() });
export type EmailVerifiedDto = z.infer<typeof emailVerifiedDto>;

/** A call that answers nothing but its message. */
export const noDataDto = z.object({});

export const affiliateCodeDto = z.object({ affilate_code: z.string() });

export const myReferrerDto = z.object({
  referrer: z.object({ email: z.string(), code: z.string() }).nullable(),
  affilate_code: z.string().nullable(),
  ladiflow_ref: z.string().nullable(),
});
export type MyReferrerDto = z.infer<typeof myReferrerDto>;

export const referralInfoDto = z.object({
  code: z.string(),
  referral_url: z.string(),
  total: z.number().int(),
  verified: z.number().int(),
  purchased: z.number().int(),
});
export type ReferralInfoDto = z.infer<typeof referralInfoDto>;

/** /affilate/my-affilate-info: null for someone not in the programme. */
export const affiliateInfoDto = z.object({
  affilateInfo: z
    .object({
      code: z.string(),
      flow_code: z.string().nullable(),
      level: z.number().int().min(1).max(4),
      payment_info: z.string(),
      referral_url: z.string(),
      customer_count: z.number().int(),
      purchased_count: z.number().int(),
      total_purchased: z.number().int(),
    })
    .nullable(),
});
export type AffiliateInfoDto = z.infer<typeof affiliateInfoDto>;

export const paymentInfoDto = z.object({ payment_info: z.string() });
