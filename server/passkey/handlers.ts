import "server-only";
import { signInAnswer } from "@/server/auth/handlers";
import { emptySchema, signInResultDto } from "@/server/auth/schema";
import { defineCall } from "@/server/http/call";
import { noDataDto } from "@/server/user/schema";
import {
  passkeyReauthOptions,
  reauthenticate,
  reauthenticateWithCode,
  reauthenticateWithPasskey,
  reauthMethods,
  sendReauthCode,
} from "./reauth";
import {
  optionsDto,
  passkeyDto,
  passkeyListDto,
  passkeyReauthSchema,
  passkeySignInSchema,
  reauthCodeSchema,
  reauthCodeSentDto,
  reauthDto,
  reauthenticateSchema,
  reauthMethodsDto,
  registerPasskeySchema,
  removePasskeySchema,
  renamePasskeySchema,
} from "./schema";
import {
  listPasskeys,
  registerPasskey,
  registrationOptions,
  removePasskey,
  renamePasskey,
  signInOptions,
  signInWithPasskey,
} from "./service";

const reauthAnswer = ({ reauthUntil }: { reauthUntil: Date }) => ({
  data: { reauth_until: reauthUntil.toISOString() },
});

export const passkeyCalls = {
  "/user/reauth-methods": defineCall({
    auth: "session",
    portalSessionOnly: true,
    summary:
      "Which proofs the person can give again (password, passkey, emailed code) and whether one is needed now",
    input: emptySchema,
    output: reauthMethodsDto,
    run: async (ctx) => ({ data: await reauthMethods(ctx) }),
  }),
  "/user/reauthenticate": defineCall({
    auth: "session",
    portalSessionOnly: true,
    summary: "Prove the password again before a sensitive change (valid 10 minutes for this session)",
    input: reauthenticateSchema,
    output: reauthDto,
    errors: ["RATE_LIMITED", "PASSWORD_INCORRECT"],
    run: async (ctx, input) => reauthAnswer(await reauthenticate(ctx, input)),
  }),
  "/user/reauth-send-code": defineCall({
    auth: "session",
    portalSessionOnly: true,
    summary: "Email a code that proves the person again, for an account without a password",
    input: emptySchema,
    output: reauthCodeSentDto,
    errors: ["REAUTH_USE_PASSWORD", "RATE_LIMITED", "OTP_RESEND_TOO_EARLY", "DELIVERY_FAILED"],
    run: async (ctx) => {
      const { token, expTime, to } = await sendReauthCode(ctx);
      return { data: { token, exp_time: expTime, to } };
    },
  }),
  "/user/reauthenticate-code": defineCall({
    auth: "session",
    portalSessionOnly: true,
    summary: "Prove the person again with the emailed code (valid 10 minutes for this session)",
    input: reauthCodeSchema,
    output: reauthDto,
    errors: ["FLOW_TOKEN_INVALID", "OTP_INVALID", "OTP_EXPIRED", "OTP_TOO_MANY_ATTEMPTS"],
    run: async (ctx, input) => reauthAnswer(await reauthenticateWithCode(ctx, input)),
  }),
  "/passkey/reauth-options": defineCall({
    auth: "session",
    portalSessionOnly: true,
    summary:
      "Options for proving the person again with one of their own passkeys; the challenge lives 5 minutes",
    input: emptySchema,
    output: optionsDto,
    errors: ["RATE_LIMITED", "PASSKEY_NOT_FOUND"],
    run: async (ctx) => ({ data: await passkeyReauthOptions(ctx) }),
  }),
  "/passkey/reauthenticate": defineCall({
    auth: "session",
    portalSessionOnly: true,
    summary: "Prove the person again with one of their passkeys (valid 10 minutes for this session)",
    input: passkeyReauthSchema,
    output: reauthDto,
    errors: ["PASSKEY_CHALLENGE_INVALID", "PASSKEY_INVALID"],
    run: async (ctx, input) => reauthAnswer(await reauthenticateWithPasskey(ctx, input)),
  }),
  "/passkey/list": defineCall({
    auth: "session",
    summary: "The person's passkeys, and whether adding one asks for the password first",
    input: emptySchema,
    output: passkeyListDto,
    run: async (ctx) => ({ data: await listPasskeys(ctx) }),
  }),
  "/passkey/registration-options": defineCall({
    auth: "session",
    portalSessionOnly: true,
    summary: "Options for the browser's passkey creation (needs /user/reauthenticate within 10 minutes)",
    input: emptySchema,
    output: optionsDto,
    errors: ["REAUTH_REQUIRED", "PASSKEY_LIMIT"],
    run: async (ctx) => ({ data: await registrationOptions(ctx) }),
  }),
  "/passkey/register": defineCall({
    auth: "session",
    portalSessionOnly: true,
    summary: "Keep the passkey the browser created, with the name the person gave it",
    input: registerPasskeySchema,
    output: passkeyDto,
    errors: [
      "REAUTH_REQUIRED",
      "PASSKEY_CHALLENGE_INVALID",
      "PASSKEY_INVALID",
      "PASSKEY_EXISTS",
      "PASSKEY_LIMIT",
    ],
    run: async (ctx, input) => ({ data: await registerPasskey(ctx, input), message: "passkeys.added" }),
  }),
  "/passkey/rename": defineCall({
    auth: "session",
    summary: "Rename one of the person's passkeys",
    input: renamePasskeySchema,
    output: noDataDto,
    errors: ["PASSKEY_NOT_FOUND"],
    run: async (ctx, input) => {
      await renamePasskey(ctx, input);
      return { message: "passkeys.renamed" };
    },
  }),
  "/passkey/remove": defineCall({
    auth: "session",
    portalSessionOnly: true,
    summary: "Remove one of the person's passkeys (after re-authentication within 10 minutes)",
    input: removePasskeySchema,
    output: noDataDto,
    errors: ["PASSKEY_NOT_FOUND", "REAUTH_REQUIRED"],
    run: async (ctx, input) => {
      await removePasskey(ctx, input);
      return { message: "passkeys.removed" };
    },
  }),
  "/passkey/signin-options": defineCall({
    auth: "none",
    summary: "Options for the browser's passkey sign-in (button or autofill); the challenge lives 5 minutes",
    input: emptySchema,
    output: optionsDto,
    errors: ["RATE_LIMITED"],
    run: async (ctx) => ({ data: await signInOptions(ctx) }),
  }),
  "/passkey/signin": defineCall({
    auth: "none",
    summary: "Sign in with a passkey: a strong sign-in (no second factor), then as a password sign-in",
    input: passkeySignInSchema,
    output: signInResultDto,
    errors: [
      "RATE_LIMITED",
      "PASSKEY_CHALLENGE_INVALID",
      "PASSKEY_INVALID",
      "ACCOUNT_LOCKED",
      "ACCOUNT_DELETION_PENDING",
      "DEVICE_LIMIT_EXCEEDED",
      "DELIVERY_FAILED",
    ],
    run: async (ctx, input) => signInAnswer(await signInWithPasskey(ctx, input)),
  }),
};
