import "server-only";
import { signInAnswer } from "@/server/auth/handlers";
import { signInResultDto, socialUrlDto, socialUrlSchema } from "@/server/auth/schema";
import { createSocialUrl, OAUTH_BINDING_COOKIE, STATE_TTL_SECONDS } from "@/server/auth/social";
import { startSocialRegistration, verifySocialRegistration } from "@/server/auth/social-register";
import { requireAuth } from "@/server/context";
import { defineCall } from "@/server/http/call";
import { emptySchema, noDataDto } from "@/server/user/schema";
import { CODE_CHECK_ERRORS } from "@/server/verification/service";
import {
  linkUrlSchema,
  signInMethodsDto,
  socialRegisterDto,
  socialRegisterSchema,
  socialRegisterVerifySchema,
  unlinkSchema,
} from "./schema";
import { listSignInMethods, unlinkProvider } from "./service";

/** Calls around a provider's sign-in: an address for a provider without email, linking, unlinking. */
export const oauthCalls = {
  "/auth/social-register": defineCall({
    auth: "none",
    summary: "A provider's sign-up without email (Zalo): a code to the address it continues with",
    input: socialRegisterSchema,
    output: socialRegisterDto,
    errors: ["RATE_LIMITED", "FLOW_TOKEN_INVALID", "OTP_RESEND_TOO_EARLY", "DELIVERY_FAILED"],
    run: async (ctx, input) => {
      const { token, expTime, delayed } = await startSocialRegistration(ctx, input);
      return { data: { token, exp_time: expTime, delivery_delayed: delayed } };
    },
  }),
  "/auth/social-register-verify": defineCall({
    auth: "none",
    summary: "The code that proves the address: links the provider to its account and signs in",
    input: socialRegisterVerifySchema,
    output: signInResultDto,
    errors: [
      ...CODE_CHECK_ERRORS,
      "SOCIAL_ALREADY_LINKED",
      "ACCOUNT_LOCKED",
      "ACCOUNT_DELETION_PENDING",
      "DEVICE_LIMIT_EXCEEDED",
    ],
    run: async (ctx, input) => signInAnswer(await verifySocialRegistration(ctx, input)),
  }),
  "/auth/link-url": defineCall({
    auth: "session",
    portalSessionOnly: true,
    summary: "The provider's authorization URL that links it to the signed-in person (sets a binding cookie)",
    input: linkUrlSchema,
    output: socialUrlDto,
    errors: ["RATE_LIMITED", "SOCIAL_NOT_CONFIGURED", "SOCIAL_FAILED"],
    run: async (ctx, input) => {
      const { user } = requireAuth(ctx);
      const { url, binding } = await createSocialUrl(ctx, input.provider, socialUrlSchema.parse({}), {
        linkUserId: user.id,
      });
      const cookie = {
        name: OAUTH_BINDING_COOKIE,
        value: binding,
        maxAge: STATE_TTL_SECONDS,
        httpOnly: true,
      };
      return { data: { url }, cookies: [cookie] };
    },
  }),
  "/auth/sign-in-methods": defineCall({
    auth: "session",
    summary: "The person's ways to sign in: password, passkeys, and each provider linked or not",
    input: emptySchema,
    output: signInMethodsDto,
    run: async (ctx) => ({ data: await listSignInMethods(ctx) }),
  }),
  "/auth/unlink": defineCall({
    auth: "session",
    portalSessionOnly: true,
    summary:
      "Unlink a provider, unless it is the last way to sign in; after /user/reauthenticate (or its passkey or code forms) within 10 minutes",
    input: unlinkSchema,
    output: noDataDto,
    errors: ["SOCIAL_NOT_LINKED", "SOCIAL_LAST_METHOD", "REAUTH_REQUIRED"],
    run: async (ctx, input) => {
      await unlinkProvider(ctx, input.provider);
      return { message: "account.signInMethods.unlinked" };
    },
  }),
};
