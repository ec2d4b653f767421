import "server-only";
import { LANGUAGE_COOKIE } from "@/lib/locales";
import { operatorAffiliateRecord } from "@/server/admin/programme-handlers";
import { affiliateRecordSchema } from "@/server/admin/programme-schema";
import { defineCall } from "@/server/http/call";
import {
  changeAffiliateCode,
  joinAffiliateProgramme,
  myAffiliateInfo,
  myReferralInfo,
  myReferrer,
  updateMyAffiliateInfo,
} from "./affiliate";
import { requestVerificationMail, verifyEmail } from "./email-verification";
import { requestPasswordReset, resetPassword } from "./password-recovery";
import { changePassword, setPassword, updateProfile } from "./profile";
import {
  affiliateCodeDto,
  affiliateInfoDto,
  changeAffiliateCodeSchema,
  changePasswordSchema,
  emailVerifiedDto,
  emptySchema,
  forgottenPassDto,
  forgottenPassSchema,
  myReferrerDto,
  noDataDto,
  paymentInfoDto,
  profileSavedDto,
  redirectDto,
  referralInfoDto,
  resetPasswordSchema,
  setPasswordSchema,
  updateAffiliateInfoSchema,
  updateProfileSchema,
  verificationMailDto,
  verifyEmailSchema,
} from "./schema";

/** The language a person chose is the LANGUAGE cookie's too, for a year. */
const LANGUAGE_COOKIE_SECONDS = 365 * 24 * 60 * 60;

/** What DESIGN §13's operator reading of /affilate/create and /affilate/update may answer besides. */
const OPERATOR_RECORD_ERRORS = [
  "ADMIN_REQUIRED",
  "ADMIN_2FA_REQUIRED",
  "REAUTH_REQUIRED",
  "REAUTH_PORTAL_SESSION_REQUIRED",
  "PERSON_NOT_FOUND",
] as const;

/** The affiliate's own payment information (levels are set by the operator). */
const updatePaymentInfoCall = defineCall({
  auth: "session",
  summary: "Update the affiliate's payment information",
  input: updateAffiliateInfoSchema,
  output: paymentInfoDto,
  errors: ["NOT_AFFILIATE"],
  run: async (ctx, input) => {
    await updateMyAffiliateInfo(ctx, input);
    return { data: { payment_info: input.payment_info }, message: "account.affiliate.paymentSaved" };
  },
});

/** Two paths, one rule: the builder's code and the flow app's. */
const changeCodeCall = (which: "builder" | "flow", summary: string) =>
  defineCall({
    auth: "session",
    summary,
    input: changeAffiliateCodeSchema,
    output: affiliateCodeDto,
    errors: ["CODE_TAKEN"],
    run: async (ctx, input) => ({
      data: { affilate_code: await changeAffiliateCode(ctx, input, which) },
      message: "account.affiliate.codeChanged",
    }),
  });

