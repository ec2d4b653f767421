import "server-only";
import { randomBytes } from "node:crypto";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import type { CallResult } from "@/lib/http/call";
import { newId } from "@/lib/ids";
import { hashPassword, verifyPassword } from "@/lib/password";
import { consume, reward } from "@/lib/rate-limit";
import { verifyCaptcha } from "@/server/captcha/altcha";
import type { Ctx } from "@/server/context";
import { insertSecurityEvent } from "@/server/security/repository";
import { createSession, PORTAL_APP_CODE, revokeToken } from "@/server/session/service";
import {
  findUserByEmail,
  findUserById,
  insertUser,
  type UserRow,
  updateUser,
} from "@/server/user/repository";
import { toUserInfo } from "@/server/user/service";
import { checkCode, createFlow, finishFlow, getFlow, sendCode } from "@/server/verification/service";
import type { signInSchema, signUpSchema, VerifyType, verifyAccountSchema } from "./schema";
import { decideSignInResult, type SignInQuery, type SignInSource, withToken } from "./signin-result";

/** The builder is the default product for a new account (SPEC §9). */
const BUILDER_APP_CODE = "lp";

function handoffQuery(input: {
  url_callback?: string;
  callback_url?: string;
  app_code?: string;
  client_id?: string;
  path?: string;
  iframe?: boolean;
}): SignInQuery {
  return {
    callback_url: input.callback_url || input.url_callback,
    app_code: input.app_code,
    client_id: input.client_id,
    path: input.path,
    iframe: input.iframe,
  };
}

/** Hosts allowed to receive a token: CALLBACK_ALLOWED_HOSTS plus the family's own homes. */
export function allowedHosts(ctx: Pick<Ctx, "env">): string[] {
  const fromApps = Object.values(ctx.env.APPS_CONFIG).map((app) => new URL(app.home).host.toLowerCase());
  return [...ctx.env.allowedHosts, ...fromApps];
}

async function record(
  ctx: Ctx,
  userId: string | null,
  type: Parameters<typeof insertSecurityEvent>[1]["type"],
  data?: Record<string, unknown>,
) {
  await insertSecurityEvent(ctx.db, { userId, type, ip: ctx.ip, userAgent: ctx.userAgent, data });
}

/**
 * Turns a person who proved who they are into the SPEC §4 result: cookie directive, product
 * token for an allowed callback (its own session row), or the next step's page.
 */
async function finishSignIn(
  ctx: Ctx,
  options: { user: UserRow; source: SignInSource; query: SignInQuery; isNew: boolean },
): Promise<CallResult> {
  const { user, source, query, isNew } = options;
  const state = {
    isVerified: user.isVerified,
    hasPhone: Boolean(user.phone),
    isNew,
    isRequire2fa: user.isRequire2fa,
    is2faEnabled: Boolean(user.twoFaEnabledAt),
    twoFaType: (user.twoFaType as "TOTP" | "SMS" | null) ?? null,
    email: user.email,
    phone: user.phone,
    isVerifyPhone: user.isVerifyPhone,
    verifyType: user.verifyType as VerifyType,
  };
  const context = {
    allowedHosts: allowedHosts(ctx),
    defaultCallbackUrl: ctx.env.APPS_CONFIG[BUILDER_APP_CODE]?.home,
    defaultAppCode: BUILDER_APP_CODE,
  };

  // The steps before a session (verification, two-factor) carry the query in a flow token.
  if (!state.isVerified) {
    const channel = user.verifyType as VerifyType;
    const { token, flow } = await createFlow(ctx, {
      purpose: "verify_account",
      user,
      data: { query, isNew },
    });
    const { expTime } = await sendCode(ctx, { flow, user, channel });
    const result = decideSignInResult(state, query, source, { ...context, flowToken: token, expTime });
    return {
      data: { ...redirectData(result), token, verify_type: channel, exp_time: expTime, is_not_verify: true },
      session: { clear: true },
    };
  }
  if (state.is2faEnabled || state.isRequire2fa) {
    const purpose = state.is2faEnabled ? "verify_2fa" : "require_2fa";
    const { token } = await createFlow(ctx, { purpose, user, data: { query, isNew }, ttlSeconds: 10 * 60 });
    const result = decideSignInResult(state, query, source, { ...context, flowToken: token });
    return { data: { ...redirectData(result), custom_auth: token }, session: { clear: true } };
  }

  const result = decideSignInResult(state, query, source, context);
  const portal = await createSession(ctx, { user, appCode: PORTAL_APP_CODE });
  await updateUser(ctx.db, user.id, { lastLoginAt: ctx.clock() });
  await record(ctx, user.id, "signin", { source, app_code: PORTAL_APP_CODE });
  const session = {
    set: {
      token: portal.token,
      userId: user.id,
      hasPhone: state.hasPhone,
      email: user.email,
      fullname: user.fullname,
    },
  };
  const info = toUserInfo(user);
  if (result.kind === "callback") {
    const product = await createSession(ctx, { user, appCode: result.appCode });
    await record(ctx, user.id, "signin", { source, app_code: result.appCode, handoff: true });
    const redirectUrl = withToken(result.callbackUrl, product.token);
    return {
      data: {
        user: info,
        redirect_url: redirectUrl,
        ...(result.postMessage
          ? {
              post_message: {
                token: product.token,
                is_auth: true,
                redirect_url: redirectUrl,
                is_close_iframe: true,
              },
            }
          : {}),
      },
      session,
    };
  }
  return {
    data: {
      user: info,
      redirect_url: result.redirectUrl,
      ...(result.kind === "home" && result.postMessage
        ? { post_message: { is_auth: true, redirect_url: result.redirectUrl, is_close_iframe: false } }
        : {}),
    },
    session,
  };
}

