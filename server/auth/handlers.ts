import "server-only";
import { z } from "zod";
import type { ErrorCode } from "@/lib/errors";
import { type CallResult, defineCall } from "@/server/http/call";
import type { Provider } from "@/server/oauth/providers";
import { socialNextDto } from "@/server/oauth/schema";
import { TRUST_DAYS, TRUSTED_DEVICE_COOKIE } from "@/server/two-factor/devices";
import { redirectDto, userInfoDto } from "@/server/user/schema";
import { CODE_CHECK_ERRORS } from "@/server/verification/service";
import { type Adopted, adoptToken, confirmAdoption, getPendingAdoption } from "./adopt";
import { handoffQuery, type SignInOutcome } from "./finish-signin";
import { getFlowInfo } from "./flow-info";
import { getFlowStatus } from "./flow-status";
import { continueSignedIn } from "./hand-off";
import {
  adoptedDto,
  adoptPendingDto,
  adoptPendingSchema,
  adoptTokenDto,
  adoptTokenSchema,
  codeSentDto,
  completeRegisterSchema,
  continueSchema,
  emptySchema,
  flowInfoDto,
  flowInfoSchema,
  flowStatusDto,
  flowStatusSchema,
  openAppSchema,
  resendOtpSchema,
  signedInDto,
  signInResultDto,
  signInSchema,
  signUpResultDto,
  signUpSchema,
  socialCallbackSchema,
  socialUrlDto,
  socialUrlSchema,
  userInfoSchema,
  verifyAccountSchema,
} from "./schema";
import {
  completeRegister,
  getUserInfo,
  openApp,
  resendOtp,
  signIn,
  signOut,
  signUp,
  verifyAccount,
} from "./service";
import { createSocialUrl, finishSocialSignIn, OAUTH_BINDING_COOKIE, STATE_TTL_SECONDS } from "./social";

/**
 * The answer of a sign-in's outcome (SPEC §4), `extra` added to its data: a step before the
 * session clears the cookie; signed in sets it (and the trusted-device cookie when the person
 * asked to trust this browser).
 */
export function signInAnswer(outcome: SignInOutcome, extra: Record<string, unknown> = {}): CallResult {
  switch (outcome.kind) {
    case "verifyAccount":
      return {
        data: { ...outcome.step, ...extra },
        ...(outcome.step.delivery_delayed ? { message: "auth.verify.delayed" } : {}),
        session: { clear: true },
      };
    case "secondFactor":
      return { data: { ...outcome.step, ...extra }, session: { clear: true } };
    case "signedIn": {
      const token = outcome.trustedDeviceToken;
      const maxAge = TRUST_DAYS * 24 * 60 * 60;
      return {
        data: { ...outcome.next, ...extra },
        session: { set: outcome.session },
        cookies: token ? [{ name: TRUSTED_DEVICE_COOKIE, value: token, maxAge, httpOnly: true }] : [],
      };
    }
  }
}

/** A product token adopted as this browser's session. */
const adoptedAnswer = ({ session, next }: Adopted): CallResult => ({ data: next, session: { set: session } });

const SOCIAL_ERRORS = [
  "RATE_LIMITED",
  "SOCIAL_NOT_CONFIGURED",
  "SOCIAL_FAILED",
] as const satisfies ErrorCode[];

/** A social provider's authorization URL, and the cookie binding its state to this browser. */
const socialUrlCall = (provider: Provider, name: string) =>
  defineCall({
    auth: "none",
    summary: `${name}'s authorization URL to send the page to (sets a binding cookie)`,
    input: socialUrlSchema,
    output: socialUrlDto,
    errors: SOCIAL_ERRORS,
    run: async (ctx, input) => {
      const { url, binding } = await createSocialUrl(ctx, provider, input);
      const cookie = {
        name: OAUTH_BINDING_COOKIE,
        value: binding,
        maxAge: STATE_TTL_SECONDS,
        httpOnly: true,
      };
      // A framed pop-up: a frame may keep no cookie, so the frame holds the binding in memory.
      return { data: input.popup ? { url, binding } : { url }, cookies: [cookie] };
    },
  });

