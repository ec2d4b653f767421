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
