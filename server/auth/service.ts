import "server-only";
import { randomBytes } from "node:crypto";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import type { CallResult } from "@/lib/http/call";
import { newId } from "@/lib/ids";
import { hashPassword, verifyPassword } from "@/lib/password";
import { isPasswordSameAsEmail, PASSWORD_KEYS } from "@/lib/password-rule";
import { consume, reward } from "@/lib/rate-limit";
import { verifyCaptcha } from "@/server/captcha/altcha";
import { type Ctx, requireAuth } from "@/server/context";
import { grantVerifyReward, recordReferral, referralFields } from "@/server/referral/service";
import { signedInFrom } from "@/server/security/repository";
import { createSession, revokeToken } from "@/server/session/service";
import {
  findUserByEmail,
  findUserById,
  insertUser,
  type UserRow,
  updateUser,
} from "@/server/user/repository";
import { toUserInfo, type UserInfoDto } from "@/server/user/service";
import {
  checkCode,
  type FlowTokenRow,
  finishFlow,
  getVerifyAccountFlow,
  sendCode,
} from "@/server/verification/service";
import { allowedHosts, finishSignIn, handoffQuery, type PendingSignIn, recordEvent } from "./finish-signin";
import type {
  completeRegisterSchema,
  openAppSchema,
  signInSchema,
  signUpSchema,
  VerifyType,
  verifyAccountSchema,
} from "./schema";
import { allowedCallback, withToken } from "./signin-result";
import { findSignUpOwner, resendDecoy, startDecoySignUp, type TakenBy } from "./signup-decoy";

/** An address the account signed in from within this many days is the owner's usual one. */
const KNOWN_ADDRESS_DAYS = 30;

/**
 * The sign-in throttle (README, "Sign-in throttling"): per address, and per account. Guesses at one
 * account from addresses it never signed in from share one budget; an address the account signed
 * in from recently has a budget of its own, so a brute force from elsewhere never locks the owner
 * out. Budgets refill after their window: no lock is permanent.
 */
async function consumeAccountBudget(ctx: Ctx, email: string, userId: string | undefined) {
  const since = new Date(Date.now() - KNOWN_ADDRESS_DAYS * 86_400_000);
  const known = userId ? await signedInFrom(ctx.db, userId, ctx.ip, since) : false;
  const budget = known
    ? { name: "signinKnown" as const, key: `${email}|${ctx.ip}` }
    : { name: "signinEmail" as const, key: email };
  await consume(budget.name, budget.key);
  // A right password gives the points it spent back (only its own budget: the owner signing in does
  // not refill the budget of guesses from elsewhere).
  return async () => {
    await reward(budget.name, budget.key);
    await reward("signinIp", ctx.ip);
  };
}

export async function signIn(ctx: Ctx, input: z.output<typeof signInSchema>): Promise<CallResult> {
  await consume("signinIp", ctx.ip);
  const user = await findUserByEmail(ctx.db, input.email);
  const giveBack = await consumeAccountBudget(ctx, input.email, user?.id);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) {
    await recordEvent(ctx, user?.id ?? null, "signin_failed", {
      reason: user ? "password" : "unknown_email",
    });
    throw new AppError("AUTH_INVALID_CREDENTIALS");
  }
  if (user.status !== "ACTIVE") throw new AppError("ACCOUNT_LOCKED");
  await giveBack();
  return finishSignIn(ctx, { user, source: "signin", query: handoffQuery(input), isNew: false });
}

/** A short, unique, shareable code for the person's invite link. */
export function newReferralCode(): string {
  return randomBytes(6).toString("base64url").replace(/[-_]/g, "x").toLowerCase();
}

export async function signUp(ctx: Ctx, input: z.output<typeof signUpSchema>): Promise<CallResult> {
  if (!ctx.env.REGISTRATION_ENABLED) throw new AppError("REGISTRATION_DISABLED");
  await consume("signupIp", ctx.ip);
  if (!(await verifyCaptcha(input.token))) throw new AppError("CAPTCHA_INVALID");
  // Details that already have an account are answered as new ones (signup-decoy.ts): the same
  // lookups and password hash on every path, so neither the answer nor its time tells them apart.
  const taken = await findSignUpOwner(ctx, input);
  const passwordHash = await hashPassword(input.password);
  const query = handoffQuery(input);
  const answer = (result: CallResult): CallResult => ({
    ...result,
    data: { ...(result.data as object), email: input.email, phone: input.phone, is_require_verify: true },
  });
  const decoy = (by: TakenBy) =>
    startDecoySignUp(ctx, {
      ...by,
      channel: input.verify_type,
      destination: input.verify_type === "EMAIL" ? input.email : input.phone,
      query,
      appCode: input.app_code,
    });
  if (taken) return answer(await decoy(taken));
  const referral = referralFields(ctx, input);
  const user = await insertUser(ctx.db, {
    id: newId(),
    email: input.email,
    passwordHash,
    fullname: input.fullname,
    phone: input.phone,
    countryCode: input.country_code,
    language: ctx.lang,
    verifyType: input.verify_type,
    code: newReferralCode(),
    referralId: referral.referral_id,
    affilateCode: referral.affilate_code,
    ladiflowRef: referral.ladiflow_ref,
    utmSource: input.utm_source,
    affSid: input.aff_sid,
    signupAppCode: input.app_code,
  });
  if (!user) {
    // Two sign-ups of one email racing: the unique index decides, the other is a taken email.
    const winner = await findUserByEmail(ctx.db, input.email);
    if (!winner) throw new Error("sign-up: the insert found a conflict but no account");
    return answer(await decoy({ owner: winner, reason: "email" }));
  }
  await recordReferral(ctx, user.id, referral);
  await recordEvent(ctx, user.id, "signup", { app_code: input.app_code ?? null });
  return answer(await finishSignIn(ctx, { user, source: "signup", query, isNew: true }));
}