/** A social sign-in with what the provider sent back; its state's binding cookie goes either way. */
const socialSignInCall = (provider: Provider, name: string) =>
  defineCall({
    // A state started from the profile's "link" button is finished by that signed-in person.
    auth: "optional",
    summary: `Finish a ${name} sign-in with what ${name} sent back`,
    input: socialCallbackSchema,
    output: z.union([signInResultDto, socialNextDto]),
    errors: [
      ...SOCIAL_ERRORS,
      "SOCIAL_STATE_INVALID",
      "SOCIAL_DENIED",
      "SOCIAL_EMAIL_REQUIRED",
      "SOCIAL_ALREADY_LINKED",
      "EMAIL_TAKEN",
      "ACCOUNT_LOCKED",
      "ACCOUNT_DELETION_PENDING",
      "DEVICE_LIMIT_EXCEEDED",
    ],
    run: async (ctx, input) => {
      const outcome = await finishSocialSignIn(ctx, provider, input);
      const answer: CallResult =
        outcome.kind === "next" ? { data: { redirect_url: outcome.redirectUrl } } : signInAnswer(outcome);
      const cleared = { name: OAUTH_BINDING_COOKIE, value: "", maxAge: 0, httpOnly: true };
      return { ...answer, cookies: [...(answer.cookies ?? []), cleared] };
    },
  });

/** A sign-up always answers the /verify-account step, with the details it was given. */
const signUpCall = defineCall({
  auth: "none",
  summary: "Create an account; a code goes to the email (or phone) to verify it",
  input: signUpSchema,
  output: signUpResultDto,
  errors: ["REGISTRATION_DISABLED", "RATE_LIMITED", "CAPTCHA_INVALID", "DELIVERY_FAILED"],
  run: async (ctx, input) => {
    const given = { email: input.email, phone: input.phone, is_require_verify: true };
    return signInAnswer(await signUp(ctx, input), given);
  },
});

