import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { hashPassword } from "@/lib/password";
import { isPasswordSameAsEmail, PASSWORD_KEYS } from "@/lib/password-rule";
import { consume } from "@/lib/rate-limit";
import { checkNewPassword } from "@/server/auth/new-password";
import type { Ctx } from "@/server/context";
import { recordSecurityEvent } from "@/server/security/service";
import { revokeAllSessions } from "@/server/session/service";
import { forgetTrustedDevices } from "@/server/two-factor/devices";
import { createFlow, expireFlowsOf, finishFlow, getFlow } from "@/server/verification/service";
import { findUserByEmail, findUserById, updateUser } from "./repository";
import type { forgottenPassSchema, resetPasswordSchema } from "./schema";
import { mailUser } from "./service";

/** A reset link lives 30 minutes. */
export const RESET_TTL_SECONDS = 30 * 60;

/**
 * /user/forgotten-pass: mails a reset link in the person's language. The answer is the same
 * whether or not the email has an account, and the call is throttled per IP and per email.
 */
export async function requestPasswordReset(
  ctx: Ctx,
  input: z.output<typeof forgottenPassSchema>,
): Promise<void> {
  await consume("forgotIp", ctx.ip);
  await consume("forgotEmail", input.email);
  const user = await findUserByEmail(ctx.db, input.email);
  if (user?.status !== "ACTIVE") return;
  const { token } = await createFlow(ctx, {
    purpose: "reset_password",
    user,
    ttlSeconds: RESET_TTL_SECONDS,
  });
  // A mail server failure must not answer differently for a known email (it would reveal it).
  try {
    await mailUser(ctx, user, {
      template: "reset_password",
      subject: "notify.reset.subject",
      text: "notify.reset.email",
      params: { link: `${ctx.origin}/resetpass?token=${token}`, minutes: RESET_TTL_SECONDS / 60 },
      retryForMs: RESET_TTL_SECONDS * 1000,
    });
  } catch (error) {
    ctx.log.error({ err: error }, "forgotten-pass: the reset mail could not be sent");
  }
  await recordSecurityEvent(ctx, user.id, "password_reset_requested");
}

/**
 * /user/reset-password: sets the new password once per link, voids the person's other reset
 * links and signs every session out (a reset is what someone does when an account is at risk).
 */
export async function resetPassword(ctx: Ctx, input: z.output<typeof resetPasswordSchema>): Promise<void> {
  await consume("resetIp", ctx.ip);
  const flow = await getFlow(ctx, input.token, "reset_password");
  const user = await findUserById(ctx.db, flow.userId);
  if (!user) throw new AppError("FLOW_TOKEN_INVALID");
  // The rule's last clause needs the account's email; checked before the link is used up.
  if (isPasswordSameAsEmail(input.password, user.email)) {
    throw new AppError("VALIDATION", { fields: { password: PASSWORD_KEYS.sameAsEmail } });
  }
  await checkNewPassword(ctx, { password: input.password, field: "password", person: user });
  await finishFlow(ctx, flow);
  await updateUser(ctx.db, user.id, { passwordHash: await hashPassword(input.password) });
  await expireFlowsOf(ctx, user.id, "reset_password");
  const revoked = await revokeAllSessions(ctx, user.id, undefined, "password_changed");
  await forgetTrustedDevices(ctx, user.id);
  await recordSecurityEvent(ctx, user.id, "password_reset", { revoked_sessions: revoked });
}
