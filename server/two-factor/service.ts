import "server-only";
import QRCode from "qrcode";
import type { z } from "zod";
import { decryptSecret, encryptSecret } from "@/lib/crypto";
import { AppError } from "@/lib/errors";
import { verifyPassword } from "@/lib/password";
import { consume } from "@/lib/rate-limit";
import { normalizeVietnamesePhone } from "@/lib/validation";
import { type PendingSignIn, resumeSignIn, type SignInOutcome } from "@/server/auth/finish-signin";
import type { Ctx } from "@/server/context";
import type { Executor } from "@/server/db/client";
import type { UserRow } from "@/server/db/tables/users";
import { recordSecurityEvent } from "@/server/security/service";
import { forgetCachedSessions } from "@/server/session/service";
import { findUserById, getCurrentUser, updateUser } from "@/server/user/service";
import {
  checkCode,
  createFlow,
  findUserFlow,
  finishFlow,
  getFlow,
  sendCode,
  type UserFlow,
  updateFlowData,
} from "@/server/verification/service";
import { alertOperatorSecondFactor } from "./operator-alert";
import {
  claimTotpStep,
  countBackupCodes,
  findTrustedDevicesOf,
  replaceBackupCodes,
  revokeTrustedDevices,
  spendBackupCode,
} from "./repository";
import type {
  disable2faSchema,
  enable2faSchema,
  generateSetupSchema,
  requireVerifySmsSchema,
  resend2faSchema,
  SmsCodeSentDto,
  TotpSetupDto,
  TwoFaMethod,
  verifyLoginSchema,
} from "./schema";
import { hashBackupCode, isSixDigitCode, matchTotp, newBackupCodes, newTotpSecret, totpUri } from "./totp";

const SETUP_FLOW_TTL_SECONDS = 15 * 60;

/**
 * Who is setting two-factor up: a sign-in that requires it (`custom_auth`, a require_2fa step)
 * or the signed-in person from the profile.
 */
async function subjectOf(
  ctx: Ctx,
  customAuth: string | undefined,
): Promise<{ user: UserRow; flow?: UserFlow }> {
  if (customAuth) {
    const flow = await getFlow(ctx, customAuth, "require_2fa");
    const user = await findUserById(ctx, flow.userId);
    if (!user) throw new AppError("FLOW_TOKEN_INVALID");
    return { user, flow };
  }
  return { user: await getCurrentUser(ctx) };
}

async function checkPassword(user: UserRow, password: string | undefined): Promise<void> {
  if (!password || !(await verifyPassword(user.passwordHash, password))) {
    throw new AppError("PASSWORD_INCORRECT", { fields: { password: "errors.PASSWORD_INCORRECT" } });
  }
}

/** /auth2-fa/generate-setup-url: a new authenticator secret (kept encrypted until confirmed). */
export async function generateSetup(
  ctx: Ctx,
  input: z.output<typeof generateSetupSchema>,
): Promise<TotpSetupDto> {
  const { user } = await subjectOf(ctx, input.custom_auth);
  const secret = newTotpSecret();
  await updateUser(ctx, user.id, {
    twoFaPendingSecret: encryptSecret(secret, ctx.env.DATA_ENCRYPTION_KEY),
  });
  const uri = totpUri(secret, user.email, ctx.t("common.appName"));
  const qrCode = await QRCode.toDataURL(uri, { margin: 1, width: 220 });
  return { qrCode, secret, otpauth_url: uri };
}

/**
 * /auth2-fa/require-verify-sms: sends a code to the phone that will receive two-factor codes.
 * The phone must be Vietnamese; a verified phone is the one used, whatever was typed.
 */