function redirectData(result: ReturnType<typeof decideSignInResult>) {
  return { redirect_url: "redirectUrl" in result ? result.redirectUrl : result.callbackUrl };
}

export async function signIn(ctx: Ctx, input: z.output<typeof signInSchema>): Promise<CallResult> {
  await consume("signinIp", ctx.ip);
  await consume("signinEmail", input.email);
  const user = await findUserByEmail(ctx.db, input.email);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) {
    await record(ctx, user?.id ?? null, "signin_failed", { reason: user ? "password" : "unknown_email" });
    throw new AppError("AUTH_INVALID_CREDENTIALS");
  }
  if (user.status !== "ACTIVE") throw new AppError("ACCOUNT_LOCKED");
  await reward("signinEmail", input.email);
  return finishSignIn(ctx, { user, source: "signin", query: handoffQuery(input), isNew: false });
}

/** A short, unique, shareable code for the person's invite link. */
function newReferralCode(): string {
  return randomBytes(6).toString("base64url").replace(/[-_]/g, "x").toLowerCase();
}

export async function signUp(ctx: Ctx, input: z.output<typeof signUpSchema>): Promise<CallResult> {
  if (!ctx.env.REGISTRATION_ENABLED) throw new AppError("REGISTRATION_DISABLED");
  await consume("signupIp", ctx.ip);
  if (!(await verifyCaptcha(input.token))) throw new AppError("CAPTCHA_INVALID");
  if (await findUserByEmail(ctx.db, input.email)) {
    throw new AppError("EMAIL_TAKEN", { fields: { email: "errors.EMAIL_TAKEN" } });
  }
  const user = await insertUser(ctx.db, {
    id: newId(),
    email: input.email,
    passwordHash: await hashPassword(input.password),
    fullname: input.fullname,
    phone: input.phone,
    countryCode: input.country_code,
    language: ctx.lang,
    verifyType: input.verify_type,
    code: newReferralCode(),
    referralId: input.referral_id,
    affilateCode: input.affilate_code,
    ladiflowRef: input.ladiflow_ref,
    utmSource: input.utm_source,
    affSid: input.aff_sid,
    signupAppCode: input.app_code,
  });
  // Two sign-ups of one email racing: the unique index decides.
  if (!user) throw new AppError("EMAIL_TAKEN", { fields: { email: "errors.EMAIL_TAKEN" } });
  await record(ctx, user.id, "signup", { app_code: input.app_code ?? null });
  const result = await finishSignIn(ctx, { user, source: "signup", query: handoffQuery(input), isNew: true });
  return {
    ...result,
    data: { ...(result.data as object), email: user.email, phone: user.phone, is_require_verify: true },
  };
}

export async function resendOtp(ctx: Ctx, input: { token: string }): Promise<CallResult> {
  await consume("otpResendIp", ctx.ip);
  const flow = await getFlow(ctx, input.token, "verify_account");
  const user = await findUserById(ctx.db, flow.userId);
  if (!user) throw new AppError("FLOW_TOKEN_INVALID");
  const { expTime } = await sendCode(ctx, { flow, user, channel: user.verifyType as VerifyType });
  return { data: { exp_time: expTime }, message: "auth.verify.resent" };
}

export async function verifyAccount(
  ctx: Ctx,
  input: z.output<typeof verifyAccountSchema>,
): Promise<CallResult> {
  await consume("otpVerifyIp", ctx.ip);
  const flow = await getFlow(ctx, input.token, "verify_account");
  await checkCode(ctx, { flow, code: input.code });
  await finishFlow(ctx, flow);
  const channel = (await findUserById(ctx.db, flow.userId))?.verifyType;
  const user = await updateUser(ctx.db, flow.userId, {
    isVerified: true,
    ...(channel === "EMAIL" ? { isVerifyEmail: true } : { isVerifyPhone: true }),
  });
  if (!user) throw new AppError("FLOW_TOKEN_INVALID");
  await record(ctx, user.id, "account_verified", { channel });
  const data = flow.data as { query?: SignInQuery; isNew?: boolean };
  const query = { ...data.query, client_id: input.client_id ?? data.query?.client_id };
  return finishSignIn(ctx, { user, source: "otp", query, isNew: Boolean(data.isNew) });
}

export async function getUserInfo(ctx: Ctx): Promise<CallResult> {
  if (!ctx.auth) throw new AppError("UNAUTHORIZED");
  return { data: toUserInfo(ctx.auth.user) };
}

/** Revokes the presented session in the database and clears the cookies. */
export async function signOut(ctx: Ctx): Promise<CallResult> {
  if (ctx.auth) {
    await revokeToken(ctx.db, ctx.auth.token, ctx.clock());
    await record(ctx, ctx.auth.user.id, "signout", { app_code: ctx.auth.session.appCode });
  }
  return { data: { redirect_url: "/signin?logout=1" }, session: { clear: true } };
}