export async function resendOtp(ctx: Ctx, input: { token: string }): Promise<CallResult> {
  await consume("otpResendIp", ctx.ip);
  const flow = await getVerifyAccountFlow(ctx, input.token);
  const { expTime, delayed } = flow.userId
    ? await resendCode(ctx, { flow, userId: flow.userId })
    : await resendDecoy(ctx, flow);
  return {
    data: { exp_time: expTime, delivery_delayed: delayed },
    message: delayed ? "auth.verify.delayed" : "auth.verify.resent",
  };
}

async function resendCode(ctx: Ctx, options: { flow: FlowTokenRow; userId: string }) {
  const user = await findUserById(ctx.db, options.userId);
  if (!user) throw new AppError("FLOW_TOKEN_INVALID");
  return sendCode(ctx, { flow: options.flow, user, channel: user.verifyType as VerifyType });
}

export async function verifyAccount(
  ctx: Ctx,
  input: z.output<typeof verifyAccountSchema>,
): Promise<CallResult> {
  await consume("otpVerifyIp", ctx.ip);
  // A sign-up decoy's flow is found like any other: its codes are checked, and never match.
  const flow = await getVerifyAccountFlow(ctx, input.token);
  await checkCode(ctx, { flow, code: input.code });
  // Never reached by a decoy (checkCode refused it); here only so nothing below runs without a person.
  if (!flow.userId) throw new AppError("FLOW_TOKEN_INVALID");
  await finishFlow(ctx, flow);
  const channel = (await findUserById(ctx.db, flow.userId))?.verifyType;
  const user = await updateUser(ctx.db, flow.userId, {
    isVerified: true,
    ...(channel === "EMAIL" ? { isVerifyEmail: true } : { isVerifyPhone: true }),
  });
  if (!user) throw new AppError("FLOW_TOKEN_INVALID");
  if (channel === "EMAIL") await grantVerifyReward(ctx, user.id);
  await recordEvent(ctx, user.id, "account_verified", { channel });
  const data = flow.data as PendingSignIn;
  const query = { ...data.query, client_id: input.client_id ?? data.query?.client_id };
  return finishSignIn(ctx, { user, source: "otp", query, isNew: Boolean(data.isNew) });
}

/**
 * The DTO of a user row, made once per row: the session cache hands userinfo the same row until
 * the person changes (a change drops it), so the call every product makes reuses it.
 */
const userInfoOfRow = new WeakMap<UserRow, UserInfoDto>();

export async function getUserInfo(ctx: Ctx): Promise<CallResult> {
  if (!ctx.auth) throw new AppError("UNAUTHORIZED");
  const { user } = ctx.auth;
  let info = userInfoOfRow.get(user);
  if (!info) {
    info = toUserInfo(user);
    userInfoOfRow.set(user, info);
  }
  return { data: info };
}

/** Revokes the presented session in the database and clears the cookies. */
export async function signOut(ctx: Ctx): Promise<CallResult> {
  if (ctx.auth) {
    await revokeToken(ctx.db, ctx.auth.token, ctx.clock());
    await recordEvent(ctx, ctx.auth.user.id, "signout", { app_code: ctx.auth.session.appCode });
  }
  return { data: { redirect_url: "/signin?logout=1" }, session: { clear: true } };
}

/**
 * /auth/complete-register: a social sign-up adds its name, password and phone. The phone is then
 * verified by SMS at /verify-account, whose success signs the person in as a new account.
 */
export async function completeRegister(
  ctx: Ctx,
  input: z.output<typeof completeRegisterSchema>,
): Promise<CallResult> {
  const { user: current, token } = requireAuth(ctx);
  if (current.phone) throw new AppError("REGISTRATION_ALREADY_COMPLETE");
  if (isPasswordSameAsEmail(input.password, current.email)) {
    throw new AppError("VALIDATION", { fields: { password: PASSWORD_KEYS.sameAsEmail } });
  }
  const user = await updateUser(ctx.db, current.id, {
    fullname: input.fullname,
    passwordHash: await hashPassword(input.password),
    phone: input.phone,
    countryCode: input.country_code,
    isVerified: false,
    isVerifyPhone: false,
    verifyType: "SMS",
  });
  if (!user) throw new AppError("UNAUTHORIZED");
  // The session that could only reach /complete-reg ends; verifying the phone opens the real one.
  await revokeToken(ctx.db, token, ctx.clock(), "registration");
  await recordEvent(ctx, user.id, "registration_completed", { app_code: input.app_code ?? null });
  return finishSignIn(ctx, { user, source: "register", query: handoffQuery(input), isNew: true });
}

/**
 * /auth/open-app (dashboard cards): a session of the product's own, handed to its home from
 * APPS_CONFIG through the same allow-listed callback path as a sign-in.
 */
export async function openApp(ctx: Ctx, input: z.output<typeof openAppSchema>): Promise<CallResult> {
  const { user, session } = requireAuth(ctx);
  const app = ctx.env.APPS_CONFIG[input.app_code];
  const home = app ? allowedCallback(app.home, allowedHosts(ctx)) : undefined;
  if (!home) throw new AppError("APP_UNKNOWN");
  const product = await createSession(ctx, { user, appCode: input.app_code, parentSessionId: session.id });
  await recordEvent(ctx, user.id, "signin", { source: "dashboard", app_code: input.app_code, handoff: true });
  home.searchParams.set("login_callback", "dashboard");
  return { data: { redirect_url: withToken(home.toString(), product.token) } };
}
