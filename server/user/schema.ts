// Inputs of the /2.0/user/* calls: one schema per call, shared by the forms and the handlers.
// No server imports here: client components import this file.
import { z } from "zod";
import { emailField, MSG, optionalText, password, text } from "@/lib/validation";

export const forgottenPassSchema = z.object({ email: emailField });
export type ForgottenPassInput = z.input<typeof forgottenPassSchema>;

const newPassword = password({ min: 8, max: 20, strength: true });

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
 * /user/change-password: new and confirm must match. SPEC §5 reads 6–45 here but 8–45 at sign-in;
 * a 6-character password could then never sign in, so the new one is 8–45 like sign-in's.
 */
export const changePasswordSchema = z
  .object({
    old_password: z.string().min(1).max(200),
    new_password: password({ min: 8, max: 45, strength: false }),
    confirm_password: z.string().min(1).max(200),
    store_id: optionalText(100),
    app_code: optionalText(20),
  })
  .refine((v) => v.new_password === v.confirm_password, {
    path: ["confirm_password"],
    error: "account.password.mismatch",
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

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
