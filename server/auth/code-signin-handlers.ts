import "server-only";
import type { ErrorCode } from "@/lib/errors";
import { defineCall } from "@/server/http/call";
import { CODE_CHECK_ERRORS } from "@/server/verification/service";
import {
  CODE_SIGNIN_BINDING_COOKIE,
  CODE_SIGNIN_TTL_SECONDS,
  resendCodeSignIn,
  startCodeSignIn,
  verifyCodeSignIn,
} from "./code-signin";
import {
  codeSignInResendSchema,
  codeSignInResentDto,
  codeSignInStartDto,
  codeSignInStartSchema,
  codeSignInVerifySchema,
  codeSignUpSchema,
} from "./code-signin-schema";
import { signUpByCode } from "./code-signup";
import { signInAnswer } from "./handlers";
import { signInResultDto, verificationStepDto } from "./schema";

const FLOW_ERRORS = [
  "PASSWORDLESS_DISABLED",
  "RATE_LIMITED",
  "FLOW_TOKEN_INVALID",
] as const satisfies ErrorCode[];

/** Sign in with a one-time code (server/auth/code-signin.ts): start, resend, verify. */
export const codeSignInCalls = {
  "/auth/code-signin": defineCall({
    auth: "none",
    summary:
      "Sign in with a code: send one to an email or phone (the same answer when it has no account; sets a binding cookie)",
    input: codeSignInStartSchema,
    output: codeSignInStartDto,
    errors: ["PASSWORDLESS_DISABLED", "RATE_LIMITED", "CAPTCHA_REQUIRED", "CAPTCHA_INVALID"],
    run: async (ctx, input) => {
      const { answer, binding } = await startCodeSignIn(ctx, input);
      const cookie = {
        name: CODE_SIGNIN_BINDING_COOKIE,
        value: binding,
        maxAge: CODE_SIGNIN_TTL_SECONDS,
        httpOnly: true,
        frame: Boolean(input.iframe),
      };
      return { data: answer, cookies: [cookie] };
    },
  }),
  "/auth/code-signin-resend": defineCall({
    auth: "none",
    summary: "Send the sign-in code again (60 s apart), from the browser that started it",
    input: codeSignInResendSchema,
    output: codeSignInResentDto,
    errors: [...FLOW_ERRORS, "OTP_RESEND_TOO_EARLY"],
    run: async (ctx, input) => ({
      data: await resendCodeSignIn(ctx, input),
      message: "auth.verify.resent",
    }),
  }),
  "/auth/code-signin-verify": defineCall({
    auth: "none",
    summary: "Finish a code sign-in: signed in, or the next step (two-factor, device limit) as /auth/signin",
    input: codeSignInVerifySchema,
    output: signInResultDto,
    errors: [
      ...CODE_CHECK_ERRORS,
      "PASSWORDLESS_DISABLED",
      "ACCOUNT_LOCKED",
      "ACCOUNT_DELETION_PENDING",
      "DEVICE_LIMIT_EXCEEDED",
    ],
    run: async (ctx, input) => signInAnswer(await verifyCodeSignIn(ctx, input)),
  }),
  "/auth/code-signup": defineCall({
    auth: "none",
    summary:
      "No account yet: open one for the email or phone of a code sign-in (name, the other identifier, no password); a code then verifies it at /verify-account",
    input: codeSignUpSchema,
    output: verificationStepDto,
    errors: [...FLOW_ERRORS, "REGISTRATION_DISABLED", "CAPTCHA_INVALID", "DELIVERY_FAILED"],
    run: async (ctx, input) => signInAnswer(await signUpByCode(ctx, input)),
  }),
};
