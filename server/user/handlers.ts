import "server-only";
import { defineCall } from "@/lib/http/call";
import { requestVerificationMail, verifyEmail } from "./email-verification";
import { requestPasswordReset, resetPassword } from "./password-recovery";
import {
  changeAffiliateCode,
  changePassword,
  joinAffiliateProgramme,
  myAffiliateInfo,
  myReferralInfo,
  myReferrer,
  updateMyAffiliateInfo,
  updateProfile,
} from "./profile";
import {
  changeAffiliateCodeSchema,
  changePasswordSchema,
  emptySchema,
  forgottenPassSchema,
  resetPasswordSchema,
  updateAffiliateInfoSchema,
  updateProfileSchema,
  verifyEmailSchema,
} from "./schema";

export const userCalls = {
  "/user/forgotten-pass": defineCall({ auth: "none", input: forgottenPassSchema, run: requestPasswordReset }),
  "/user/reset-password": defineCall({ auth: "none", input: resetPasswordSchema, run: resetPassword }),
  "/user/send-verify-mail": defineCall({ auth: "session", input: emptySchema, run: requestVerificationMail }),
  "/user/verify-email": defineCall({ auth: "none", input: verifyEmailSchema, run: verifyEmail }),
  "/user/update": defineCall({
    auth: "session",
    multipart: true,
    input: updateProfileSchema,
    run: updateProfile,
  }),
  "/user/change-password": defineCall({ auth: "session", input: changePasswordSchema, run: changePassword }),
  "/user/change-affilate-code": defineCall({
    auth: "session",
    input: changeAffiliateCodeSchema,
    run: (ctx, input) => changeAffiliateCode(ctx, input, "builder"),
  }),
  "/user/change-flow-affilate-code": defineCall({
    auth: "session",
    input: changeAffiliateCodeSchema,
    run: (ctx, input) => changeAffiliateCode(ctx, input, "flow"),
  }),
  "/user/my-ref-affilate": defineCall({ auth: "session", input: emptySchema, run: myReferrer }),
  "/user/my-refferral-info": defineCall({ auth: "session", input: emptySchema, run: myReferralInfo }),
  "/affilate/my-affilate-info": defineCall({ auth: "session", input: emptySchema, run: myAffiliateInfo }),
  "/affilate/create": defineCall({
    auth: "session",
    input: updateAffiliateInfoSchema,
    run: joinAffiliateProgramme,
  }),
  /** Only the person's own payment information; levels are set by the operator. */
  "/affilate/update": defineCall({
    auth: "session",
    input: updateAffiliateInfoSchema,
    run: updateMyAffiliateInfo,
  }),
  "/affilate/update-my-info": defineCall({
    auth: "session",
    input: updateAffiliateInfoSchema,
    run: updateMyAffiliateInfo,
  }),
};