export async function requireVerifySms(
  ctx: Ctx,
  input: z.output<typeof requireVerifySmsSchema>,
): Promise<SmsCodeSentDto> {
  const { user, flow: signInFlow } = await subjectOf(ctx, input.custom_auth);
  await consume("otpResendIp", ctx.ip);
  const phone =
    user.isVerifyPhone && user.phone ? user.phone : input.phone && normalizeVietnamesePhone(input.phone);
  if (!phone) throw new AppError("VALIDATION", { fields: { phone: "VALIDATION.INVALID_PHONE" } });
  let flow = signInFlow ?? (await findUserFlow(ctx, user.id, "setup_2fa_sms"));
  if (!flow) {
    flow = (await createFlow(ctx, { purpose: "setup_2fa_sms", user, ttlSeconds: SETUP_FLOW_TTL_SECONDS }))
      .flow as UserFlow;
  }
  // The phone is remembered only once a code went to it (a refused resend keeps the old one).
  const { expTime } = await sendCode(ctx, { flow, user: { ...user, phone }, channel: "SMS" });
  await updateFlowData(ctx, flow, { ...(flow.data as PendingSignIn), phone });
  return { phone, exp_time: expTime };
}

/** What an operator's audit row compares when their two-factor changes (never a secret). */
const twoFaState = (user: UserRow) => ({
  two_fa: user.twoFaEnabledAt ? (user.twoFaType === "SMS" ? "sms" : "totp") : null,
  two_fa_enabled_at: user.twoFaEnabledAt?.toISOString() ?? null,
});

/** Two-factor turned on: the method, the app's backup codes (shown once), and a sign-in it completed. */
export type TwoFaEnabled = { method: TwoFaMethod; backupCodes?: string[]; signIn?: SignInOutcome };

/**
 * /auth2-fa/enable-2fa: confirms the app (TOTP, answering ten backup codes once) or the SMS phone.
 * From a sign-in (`custom_auth`) the sign-in then completes; from the profile, changing a method
 * that is already on asks for the password.
 */
export async function enable2fa(ctx: Ctx, input: z.output<typeof enable2faSchema>): Promise<TwoFaEnabled> {
  await consume("otpVerifyIp", ctx.ip);
  const { user, flow: signInFlow } = await subjectOf(ctx, input.custom_auth);
  if (!signInFlow && user.twoFaEnabledAt) await checkPassword(user, input.password);
  const now = ctx.clock();
  let backupCodes: string[] | undefined;
  let updated: UserRow | undefined;

  if (input.method === "totp") {
    if (!user.twoFaPendingSecret) throw new AppError("TWO_FA_SETUP_MISSING");
    const secret = decryptSecret(user.twoFaPendingSecret, ctx.env.DATA_ENCRYPTION_KEY);
    const step = await matchTotp(secret, input.token, now);
    if (step === null) throw new AppError("TWO_FA_INVALID");
    updated = await updateUser(ctx, user.id, {
      twoFaSecret: user.twoFaPendingSecret,
      twoFaPendingSecret: null,
      twoFaType: "TOTP",
      twoFaEnabledAt: now,
      twoFaLastStep: step,
    });
    backupCodes = newBackupCodes();
    await replaceBackupCodes(
      ctx.db,
      user.id,
      backupCodes.map((c) => hashBackupCode(c, ctx.env.DATA_ENCRYPTION_KEY)),
    );
  } else {
    const flow = signInFlow ?? (await findUserFlow(ctx, user.id, "setup_2fa_sms"));
    const phone = (flow?.data as PendingSignIn | undefined)?.phone;
    if (!flow || !phone) throw new AppError("TWO_FA_SETUP_MISSING");
    await checkCode(ctx, { flow, code: input.token });
    if (!signInFlow) await finishFlow(ctx, flow);
    updated = await updateUser(ctx, user.id, {
      phone,
      isVerifyPhone: true,
      twoFaType: "SMS",
      twoFaSecret: null,
      twoFaPendingSecret: null,
      twoFaEnabledAt: now,
    });
    await replaceBackupCodes(ctx.db, user.id, []);
  }
  if (!updated) throw new AppError("UNAUTHORIZED");
  await forgetCachedSessions({ userId: user.id });
  await recordSecurityEvent(ctx, user.id, "2fa_enabled", {
    method: input.method,
    changed: Boolean(user.twoFaEnabledAt),
  });
  await alertOperatorSecondFactor(ctx, updated, {
    method: input.method,
    before: twoFaState(user),
    after: twoFaState(updated),
  });
  const enabled: TwoFaEnabled = { method: input.method, ...(backupCodes ? { backupCodes } : {}) };
  if (!signInFlow) return enabled;
  await finishFlow(ctx, signInFlow);
  try {
    return {
      ...enabled,
      signIn: await resumeSignIn(ctx, updated, signInFlow.data as PendingSignIn, {
        secondFactor: input.method,
      }),
    };
  } catch (error) {
    // Stopped by the device limit: the backup codes are shown once, so they travel with the 503.
    if (error instanceof AppError && error.code === "DEVICE_LIMIT_EXCEEDED" && backupCodes) {
      throw new AppError("DEVICE_LIMIT_EXCEEDED", {
        params: error.params,
        data: { ...(error.data as object), backup_codes: backupCodes },
      });
    }
    throw error;
  }
}

