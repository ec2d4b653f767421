import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { consume } from "@/lib/rate-limit";
import type { Ctx } from "@/server/context";
import type { socialRegisterSchema, socialRegisterVerifySchema } from "@/server/oauth/schema";
import { recordReferral, referralFields } from "@/server/referral/service";
import { recordSecurityEvent } from "@/server/security/service";
import { createUser, findUserByEmail, findUserById, updateUser } from "@/server/user/service";
import {
  checkCode,
  createFlow,
  findAnonymousFlow,
  finishFlow,
  getFlow,
  sendCode,
} from "@/server/verification/service";
import { handoffQuery, type SignInOutcome } from "./finish-signin";
import { newReferralCode } from "./open-account";
import { linkToPerson, type PendingIdentity, signInWithProvider } from "./social";

// A provider's sign-up without an email (Zalo gives none): the person proves an address by a code
// (/complete-reg/social), which opens or finds its account and links the provider's identity to it.
// Kept apart from social.ts, the OAuth round trip itself.

/**
 * /auth/social-register: the address a provider without email (Zalo) continues with. A code goes
 * to it; an address that has no account yet gets one, unverified and without a password, as a
 * sign-up does. The answer is the same whether the address had an account.
 */
export async function startSocialRegistration(
  ctx: Ctx,
  input: z.output<typeof socialRegisterSchema>,
): Promise<{ token: string; expTime: number; delayed: boolean }> {
  await consume("socialIp", ctx.ip);
  const pendingFlow = await findAnonymousFlow(ctx, input.token, "social_signup");
  if (!pendingFlow) throw new AppError("FLOW_TOKEN_INVALID");
  const pending = pendingFlow.data as PendingIdentity;
  let user = await findUserByEmail(ctx, input.email);
  // An account this step made a moment ago (a code asked again) is still a new one.
  const isNew = !user || (!user.isVerified && !user.passwordHash && !user.phone);
  if (!user) {
    const referral = referralFields(ctx, pending.query);
    user =
      (await createUser(ctx, {
        id: newId(),
        email: input.email,
        passwordHash: null,
        fullname: pending.name ?? "",
        avatar: pending.picture,
        language: ctx.lang,
        isVerified: false,
        isVerifyEmail: false,
        verifyType: "EMAIL",
        code: newReferralCode(),
        referralId: referral.referral_id,
        affilateCode: referral.affilate_code,
        ladiflowRef: referral.ladiflow_ref,
        utmSource: pending.query.utm_source,
        affSid: pending.query.aff_sid,
        signupAppCode: pending.query.app_code,
      })) ?? (await findUserByEmail(ctx, input.email));
    if (!user) throw new Error("social registration: the insert found a conflict but no account");
    await recordReferral(ctx, user.id, referral);
    await recordSecurityEvent(ctx, user.id, "signup", {
      provider: pending.provider,
      app_code: pending.query.app_code ?? null,
    });
  }
  const { token, flow } = await createFlow(ctx, {
    purpose: "social_link",
    user,
    data: { ...pending, isNew },
  });
  const sent = await sendCode(ctx, { flow, user, channel: "EMAIL" });
  return { token, expTime: sent.expTime, delayed: sent.delayed };
}

/**
 * /auth/social-register-verify: the code proves the address, so the provider's identity is
 * linked to its account (new or existing) and the person signed in; a new account then adds its
 * name, password and phone at /complete-reg, the phone proved by SMS.
 */
export async function verifySocialRegistration(
  ctx: Ctx,
  input: z.output<typeof socialRegisterVerifySchema>,
): Promise<SignInOutcome> {
  await consume("otpVerifyIp", ctx.ip);
  const flow = await getFlow(ctx, input.token, "social_link");
  await checkCode(ctx, { flow, code: input.code });
  if (!flow.userId) throw new AppError("FLOW_TOKEN_INVALID");
  await finishFlow(ctx, flow);
  const data = flow.data as PendingIdentity & { isNew?: boolean };
  const current = await findUserById(ctx, flow.userId);
  if (!current) throw new AppError("FLOW_TOKEN_INVALID");
  await linkToPerson(ctx, {
    userId: current.id,
    provider: data.provider,
    subject: data.subject,
    email: null,
  });
  // The code proved the address: an account waiting for its email code is verified by it.
  const user =
    (await updateUser(ctx, current.id, {
      isVerifyEmail: true,
      ...(!current.isVerified && current.verifyType === "EMAIL" ? { isVerified: true } : {}),
    })) ?? current;
  const query = handoffQuery({
    ...data.query,
    ...handoffQuery(input),
    callback_url: input.callback_url || input.url_callback || data.query.callback_url,
    app_code: input.app_code ?? data.query.app_code,
  });
  return signInWithProvider(ctx, { user, provider: data.provider, query, isNew: Boolean(data.isNew) });
}
