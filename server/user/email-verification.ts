import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { consume } from "@/lib/rate-limit";
import { type Ctx, requireAuth } from "@/server/context";
import type { UserRow } from "@/server/db/tables/users";
import { grantVerifyReward } from "@/server/referral/service";
import { recordSecurityEvent } from "@/server/security/service";
import { forgetCachedSessions } from "@/server/session/service";
import { createFlow, finishFlow, getFlow } from "@/server/verification/service";
import { findUserById, updateUser } from "./repository";
import type { verifyEmailSchema } from "./schema";
import { mailUser } from "./service";

/** SPEC §9: another verification mail only when none was sent or the last is over 5 minutes old. */
export const VERIFY_MAIL_INTERVAL_SECONDS = 5 * 60;
/** A verification link lives a day: people open mail later than they open a code. */
const VERIFY_LINK_TTL_SECONDS = 24 * 60 * 60;

/** Mails a verification link to the person's address; returns the sent time (`is_sent_mail`). */
export async function sendVerificationMail(ctx: Ctx, user: UserRow): Promise<Date> {
  const now = ctx.clock();
  const { token } = await createFlow(ctx, {
    purpose: "verify_email",
    user,
    ttlSeconds: VERIFY_LINK_TTL_SECONDS,
  });
  await mailUser(ctx, user, {
    template: "verify_email",
    subject: "notify.verifyEmail.subject",
    text: "notify.verifyEmail.email",
    params: { link: `${ctx.origin}/verify-email?token=${token}`, name: user.fullname || user.email },
    retryForMs: VERIFY_LINK_TTL_SECONDS * 1000,
  });
  await updateUser(ctx.db, user.id, { verifyMailSentAt: now });
  void forgetCachedSessions({ userId: user.id });
  await recordSecurityEvent(ctx, user.id, "email_verification_sent");
  return now;
}

/** /user/send-verify-mail for the signed-in person; answers when it was sent. */
export async function requestVerificationMail(ctx: Ctx): Promise<Date> {
  const { user } = requireAuth(ctx);
  if (user.isVerifyEmail) throw new AppError("EMAIL_ALREADY_VERIFIED");
  const last = user.verifyMailSentAt?.getTime();
  if (last !== undefined) {
    const wait = Math.ceil(VERIFY_MAIL_INTERVAL_SECONDS - (ctx.clock().getTime() - last) / 1000);
    if (wait > 0) throw new AppError("VERIFY_MAIL_TOO_EARLY", { params: { minutes: Math.ceil(wait / 60) } });
  }
  return sendVerificationMail(ctx, user);
}

/**
 * /user/verify-email: the link's token marks the email verified (once). The answer names where
 * the page sends the person after its countdown: the builder (APPS_CONFIG `lp`) or the profile.
 */
export async function verifyEmail(
  ctx: Ctx,
  input: z.output<typeof verifyEmailSchema>,
): Promise<{ email: string; redirect_url: string }> {
  await consume("verifyEmailIp", ctx.ip);
  const flow = await getFlow(ctx, input.token, "verify_email");
  const user = await findUserById(ctx.db, flow.userId);
  if (!user) throw new AppError("FLOW_TOKEN_INVALID");
  await finishFlow(ctx, flow);
  await updateUser(ctx.db, user.id, { isVerifyEmail: true });
  await grantVerifyReward(ctx, user.id);
  void forgetCachedSessions({ userId: user.id });
  await recordSecurityEvent(ctx, user.id, "email_verified");
  return { email: user.email, redirect_url: ctx.env.APPS_CONFIG.lp?.home ?? "/account/profile" };
}
