import "server-only";
import { signInAnswer } from "@/server/auth/handlers";
import { emptySchema, signInResultDto } from "@/server/auth/schema";
import { defineCall } from "@/server/http/call";
import { CODE_CHECK_ERRORS } from "@/server/verification/service";
import {
  cancelDeletionSchema,
  deletionPreviewDto,
  deletionRequestedDto,
  requestDeletionSchema,
  smsCodeDto,
} from "./schema";
import { cancelDeletion, previewDeletion, requestDeletion, sendDeletionSms } from "./service";

export const accountDeletionCalls = {
  "/account-deletion/preview": defineCall({
    auth: "session",
    summary:
      "What deleting the account loses (commissions, credit, money, points) and which proofs it asks for",
    input: emptySchema,
    output: deletionPreviewDto,
    run: async (ctx) => ({ data: await previewDeletion(ctx) }),
  }),
  "/account-deletion/send-code": defineCall({
    auth: "session",
    portalSessionOnly: true,
    summary: "An SMS code for the deletion's second factor (SMS two-factor; after /user/reauthenticate)",
    input: emptySchema,
    output: smsCodeDto,
    errors: ["REAUTH_REQUIRED", "TWO_FA_NOT_SMS", "RATE_LIMITED", "OTP_RESEND_TOO_EARLY", "DELIVERY_FAILED"],
    run: async (ctx) => {
      const { token, expTime } = await sendDeletionSms(ctx);
      return { data: { sms_token: token, exp_time: expTime } };
    },
  }),
  "/account-deletion/request": defineCall({
    auth: "session",
    portalSessionOnly: true,
    summary:
      "Delete my account: suspended immediately, with every session, product token and OIDC grant ended; erased after ACCOUNT_DELETION_GRACE_DAYS",
    input: requestDeletionSchema,
    output: deletionRequestedDto,
    errors: [
      "REAUTH_REQUIRED",
      "CONFIRM_EMAIL_MISMATCH",
      "TWO_FA_INVALID",
      "TWO_FA_CODE_USED",
      ...CODE_CHECK_ERRORS,
      "ACCOUNT_DELETION_PENDING",
    ],
    run: async (ctx, input) => {
      const dueAt = await requestDeletion(ctx, input);
      return {
        data: { deletion_due_at: dueAt.toISOString(), redirect_url: "/signin?logout=1" },
        message: "account.deletion.requested",
        session: { clear: true },
      };
    },
  }),
  "/auth/cancel-deletion": defineCall({
    auth: "none",
    summary: "Cancel a pending deletion with the token a refused sign-in answered, and finish that sign-in",
    input: cancelDeletionSchema,
    output: signInResultDto,
    errors: ["FLOW_TOKEN_INVALID", "DEVICE_LIMIT_EXCEEDED", "DELIVERY_FAILED"],
    run: async (ctx, input) => signInAnswer(await cancelDeletion(ctx, input)),
  }),
};
