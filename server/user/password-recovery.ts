import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import type { CallResult } from "@/lib/http/call";
import { translator } from "@/lib/i18n";
import { toLocale } from "@/lib/locales";
import { hashPassword } from "@/lib/password";
import { isPasswordSameAsEmail, PASSWORD_KEYS } from "@/lib/password-rule";
import { consume } from "@/lib/rate-limit";
import type { Ctx } from "@/server/context";
import { deliver } from "@/server/notify/deliver";
import { insertSecurityEvent } from "@/server/security/repository";
import { revokeAllSessions } from "@/server/session/service";
import { forgetTrustedDevices } from "@/server/two-factor/devices";
import { expireUserFlows } from "@/server/verification/repository";
import { createFlow, finishFlow, getFlow } from "@/server/verification/service";
import { findUserByEmail, findUserById, updateUser } from "./repository";
import type { forgottenPassSchema, resetPasswordSchema } from "./schema";

/** A reset link lives 30 minutes. */
export const RESET_TTL_SECONDS = 30 * 60;

/**
 * /user/forgotten-pass: mails a reset link in the person's language. The answer is the same
 * whether or not the email has an account, and the call is throttled per IP and per email.
 */
export async function requestPasswordReset(
  ctx: Ctx,
  input: z.output<typeof forgottenPassSchema>,
): Promise<CallResult> {
  await consume("forgotIp", ctx.ip);
  await consume("forgotEmail", input.email);
  const user = await findUserByEmail(ctx.db, input.email);
  if (user && user.status === "ACTIVE") {
    const { token } = await createFlow(ctx, {
      purpose: "reset_password",
      user,
      ttlSeconds: RESET_TTL_SECONDS,
    });
    const lang = toLocale(user.language);
    const t = translator(lang);
    const params = { link: `${ctx.origin}/resetpass?token=${token}`, minutes: RESET_TTL_SECONDS / 60 };
    // A mail server failure must not answer differently for a known email (it would reveal it).
    try {
      await deliver(
        {
          channel: "EMAIL",
          to: user.email,
          lang,
          subject: t("notify.reset.subject"),
          text: t("notify.reset.email", params),
          template: "reset_password",
          params,
        },
        { retryUntil: new Date(ctx.clock().getTime() + RESET_TTL_SECONDS * 1000) },
      );
    } catch (error) {
      ctx.log.error({ err: error }, "forgotten-pass: the reset mail could not be sent");
    }
    await insertSecurityEvent(ctx.db, {
      userId: user.id,
      type: "password_reset_requested",
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    });
  }
  return { data: { email: input.email }, message: "auth.forgot.sent" };
}

/**
 * /user/reset-password: sets the new password once per link, voids the person's other reset
 * links and signs every session out (a reset is what someone does when an account is at risk).
 */
export async function resetPassword(
  ctx: Ctx,
  input: z.output<typeof resetPasswordSchema>,
): Promise<CallResult> {
  await consume("resetIp", ctx.ip);
  const flow = await getFlow(ctx, input.token, "reset_password");
  const user = await findUserById(ctx.db, flow.userId);
  if (!user) throw new AppError("FLOW_TOKEN_INVALID");
  // The rule's last clause needs the account's email; checked before the link is used up.
  if (isPasswordSameAsEmail(input.password, user.email)) {
    throw new AppError("VALIDATION", { fields: { password: PASSWORD_KEYS.sameAsEmail } });
  }
  await finishFlow(ctx, flow);
  await updateUser(ctx.db, user.id, { passwordHash: await hashPassword(input.password) });
  await expireUserFlows(ctx.db, user.id, "reset_password", ctx.clock());
  const revoked = await revokeAllSessions(ctx, user.id, undefined, "password_changed");
  await forgetTrustedDevices(ctx, user.id);
  await insertSecurityEvent(ctx.db, {
    userId: user.id,
    type: "password_reset",
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    data: { revoked_sessions: revoked },
  });
  return { data: { redirect_url: "/signin" }, message: "auth.reset.done", session: { clear: true } };
}
