import "server-only";
import { signInAnswer } from "@/server/auth/handlers";
import { emptySchema, signedInDto } from "@/server/auth/schema";
import { defineCall } from "@/server/http/call";
import { securityEventsDto } from "@/server/security/schema";
import { listSecurityEvents } from "@/server/security/service";
import { noDataDto } from "@/server/user/schema";
import { CODE_CHECK_ERRORS } from "@/server/verification/service";
import {
  byIdSchema,
  codeExpiryDto,
  deviceIdDto,
  deviceLimitDevicesDto,
  deviceLimitSchema,
  disable2faSchema,
  enable2faSchema,
  generateSetupSchema,
  pageSchema,
  requireVerifySmsSchema,
  resend2faSchema,
  resolveDeviceLimitSchema,
  revokedSessionDto,
  sessionsDto,
  signedOutAllDto,
  smsCodeSentDto,
  totpSetupDto,
  twoFaEnabledDto,
  verifyLoginSchema,
} from "./schema";
import { disable2fa, enable2fa, generateSetup, requireVerifySms, resend2fa, verifyLogin } from "./service";
import {
  deviceLimitDevices,
  listSessions,
  logoutAll,
  resolveDeviceLimit,
  revokeSession,
  untrustDevice,
} from "./sessions";

export const twoFactorCalls = {
  // Sign-in steps carry `custom_auth`; from the profile the session cookie says who it is.
  "/auth2-fa/generate-setup-url": defineCall({
    auth: "optional",
    summary: "A new authenticator secret and its QR code (with custom_auth at sign-in, or signed in)",
    input: generateSetupSchema,
    output: totpSetupDto,
    errors: ["FLOW_TOKEN_INVALID", "UNAUTHORIZED"],
    run: async (ctx, input) => ({ data: await generateSetup(ctx, input) }),
  }),
  "/auth2-fa/enable-2fa": defineCall({
    auth: "optional",
    summary: "Turn two-factor on with the first code (app or SMS); at sign-in, the sign-in then completes",
    input: enable2faSchema,
    output: twoFaEnabledDto,
    errors: [
      "UNAUTHORIZED",
      "PASSWORD_INCORRECT",
      "TWO_FA_SETUP_MISSING",
      "TWO_FA_INVALID",
      ...CODE_CHECK_ERRORS,
      "DEVICE_LIMIT_EXCEEDED",
    ],
    run: async (ctx, input) => {
      const { method, backupCodes, signIn } = await enable2fa(ctx, input);
      const enabled = { ...(backupCodes ? { backup_codes: backupCodes } : {}), method };
      return signIn ? signInAnswer(signIn, enabled) : { data: enabled, message: "account.security.enabled" };
    },
  }),
  "/auth2-fa/require-verify-sms": defineCall({
    auth: "optional",
    summary: "Send a code to the (Vietnamese) phone that will receive two-factor codes",
    input: requireVerifySmsSchema,
    output: smsCodeSentDto,
    errors: ["RATE_LIMITED", "FLOW_TOKEN_INVALID", "UNAUTHORIZED", "OTP_RESEND_TOO_EARLY", "DELIVERY_FAILED"],
    run: async (ctx, input) => ({ data: await requireVerifySms(ctx, input) }),
  }),
  "/auth2-fa/verify-login": defineCall({
    auth: "none",
    summary: "The second step of a sign-in: the app's code, an SMS code or a backup code",
    input: verifyLoginSchema,
    output: signedInDto,
    errors: ["TWO_FA_INVALID", "TWO_FA_CODE_USED", ...CODE_CHECK_ERRORS, "DEVICE_LIMIT_EXCEEDED"],
    run: async (ctx, input) => signInAnswer(await verifyLogin(ctx, input)),
  }),
  "/auth2-fa/resend": defineCall({
    auth: "none",
    summary: "Another SMS code for a sign-in waiting for its second factor",
    input: resend2faSchema,
    output: codeExpiryDto,
    errors: ["TWO_FA_NOT_SMS", "OTP_RESEND_TOO_EARLY", "DELIVERY_FAILED"],
    run: async (ctx, input) => {
      const { expTime } = await resend2fa(ctx, input);
      return { data: { exp_time: expTime }, message: "auth.verify.resent" };
    },
  }),
  "/auth2-fa/disable": defineCall({
    auth: "session",
    summary: "Turn two-factor off (asks for the password)",
    input: disable2faSchema,
    output: noDataDto,
    errors: ["PASSWORD_INCORRECT", "TWO_FA_REQUIRED"],
    run: async (ctx, input) => {
      await disable2fa(ctx, input);
      return { data: {}, message: "account.security.disabled" };
    },
  }),
  "/auth/device-limit-devices": defineCall({
    auth: "none",
    summary: "The devices of a sign-in stopped by the device limit",
    input: deviceLimitSchema,
    output: deviceLimitDevicesDto,
    errors: ["FLOW_TOKEN_INVALID"],
    run: async (ctx, input) => ({ data: await deviceLimitDevices(ctx, input) }),
  }),
  "/auth/device-limit-resolve": defineCall({
    auth: "none",
    summary: "Sign out at least one device; the stopped sign-in then completes",
    input: resolveDeviceLimitSchema,
    output: signedInDto,
    errors: ["FLOW_TOKEN_INVALID", "DEVICE_NOT_FOUND", "DEVICE_LIMIT_EXCEEDED"],
    run: async (ctx, input) => signInAnswer(await resolveDeviceLimit(ctx, input)),
  }),
  "/auth/logout-all": defineCall({
    auth: "session",
    summary: "End every session of the person, product tokens included",
    input: emptySchema,
    output: signedOutAllDto,
    run: async (ctx) => {
      const revoked = await logoutAll(ctx);
      return { data: { redirect_url: "/signin?logout=1", revoked }, session: { clear: true } };
    },
  }),
  "/user/sessions": defineCall({
    auth: "session",
    summary: "The person's live sessions and OpenID Connect clients (Devices)",
    input: emptySchema,
    output: sessionsDto,
    run: async (ctx) => ({ data: { items: await listSessions(ctx) } }),
  }),
  "/user/revoke-session": defineCall({
    auth: "session",
    summary: "Sign one session (or OpenID Connect client) out",
    input: byIdSchema,
    output: revokedSessionDto,
    errors: ["DEVICE_NOT_FOUND"],
    run: async (ctx, input) => {
      const { isCurrent } = await revokeSession(ctx, input);
      return isCurrent
        ? { data: { redirect_url: "/signin?logout=1" }, session: { clear: true } }
        : { data: { id: input.id }, message: "account.devices.signedOut" };
    },
  }),
  "/user/revoke-trusted-device": defineCall({
    auth: "session",
    summary: "Make a trusted browser ask for the second factor again",
    input: byIdSchema,
    output: deviceIdDto,
    errors: ["DEVICE_NOT_FOUND"],
    run: async (ctx, input) => {
      await untrustDevice(ctx, input);
      return { data: { id: input.id }, message: "account.devices.untrusted" };
    },
  }),
  "/user/security-events": defineCall({
    auth: "session",
    summary: "The person's security events: sign-ins, failures, two-factor, password changes",
    input: pageSchema,
    output: securityEventsDto,
    run: async (ctx, input) => ({ data: await listSecurityEvents(ctx, input) }),
  }),
};
