import "server-only";
import { defineCall } from "@/lib/http/call";
import { requestVerificationMail, verifyEmail } from "./email-verification";
import { requestPasswordReset, resetPassword } from "./password-recovery";
import { emptySchema, forgottenPassSchema, resetPasswordSchema, verifyEmailSchema } from "./schema";

export const userCalls = {
  "/user/forgotten-pass": defineCall({ auth: "none", input: forgottenPassSchema, run: requestPasswordReset }),
  "/user/reset-password": defineCall({ auth: "none", input: resetPasswordSchema, run: resetPassword }),
  "/user/send-verify-mail": defineCall({ auth: "session", input: emptySchema, run: requestVerificationMail }),
  "/user/verify-email": defineCall({ auth: "none", input: verifyEmailSchema, run: verifyEmail }),
};
