// Inputs and answers of the account-deletion calls: one schema per call, shared by the profile's
// delete dialog, the /cancel-deletion page and the handlers. No server imports here.
import { z } from "zod";
import { text } from "@/lib/validation";

/** /account-deletion/preview: what deleting the account means for this person, before they confirm. */
export const deletionPreviewDto = z.object({
  email: z.string(),
  grace_days: z.number().int(),
  /** Whether /user/reauthenticate is needed first (no password proved in the last 10 minutes). */
  reauth_required: z.boolean(),
  /** The second factor asked for with the confirmation: null when two-factor is off. */
  two_fa: z.enum(["totp", "sms"]).nullable(),
  /** What is lost for good: unpaid commissions (affiliate), credit and money (partner), points. */
  losses: z.object({
    unpaid_commissions: z.number().int(),
    unpaid_commission_amount: z.number(),
    credit: z.number(),
    credit_app: z.number(),
    money: z.number().int(),
    point: z.number(),
  }),
});
export type DeletionPreviewDto = z.infer<typeof deletionPreviewDto>;

/** The email typed again; the second factor (app, SMS or backup code) when two-factor is on. */
export const requestDeletionSchema = z.object({
  confirm_email: text({ min: 1, max: 200 }),
  code: text({ max: 40 }).optional(),
  /** The token /account-deletion/send-code answered, for an SMS code. */
  sms_token: text({ max: 200 }).optional(),
});
export type RequestDeletionInput = z.input<typeof requestDeletionSchema>;

export const deletionRequestedDto = z.object({
  deletion_due_at: z.iso.datetime(),
  redirect_url: z.string(),
});

export const smsCodeDto = z.object({ sms_token: z.string(), exp_time: z.number().int() });

/** /auth/cancel-deletion: the step token a refused sign-in answered (`data.cancel_token`). */
export const cancelDeletionSchema = z.object({
  token: text({ min: 1, max: 200 }),
  client_id: text({ max: 200 }).optional(),
});
export type CancelDeletionInput = z.input<typeof cancelDeletionSchema>;

/** What a sign-in refused with ACCOUNT_DELETION_PENDING carries in its `data` (besides `error`). */
export type DeletionPendingData = { cancel_token: string; deletion_due_at: string };