export const authCalls = {
  "/auth/signin": defineCall({
    auth: "none",
    summary: "Sign in with email and password; signed in, or the next step (code, two-factor)",
    input: signInSchema,
    output: signInResultDto,
    errors: [
      "RATE_LIMITED",
      "AUTH_INVALID_CREDENTIALS",
      "ACCOUNT_LOCKED",
      "ACCOUNT_DELETION_PENDING",
      "DEVICE_LIMIT_EXCEEDED",
      "DELIVERY_FAILED",
    ],
    run: async (ctx, input) => signInAnswer(await signIn(ctx, input)),
  }),
  "/auth/signup": signUpCall,
  "/auth/signup-v2": defineCall({
    ...signUpCall,
    summary: "The same as /auth/signup (SPEC keeps both paths)",
  }),
  "/auth/resend-otp": defineCall({
    auth: "none",
    summary: "Send the verification code again (60 s apart)",
    input: resendOtpSchema,
    output: codeSentDto,
    errors: ["RATE_LIMITED", "FLOW_TOKEN_INVALID", "OTP_RESEND_TOO_EARLY", "DELIVERY_FAILED"],
    run: async (ctx, input) => {
      const { expTime, delayed } = await resendOtp(ctx, input);
      return {
        data: { exp_time: expTime, delivery_delayed: delayed },
        message: delayed ? "auth.verify.delayed" : "auth.verify.resent",
      };
    },
  }),
  "/auth/verify-account": defineCall({
    auth: "none",
    summary: "Prove the address with the code; the sign-in then continues",
    input: verifyAccountSchema,
    output: signInResultDto,
    errors: [...CODE_CHECK_ERRORS, "DEVICE_LIMIT_EXCEEDED"],
    run: async (ctx, input) => signInAnswer(await verifyAccount(ctx, input)),
  }),
  "/auth/flow-info": defineCall({
    auth: "none",
    summary: "What a step's page shows (masked destination, timers), by its flow token",
    input: flowInfoSchema,
    output: flowInfoDto,
    errors: ["FLOW_TOKEN_INVALID"],
    run: async (ctx, input) => ({ data: await getFlowInfo(ctx, input) }),
  }),
  "/auth/flow-status": defineCall({
    auth: "none",
    summary: "Whether a link's step can still be used",
    input: flowStatusSchema,
    output: flowStatusDto,
    run: async (ctx, input) => ({ data: await getFlowStatus(ctx, input) }),
  }),
  "/auth/userinfo": defineCall({
    auth: "session",
    bodyToken: true,
    summary: "The person a token (or the session) belongs to: check a token handed to your product",
    input: userInfoSchema,
    output: userInfoDto,
    run: async (ctx) => ({ data: getUserInfo(ctx) }),
  }),
  "/auth/logout": defineCall({
    auth: "optional",
    summary: "End this session (a product's token: only that token)",
    input: emptySchema,
    output: redirectDto,
    run: async (ctx) => {
      await signOut(ctx);
      return { data: { redirect_url: "/signin?logout=1" }, session: { clear: true } };
    },
  }),
  "/auth/continue": defineCall({
    auth: "session",
    summary: "Sign in once: hand a signed-in person on to the product that sent them",
    input: continueSchema,
    output: signedInDto,
    run: async (ctx, input) => ({ data: await continueSignedIn(ctx, handoffQuery(input)) }),
  }),
  "/auth/open-app": defineCall({
    auth: "session",
    summary: "Open a product of the family with a token of its own (dashboard cards)",
    input: openAppSchema,
    output: redirectDto,
    errors: ["APP_UNKNOWN"],
    run: async (ctx, input) => ({ data: { redirect_url: await openApp(ctx, input) } }),
  }),
  // /iframe's call: the current session (if any) decides whether the token is adopted at once.
  "/auth/adopt-token": defineCall({
    auth: "optional",
    summary: "/iframe: make a product's token this browser's session, or ask first",
    input: adoptTokenSchema,
    output: adoptTokenDto,
    errors: ["PERSON_TOKEN_INVALID"],
    run: async (ctx, input) => {
      const outcome = await adoptToken(ctx, input);
      return outcome.kind === "confirm"
        ? { data: { confirm_url: outcome.confirmUrl } }
        : adoptedAnswer(outcome);
    },
  }),
  "/auth/adopt-pending": defineCall({
    auth: "optional",
    summary: "/switch-account: who the confirmation would sign in, and who is signed in",
    input: adoptPendingSchema,
    output: adoptPendingDto,
    errors: ["FLOW_TOKEN_INVALID"],
    run: async (ctx, input) => ({ data: await getPendingAdoption(ctx, input) }),
  }),
  "/auth/adopt-confirm": defineCall({
    auth: "optional",
    summary: "/switch-account: continue as the token's person",
    input: adoptPendingSchema,
    output: adoptedDto,
    errors: ["FLOW_TOKEN_INVALID"],
    run: async (ctx, input) => adoptedAnswer(await confirmAdoption(ctx, input)),
  }),
  "/auth/complete-register": defineCall({
    auth: "session",
    summary: "A social sign-up adds its name, password and phone (then verified by SMS)",
    input: completeRegisterSchema,
    output: signInResultDto,
    errors: ["REGISTRATION_ALREADY_COMPLETE", "DELIVERY_FAILED"],
    run: async (ctx, input) => signInAnswer(await completeRegister(ctx, input)),
  }),
  "/auth/google-generate-url": socialUrlCall("google", "Google"),
  "/auth/facebook-generate-url": socialUrlCall("facebook", "Facebook"),
  "/auth/oauth2-google": socialSignInCall("google", "Google"),
  "/auth/oauth2-facebook": socialSignInCall("facebook", "Facebook"),
  "/auth/zalo-generate-url": socialUrlCall("zalo", "Zalo"),
  "/auth/oauth2-zalo": socialSignInCall("zalo", "Zalo"),
};