export const userCalls = {
  "/user/forgotten-pass": defineCall({
    auth: "none",
    summary: "Mail a password reset link (the same answer whether or not the email has an account)",
    input: forgottenPassSchema,
    output: forgottenPassDto,
    errors: ["RATE_LIMITED"],
    run: async (ctx, input) => {
      await requestPasswordReset(ctx, input);
      return { data: { email: input.email }, message: "auth.forgot.sent" };
    },
  }),
  "/user/reset-password": defineCall({
    auth: "none",
    summary: "Set a new password with the link's token; every session ends",
    input: resetPasswordSchema,
    output: redirectDto,
    errors: ["FLOW_TOKEN_INVALID"],
    run: async (ctx, input) => {
      await resetPassword(ctx, input);
      return { data: { redirect_url: "/signin" }, message: "auth.reset.done", session: { clear: true } };
    },
  }),
  "/user/send-verify-mail": defineCall({
    auth: "session",
    summary: "Mail an email verification link (at most every 5 minutes)",
    input: emptySchema,
    output: verificationMailDto,
    errors: ["EMAIL_ALREADY_VERIFIED", "VERIFY_MAIL_TOO_EARLY", "DELIVERY_FAILED"],
    run: async (ctx) => {
      const sentAt = await requestVerificationMail(ctx);
      return { data: { is_sent_mail: sentAt.toISOString() }, message: "account.verifyEmail.sent" };
    },
  }),
  "/user/verify-email": defineCall({
    auth: "none",
    summary: "Mark the email verified with the link's token",
    input: verifyEmailSchema,
    output: emailVerifiedDto,
    errors: ["RATE_LIMITED", "FLOW_TOKEN_INVALID"],
    run: async (ctx, input) => ({ data: await verifyEmail(ctx, input), message: "auth.verifyEmail.success" }),
  }),
  "/user/update": defineCall({
    auth: "session",
    multipart: true,
    summary: "Update name, phone (while unverified), language, time zone and avatar",
    input: updateProfileSchema,
    output: profileSavedDto,
    errors: ["AVATAR_REFUSED", "AVATAR_TOO_LARGE", "AVATAR_NOT_IMAGE"],
    run: async (ctx, input) => {
      const { user, language } = await updateProfile(ctx, input);
      const cookie = { name: LANGUAGE_COOKIE, maxAge: LANGUAGE_COOKIE_SECONDS, httpOnly: false };
      return {
        data: { user },
        message: "account.profile.saved",
        cookies: language ? [{ ...cookie, value: language }] : [],
      };
    },
  }),
  "/user/change-password": defineCall({
    auth: "session",
    summary: "Change the password; every other session ends",
    input: changePasswordSchema,
    output: noDataDto,
    errors: ["PASSWORD_INCORRECT"],
    run: async (ctx, input) => {
      await changePassword(ctx, input);
      return { data: {}, message: "account.password.changed" };
    },
  }),
  "/user/set-password": defineCall({
    auth: "session",
    portalSessionOnly: true,
    summary:
      "Set a first password (an account without one), after /user/reauth-send-code and /user/reauthenticate-code",
    input: setPasswordSchema,
    output: noDataDto,
    errors: ["REAUTH_REQUIRED", "REAUTH_PORTAL_SESSION_REQUIRED", "PASSWORD_ALREADY_SET"],
    run: async (ctx, input) => {
      await setPassword(ctx, input);
      return { data: {}, message: "account.setPassword.done" };
    },
  }),
  "/user/change-affilate-code": changeCodeCall(
    "builder",
    "Change the person's referral / affiliate code (the builder's)",
  ),
  "/user/change-flow-affilate-code": changeCodeCall(
    "flow",
    "Change the person's affiliate code in the flow app",
  ),
  "/user/my-ref-affilate": defineCall({
    auth: "session",
    summary: "Who referred the person, if anyone",
    input: emptySchema,
    output: myReferrerDto,
    run: async (ctx) => ({ data: await myReferrer(ctx) }),
  }),
  "/user/my-refferral-info": defineCall({
    auth: "session",
    summary: "The person's invite link and how many accounts it brought",
    input: emptySchema,
    output: referralInfoDto,
    run: async (ctx) => ({ data: await myReferralInfo(ctx) }),
  }),
  "/affilate/my-affilate-info": defineCall({
    auth: "session",
    summary: "The affiliate's code, level, payment information and counts (null outside the programme)",
    input: emptySchema,
    output: affiliateInfoDto,
    run: async (ctx) => ({ data: await myAffiliateInfo(ctx) }),
  }),
  "/affilate/create": defineCall({
    auth: "session",
    summary:
      "Join the affiliate programme (level 1) with payment information; an operator names `user_id` (and may set `level`) to enrol that person",
    input: affiliateRecordSchema,
    output: affiliateInfoDto,
    errors: OPERATOR_RECORD_ERRORS,
    run: async (ctx, input) => ({
      data:
        (await operatorAffiliateRecord(ctx, input, "create")) ?? (await joinAffiliateProgramme(ctx, input)),
    }),
  }),
  "/affilate/update": defineCall({
    auth: "session",
    summary:
      "Update the affiliate's payment information; an operator names `user_id` (and may set `level`) to change that person's",
    input: affiliateRecordSchema,
    output: paymentInfoDto,
    errors: ["NOT_AFFILIATE", ...OPERATOR_RECORD_ERRORS],
    run: async (ctx, input) => {
      if (!(await operatorAffiliateRecord(ctx, input, "update"))) await updateMyAffiliateInfo(ctx, input);
      return { data: { payment_info: input.payment_info }, message: "account.affiliate.paymentSaved" };
    },
  }),
  "/affilate/update-my-info": updatePaymentInfoCall,
};
