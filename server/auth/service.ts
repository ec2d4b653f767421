import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { hashPassword, verifyPassword } from "@/lib/password";
import { isPasswordSameAsEmail, PASSWORD_KEYS } from "@/lib/password-rule";
import { consume, reward } from "@/lib/rate-limit";
import { deletionPendingRefusal, isDeletionPending } from "@/server/account-deletion/service";
import { verifyCaptcha } from "@/server/captcha/altcha";
import { type Ctx, requireAuth } from "@/server/context";
import type { UserRow } from "@/server/db/tables/users";
import { grantVerifyReward } from "@/server/referral/service";
import { recordSecurityEvent } from "@/server/security/service";
import { createSession, revokeToken } from "@/server/session/service";
import { findUserById, toUserInfo, type UserInfoDto, updateUser } from "@/server/user/service";
import {
  checkCode,
  type FlowTokenRow,
  finishFlow,
  getVerifyAccountFlow,
  sendCode,
} from "@/server/verification/service";
import { finishSignIn, handoffQuery, type PendingSignIn, type SignInOutcome } from "./finish-signin";
import { allowedHosts } from "./hand-off";
import { accountLocked } from "./locked";
import { checkNewPassword } from "./new-password";
import { openAccount } from "./open-account";
import { findAccountToSignIn } from "./repository";
import type {
  completeRegisterSchema,
  openAppSchema,
  signInSchema,
  signUpSchema,
  VerifyType,
  verifyAccountSchema,
} from "./schema";
import { allowedCallback, withToken } from "./signin-result";
import { resendDecoy } from "./signup-decoy";

/** An address the account signed in from within this many days is the owner's usual one. */
const KNOWN_ADDRESS_DAYS = 30;

/**
 * The sign-in throttle (README, "Sign-in throttling"): per address, and per account. Guesses at one
 * account from addresses it never signed in from share one budget; an address the account signed
 * in from recently has a budget of its own, so a brute force from elsewhere never locks the owner
 * out. Budgets refill after their window: no lock is permanent.
 */
async function consumeAccountBudget(ctx: Ctx, email: string, isUsualAddress: boolean) {
  const budget = isUsualAddress
    ? { name: "signinKnown" as const, key: `${email}|${ctx.ip}` }
    : { name: "signinEmail" as const, key: email };
  await consume(budget.name, budget.key);
  // A right password gives the points it spent back (only its own budget: the owner signing in does
  // not refill the budget of guesses from elsewhere).
  return async () => {
    await Promise.all([reward(budget.name, budget.key), reward("signinIp", ctx.ip)]);
  };
}

export async function signIn(ctx: Ctx, input: z.output<typeof signInSchema>): Promise<SignInOutcome> {
  await consume("signinIp", ctx.ip);
  // The account and whether this is its usual address, in one lookup (server/auth/repository.ts).
  const account = await findAccountToSignIn(ctx.db, {
    email: input.email,
    ip: ctx.ip,
    since: new Date(Date.now() - KNOWN_ADDRESS_DAYS * 86_400_000),
  });
  const user = account?.user;
  const giveBack = await consumeAccountBudget(ctx, input.email, Boolean(account?.isUsualAddress));
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) {
    await recordSecurityEvent(ctx, user?.id ?? null, "signin_failed", {
      reason: user ? "password" : "unknown_email",
    });
    throw new AppError("AUTH_INVALID_CREDENTIALS");
  }
  if (isDeletionPending(user)) {
    await giveBack();
    throw await deletionPendingRefusal(ctx, {
      user,
      source: "signin",
      method: "password",
      query: handoffQuery(input),
    });
  }
  if (user.status !== "ACTIVE") throw accountLocked(user);
  await giveBack();
  return finishSignIn(ctx, {
    user,
    source: "signin",
    method: "password",
    query: handoffQuery(input),
    isNew: false,
  });
}

/**
 * A new account, then its /verify-account step. Details that already have an account are answered
 * as new ones (signup-decoy.ts): the same lookups and password hash on every path, so neither the
 * answer nor its time tells them apart.
 */
export async function signUp(ctx: Ctx, input: z.output<typeof signUpSchema>): Promise<SignInOutcome> {
  if (!ctx.env.REGISTRATION_ENABLED) throw new AppError("REGISTRATION_DISABLED");
  await consume("signupIp", ctx.ip);
  if (!(await verifyCaptcha(input.token))) throw new AppError("CAPTCHA_INVALID");
  // Judged on what was typed only, before any lookup: a taken email is refused alike (no enumeration).
  await checkNewPassword(ctx, { password: input.password, field: "password", person: input });
  const passwordHash = await hashPassword(input.password);
  return openAccount(ctx, { ...input, passwordHash, query: handoffQuery(input) });
}

/** /auth/resend-otp: another code for the /verify-account step (a decoy's too, alike). */
export async function resendOtp(
  ctx: Ctx,
  input: { token: string },
): Promise<{ expTime: number; delayed: boolean }> {
  await consume("otpResendIp", ctx.ip);
  const flow = await getVerifyAccountFlow(ctx, input.token);
  return flow.userId ? resendCode(ctx, { flow, userId: flow.userId }) : resendDecoy(ctx, flow);
}

