import "server-only";
import { defineCall } from "@/lib/http/call";
import {
  emptySchema,
  resendOtpSchema,
  signInSchema,
  signUpSchema,
  userInfoSchema,
  verifyAccountSchema,
} from "./schema";
import { getUserInfo, resendOtp, signIn, signOut, signUp, verifyAccount } from "./service";

export const authCalls = {
  "/auth/signin": defineCall({ auth: "none", input: signInSchema, run: signIn }),
  "/auth/signup": defineCall({ auth: "none", input: signUpSchema, run: signUp }),
  "/auth/signup-v2": defineCall({ auth: "none", input: signUpSchema, run: signUp }),
  "/auth/resend-otp": defineCall({ auth: "none", input: resendOtpSchema, run: resendOtp }),
  "/auth/verify-account": defineCall({ auth: "none", input: verifyAccountSchema, run: verifyAccount }),
  "/auth/userinfo": defineCall({ auth: "session", bodyToken: true, input: userInfoSchema, run: getUserInfo }),
  "/auth/logout": defineCall({ auth: "optional", input: emptySchema, run: signOut }),
};