/** /auth2-fa/disable: turning two-factor off asks for the password; not allowed where it is required. */
export async function disable2fa(ctx: Ctx, input: z.output<typeof disable2faSchema>): Promise<void> {
  const { user } = await subjectOf(ctx, undefined);
  await checkPassword(user, input.password);
  if (user.isRequire2fa || user.scope === "admin") throw new AppError("TWO_FA_REQUIRED");
  await updateUser(ctx, user.id, {
    twoFaType: null,
    twoFaSecret: null,
    twoFaPendingSecret: null,
    twoFaEnabledAt: null,
  });
  await replaceBackupCodes(ctx.db, user.id, []);
  await revokeTrustedDevices(ctx.db, user.id, ctx.clock());
  await forgetCachedSessions({ userId: user.id });
  await recordSecurityEvent(ctx, user.id, "2fa_disabled");
}

/**
 * An operator's reset (server/admin, inside its transaction `db`): two-factor off, its secrets,
 * backup codes and trusted browsers gone, so a sign-in that requires it asks for a new set-up.
 * Answers how many unused backup codes and trusted browsers there were (never a secret).
 */
export async function resetTwoFactorOf(
  db: Executor,
  userId: string,
  now: Date,
): Promise<{ backupCodes: number; trustedDevices: number }> {
  const codes = await countBackupCodes(db, userId);
  await updateUser({ db }, userId, {
    twoFaType: null,
    twoFaSecret: null,
    twoFaPendingSecret: null,
    twoFaEnabledAt: null,
  });
  await replaceBackupCodes(db, userId, []);
  const trustedDevices = await revokeTrustedDevices(db, userId, now);
  return { backupCodes: codes.unused, trustedDevices };
}

/** Checks a second factor: the app's code (once), an SMS code, or a backup code (once). */
async function checkSecondFactor(
  ctx: Ctx,
  user: UserRow,
  flow: UserFlow,
  code: string,
): Promise<"totp" | "sms" | "backup"> {
  if (!isSixDigitCode(code)) {
    if (
      await spendBackupCode(ctx.db, user.id, hashBackupCode(code, ctx.env.DATA_ENCRYPTION_KEY), ctx.clock())
    )
      return "backup";
    throw new AppError("TWO_FA_INVALID");
  }
  const digits = code.replace(/\D/g, "");
  if (user.twoFaType === "SMS") {
    await checkCode(ctx, { flow, code: digits });
    return "sms";
  }
  if (!user.twoFaSecret) throw new AppError("TWO_FA_INVALID");
  const step = await matchTotp(
    decryptSecret(user.twoFaSecret, ctx.env.DATA_ENCRYPTION_KEY),
    digits,
    ctx.clock(),
  );
  if (step === null) throw new AppError("TWO_FA_INVALID");
  // claimTotpStep makes a code good once, even when two requests race with it. A right code whose
  // step is spent (turning 2FA on used it a moment ago) is told apart: the person waits for the next.
  if (!(await claimTotpStep(ctx.db, user.id, step))) throw new AppError("TWO_FA_CODE_USED");
  return "totp";
}