async function resendCode(ctx: Ctx, options: { flow: FlowTokenRow; userId: string }) {
  const user = await findUserById(ctx, options.userId);
  if (!user) throw new AppError("FLOW_TOKEN_INVALID");
  return sendCode(ctx, { flow: options.flow, user, channel: user.verifyType as VerifyType });
}

export async function verifyAccount(
  ctx: Ctx,
  input: z.output<typeof verifyAccountSchema>,
): Promise<SignInOutcome> {
  await consume("otpVerifyIp", ctx.ip);
  // A sign-up decoy's flow is found like any other: its codes are checked, and never match.
  const flow = await getVerifyAccountFlow(ctx, input.token);
  await checkCode(ctx, { flow, code: input.code });
  // Never reached by a decoy (checkCode refused it); here only so nothing below runs without a person.
  if (!flow.userId) throw new AppError("FLOW_TOKEN_INVALID");
  await finishFlow(ctx, flow);
  const channel = (await findUserById(ctx, flow.userId))?.verifyType;
  const user = await updateUser(ctx, flow.userId, {
    isVerified: true,
    ...(channel === "EMAIL" ? { isVerifyEmail: true } : { isVerifyPhone: true }),
  });
  if (!user) throw new AppError("FLOW_TOKEN_INVALID");
  if (channel === "EMAIL") await grantVerifyReward(ctx, user.id);
  await recordSecurityEvent(ctx, user.id, "account_verified", { channel });
  const data = flow.data as PendingSignIn;
  const query = { ...data.query, client_id: input.client_id ?? data.query?.client_id };
  return finishSignIn(ctx, { user, source: "otp", method: "code", query, isNew: Boolean(data.isNew) });
}

/**
 * The DTO of a user row, made once per row: the session cache hands userinfo the same row until
 * the person changes (a change drops it), so the call every product makes reuses it.
 */
const userInfoOfRow = new WeakMap<UserRow, UserInfoDto>();

export function getUserInfo(ctx: Ctx): UserInfoDto {
  if (!ctx.auth) throw new AppError("UNAUTHORIZED");
  const { user } = ctx.auth;
  let info = userInfoOfRow.get(user);
  if (!info) {
    info = toUserInfo(user);
    userInfoOfRow.set(user, info);
  }
  return info;
}

/** Revokes the presented session (and what it handed out) in the database; the handler clears the cookies. */
export async function signOut(ctx: Ctx): Promise<void> {
  if (!ctx.auth) return;
  await revokeToken(ctx.db, ctx.auth.token, ctx.clock());
  await recordSecurityEvent(ctx, ctx.auth.user.id, "signout", { app_code: ctx.auth.session.appCode });
}

/**
 * /auth/complete-register: a social sign-up adds its name, password and phone. The phone is then
 * verified by SMS at /verify-account, whose success signs the person in as a new account.
 */
export async function completeRegister(
  ctx: Ctx,
  input: z.output<typeof completeRegisterSchema>,
): Promise<SignInOutcome> {
  const { user: current, token } = requireAuth(ctx);
  if (current.phone) throw new AppError("REGISTRATION_ALREADY_COMPLETE");
  if (isPasswordSameAsEmail(input.password, current.email)) {
    throw new AppError("VALIDATION", { fields: { password: PASSWORD_KEYS.sameAsEmail } });
  }
  await checkNewPassword(ctx, {
    password: input.password,
    field: "password",
    person: { email: current.email, fullname: input.fullname, phone: input.phone },
  });
  const user = await updateUser(ctx, current.id, {
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
  await recordSecurityEvent(ctx, user.id, "registration_completed", { app_code: input.app_code ?? null });
  // The phone is unverified now: this stops at the SMS code step, whose success is the sign-in ("code").
  return finishSignIn(ctx, {
    user,
    source: "register",
    method: "code",
    query: handoffQuery(input),
    isNew: true,
  });
}

/**
 * /auth/open-app (dashboard cards): a session of the product's own, handed to its home from
 * APPS_CONFIG through the same allow-listed callback path as a sign-in. Answers the home with its token.
 */
export async function openApp(ctx: Ctx, input: z.output<typeof openAppSchema>): Promise<string> {
  const { user, session } = requireAuth(ctx);
  const app = ctx.env.APPS_CONFIG[input.app_code];
  const home = app ? allowedCallback(app.home, allowedHosts(ctx)) : undefined;
  if (!home) throw new AppError("APP_UNKNOWN");
  const product = await createSession(ctx, {
    user,
    appCode: input.app_code,
    parentSessionId: session.id,
    signInMethod: session.signInMethod,
  });
  await recordSecurityEvent(ctx, user.id, "signin", {
    source: "dashboard",
    app_code: input.app_code,
    handoff: true,
  });
  home.searchParams.set("login_callback", "dashboard");
  return withToken(home.toString(), product.token);
}
