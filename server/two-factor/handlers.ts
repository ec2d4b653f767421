import "server-only";
import { defineCall } from "@/lib/http/call";
import { emptySchema } from "@/server/auth/schema";
import {
  byIdSchema,
  deviceLimitSchema,
  disable2faSchema,
  enable2faSchema,
  generateSetupSchema,
  pageSchema,
  requireVerifySmsSchema,
  resend2faSchema,
  resolveDeviceLimitSchema,
  verifyLoginSchema,
} from "./schema";
import { disable2fa, enable2fa, generateSetup, requireVerifySms, resend2fa, verifyLogin } from "./service";
import {
  deviceLimitDevices,
  listSecurityEvents,
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
    input: generateSetupSchema,
    run: generateSetup,
  }),
  "/auth2-fa/enable-2fa": defineCall({ auth: "optional", input: enable2faSchema, run: enable2fa }),
  "/auth2-fa/require-verify-sms": defineCall({
    auth: "optional",
    input: requireVerifySmsSchema,
    run: requireVerifySms,
  }),
  "/auth2-fa/verify-login": defineCall({ auth: "none", input: verifyLoginSchema, run: verifyLogin }),
  "/auth2-fa/resend": defineCall({ auth: "none", input: resend2faSchema, run: resend2fa }),
  "/auth2-fa/disable": defineCall({ auth: "session", input: disable2faSchema, run: disable2fa }),
  "/auth/device-limit-devices": defineCall({
    auth: "none",
    input: deviceLimitSchema,
    run: deviceLimitDevices,
  }),
  "/auth/device-limit-resolve": defineCall({
    auth: "none",
    input: resolveDeviceLimitSchema,
    run: resolveDeviceLimit,
  }),
  "/auth/logout-all": defineCall({ auth: "session", input: emptySchema, run: logoutAll }),
  "/user/sessions": defineCall({ auth: "session", input: emptySchema, run: listSessions }),
  "/user/revoke-session": defineCall({ auth: "session", input: byIdSchema, run: revokeSession }),
  "/user/revoke-trusted-device": defineCall({ auth: "session", input: byIdSchema, run: untrustDevice }),
  "/user/security-events": defineCall({ auth: "session", input: pageSchema, run: listSecurityEvents }),
};