/** /auth2-fa/verify-login: the second step of a sign-in; success continues like a password sign-in. */
export async function verifyLogin(
  ctx: Ctx,
  input: z.output<typeof verifyLoginSchema>,
): Promise<SignInOutcome> {
  await consume("otpVerifyIp", ctx.ip);
  const flow = await getFlow(ctx, input.custom_auth, "verify_2fa");
  await consume("twoFaUser", flow.userId);
  const user = await findUserById(ctx, flow.userId);
  if (!user?.twoFaEnabledAt) throw new AppError("FLOW_TOKEN_INVALID");
  let kind: "totp" | "sms" | "backup";
  try {
    kind = await checkSecondFactor(ctx, user, flow, input.token);
  } catch (error) {
    await recordSecurityEvent(ctx, user.id, "2fa_failed", { type: user.twoFaType });
    throw error;
  }
  await finishFlow(ctx, flow);
  await recordSecurityEvent(ctx, user.id, "2fa_verified", { kind });
  const pending = flow.data as PendingSignIn;
  return resumeSignIn(ctx, user, pending, {
    clientId: input.client_id,
    trustDevice: Boolean(input.trust_device),
    secondFactor: kind,
  });
}

/** /auth2-fa/resend: another SMS code for a sign-in waiting for its second factor. */
export async function resend2fa(
  ctx: Ctx,
  input: z.output<typeof resend2faSchema>,
): Promise<{ expTime: number }> {
  await consume("otpResendIp", ctx.ip);
  const flow = await getFlow(ctx, input.custom_auth, "verify_2fa");
  const user = await findUserById(ctx, flow.userId);
  if (user?.twoFaType !== "SMS") throw new AppError("TWO_FA_NOT_SMS");
  const { expTime } = await sendCode(ctx, { flow, user, channel: "SMS" });
  return { expTime };
}

/**
 * The second factor again, for a sensitive change by the signed-in person (account deletion): the
 * app's code or a backup code, or the SMS code sent for `smsFlow` (sendStepUpSms). TWO_FA_INVALID
 * when wrong; guesses spend the person's two-factor budget.
 */
export async function checkStepUpSecondFactor(
  ctx: Ctx,
  options: { user: UserRow; code: string; smsFlowToken?: string },
): Promise<void> {
  const { user, code } = options;
  await consume("twoFaUser", user.id);
  try {
    const flow = options.smsFlowToken ? await getFlow(ctx, options.smsFlowToken, "step_up_2fa") : undefined;
    if (flow && flow.userId !== user.id) throw new AppError("TWO_FA_INVALID");
    if (user.twoFaType === "SMS" && isSixDigitCode(code) && !flow) throw new AppError("TWO_FA_INVALID");
    await checkSecondFactor(ctx, user, flow as UserFlow, code);
    if (flow) await finishFlow(ctx, flow);
  } catch (error) {
    await recordSecurityEvent(ctx, user.id, "2fa_failed", { type: user.twoFaType, step_up: true });
    throw error;
  }
}

/** An SMS code for checkStepUpSecondFactor; answers the step's token and the code's expiry. */
export async function sendStepUpSms(ctx: Ctx, user: UserRow): Promise<{ token: string; expTime: number }> {
  if (user.twoFaType !== "SMS" || !user.twoFaEnabledAt) throw new AppError("TWO_FA_NOT_SMS");
  await consume("otpResendIp", ctx.ip);
  const { token, flow } = await createFlow(ctx, { purpose: "step_up_2fa", user, ttlSeconds: 10 * 60 });
  const { expTime } = await sendCode(ctx, { flow, user, channel: "SMS" });
  return { token, expTime };
}

/** A person's trusted browsers and backup-code counts, never a secret (the data export). */
export async function twoFactorForExport(db: Executor, userId: string) {
  return {
    trustedDevices: await findTrustedDevicesOf(db, userId),
    backupCodes: await countBackupCodes(db, userId),
  };
}
