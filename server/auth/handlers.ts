import "server-only";
import { defineCall } from "@/lib/http/call";
import {
  adoptTokenSchema,
  completeRegisterSchema,
  emptySchema,
  openAppSchema,
  resendOtpSchema,
  signInSchema,
  signUpSchema,
  socialCallbackSchema,
  socialUrlSchema,
  userInfoSchema,
  verifyAccountSchema,
} from "./schema";
import {
  adoptToken,
  completeRegister,
  getUserInfo,
  openApp,
  resendOtp,
  signIn,
  signOut,
  signUp,
  verifyAccount,
} from "./service";
import { createSocialUrl, finishSocialSignIn } from "./social";

export const authCalls = {
  "/auth/signin": defineCall({ auth: "none", input: signInSchema, run: signIn }),
  "/auth/signup": defineCall({ auth: "none", input: signUpSchema, run: signUp }),
  "/auth/signup-v2": defineCall({ auth: "none", input: signUpSchema, run: signUp }),
  "/auth/resend-otp": defineCall({ auth: "none", input: resendOtpSchema, run: resendOtp }),
  "/auth/verify-account": defineCall({ auth: "none", input: verifyAccountSchema, run: verifyAccount }),
  "/auth/userinfo": defineCall({ auth: "session", bodyToken: true, input: userInfoSchema, run: getUserInfo }),
  "/auth/logout": defineCall({ auth: "optional", input: emptySchema, run: signOut }),
  "/auth/open-app": defineCall({ auth: "session", input: openAppSchema, run: openApp }),
  "/auth/adopt-token": defineCall({ auth: "none", input: adoptTokenSchema, run: adoptToken }),
  "/auth/complete-register": defineCall({
    auth: "session",
    input: completeRegisterSchema,
    run: completeRegister,
  }),
  "/auth/google-generate-url": defineCall({
    auth: "none",
    input: socialUrlSchema,
    run: (ctx, input) => createSocialUrl(ctx, "google", input),
  }),
  "/auth/facebook-generate-url": defineCall({
    auth: "none",
    input: socialUrlSchema,
    run: (ctx, input) => createSocialUrl(ctx, "facebook", input),
  }),
  "/auth/oauth2-google": defineCall({
    auth: "none",
    input: socialCallbackSchema,
    run: (ctx, input) => finishSocialSignIn(ctx, "google", input),
  }),
  "/auth/oauth2-facebook": defineCall({
    auth: "none",
    input: socialCallbackSchema,
    run: (ctx, input) => finishSocialSignIn(ctx, "facebook", input),
  }),
};
