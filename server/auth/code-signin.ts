import "server-only";
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { safeEqual, sha256 } from "@/lib/ids";
import { logger } from "@/lib/logger";
import { maskEmail, maskPhone } from "@/lib/mask";
import { consume } from "@/lib/rate-limit";
import { deletionPendingRefusal, isDeletionPending } from "@/server/account-deletion/service";
import { verifyCaptcha } from "@/server/captcha/altcha";
import type { Ctx } from "@/server/context";
import type { UserRow } from "@/server/db/tables/users";
import type { Channel } from "@/server/notify/deliver";
import { grantVerifyReward } from "@/server/referral/service";
import { recordSecurityEvent } from "@/server/security/service";
import { findUserByEmail, findUserById, findUserByVerifiedPhone, updateUser } from "@/server/user/service";
import {
  CODE_TTL_SECONDS,
  checkCode,
  createFlow,
  type FlowTokenRow,
  findAnonymousFlow,
  finishFlow,
  getCodeStatus,
  issueDecoyCode,
  RESEND_AFTER_SECONDS,
  sendCode,
} from "@/server/verification/service";
import {
  CODE_SIGNIN_KEYS,
  type CodeSignInStartDto,
  type codeSignInResendSchema,
  type codeSignInStartSchema,
  type codeSignInVerifySchema,
  type Identifier,
} from "./code-signin-schema";
import { finishSignIn, handoffQuery, type PendingSignIn, type SignInOutcome } from "./finish-signin";
import { accountLocked } from "./locked";

// Sign in with a one-time code (issue 40): an email or a phone, a code to it, the code typed in the
// six boxes, then the password sign-in's own ending (finishSignIn: verification, second factor,
// device limit, hand-off). An email or phone without an account is answered exactly alike — the
// same flow token, masked destination, resend rule and "wrong code" — and nothing is sent to it.

/** The cookie that binds a code sign-in to the browser that started it (only its hash is in the flow). */
export const CODE_SIGNIN_BINDING_COOKIE = "CODE_SIGNIN_BINDING";
/** The flow, and so its binding cookie, lives as long as the code and one resend after it. */
export const CODE_SIGNIN_TTL_SECONDS = 15 * 60;

/** What a code sign-in's flow keeps: the stopped sign-in, where the code goes, whose browser. */
export type CodeSignInData = PendingSignIn & {
  bindingHash: string;
  channel: Channel;
  destination: string;
  /** A phone's country (vn, th…), for the account a sign-up by code opens with it. */
  country?: string;
};

/**
 * A phone's code goes by Zalo ZNS (deliver.ts sends it by SMS when Zalo refuses it for good),
 * unless ZNS only reaches the file outbox while SMS really leaves the machine: then by SMS.
 */
function channelOf(env: Ctx["env"], identifier: Identifier): Channel {
  if (identifier.kind === "email") return "EMAIL";
  return env.ZNS_PROVIDER === "outbox" && env.SMS_PROVIDER !== "outbox" ? "SMS" : "ZNS";
}
const destinationOf = (identifier: Identifier) =>
  identifier.kind === "email" ? identifier.email : identifier.phone;
const masked = (channel: Channel, destination: string) =>
  channel === "EMAIL" ? maskEmail(destination) : maskPhone(destination);

export function requireEnabled(ctx: Pick<Ctx, "env">): void {
  if (!ctx.env.PASSWORDLESS_ENABLED) throw new AppError("PASSWORDLESS_DISABLED");
}

/**
 * Waits out the rest of the floor (CODE_SIGNIN_MIN_ANSWER_MS, 800 ms by default) that started at
 * `started` (performance.now()): the known path sends a code (a mail, or a ZNS/SMS through a
 * vendor) and the unknown one sends nothing, so without a floor the time would tell them apart.
 * A vendor slower than the floor still shows: raise the setting then.
 */
async function answerNoSoonerThan(ctx: Pick<Ctx, "env">, started: number): Promise<void> {
  const left = ctx.env.CODE_SIGNIN_MIN_ANSWER_MS - (performance.now() - started);
  if (left > 0) await sleep(left);
}

/**
 * The captcha from an address's second request within the hour: the first is free (a person
 * asking once is not made to solve anything), every later one must carry a solved ALTCHA.
 */
async function requireCaptchaAfterFirst(ctx: Ctx, captcha: string | undefined): Promise<void> {
  try {
    await consume("codeSigninFreeIp", ctx.ip);
    return;
  } catch (error) {
    if (!(error instanceof AppError && error.code === "RATE_LIMITED")) throw error;
  }
  if (!captcha) throw new AppError("CAPTCHA_REQUIRED");
  if (!(await verifyCaptcha(captcha))) throw new AppError("CAPTCHA_INVALID");
}

/**
 * /auth/code-signin: a code to the email or phone, and the flow token to type it against. The
 * answer and its time are the same whether or not the email or phone has an account; `binding`
 * is the value of this browser's binding cookie (the existing one when it has one).
 */
export async function startCodeSignIn(
  ctx: Ctx,
  input: z.output<typeof codeSignInStartSchema>,
): Promise<{ answer: CodeSignInStartDto; binding: string }> {
  const started = performance.now();
  requireEnabled(ctx);
  const { identifier } = input;
  if (!ctx.env.PASSWORDLESS_CHANNELS.includes(identifier.kind)) {
    throw new AppError("VALIDATION", { fields: { identifier: CODE_SIGNIN_KEYS.channelOff } });
  }
  await consume("codeSigninIp", ctx.ip);
  await requireCaptchaAfterFirst(ctx, input.captcha);
  const channel = channelOf(ctx.env, identifier);
  const destination = destinationOf(identifier);
  await consume("codeSigninIdentifier", destination);
  // Only a verified phone is anyone's: a number someone merely typed at sign-up signs nobody in.
  const user =
    identifier.kind === "email"
      ? await findUserByEmail(ctx, identifier.email)
      : await findUserByVerifiedPhone(ctx, identifier.phone);
  const existing = ctx.cookies[CODE_SIGNIN_BINDING_COOKIE];
  const binding = existing && /^[\w-]{43}$/.test(existing) ? existing : randomBytes(32).toString("base64url");
  const data: CodeSignInData = {
    query: handoffQuery(input),
    isNew: false,
    source: "signin",
    method: "code",
    bindingHash: sha256(binding),
    channel,
    destination,
    ...(identifier.kind === "phone" ? { country: identifier.country } : {}),
  };
  const { token, flow } = await createFlow(ctx, {
    purpose: "code_signin",
    user: user ?? null,
    data,
    ttlSeconds: CODE_SIGNIN_TTL_SECONDS,
  });
  await issueCode(ctx, flow, data);
  await answerNoSoonerThan(ctx, started);
  return {
    answer: {
      token,
      channel: channel === "EMAIL" ? "EMAIL" : "PHONE",
      destination: masked(channel, destination),
      exp_time: CODE_TTL_SECONDS,
      resend_in: RESEND_AFTER_SECONDS,
    },
    binding,
  };
}

/**
 * A code for the flow: sent to the account's email or phone (ZNS, SMS when Zalo cannot deliver:
 * server/notify/deliver.ts), or, with nobody behind the flow, a code row that never matches and
 * nothing sent. Both refuse a resend within 60 s alike.
 */
async function issueCode(ctx: Ctx, flow: FlowTokenRow, data: CodeSignInData): Promise<void> {
  const user = flow.userId ? await findUserById(ctx, flow.userId) : undefined;
  if (!user) {
    await issueDecoyCode(ctx, { flow, channel: data.channel, destination: data.destination });
    return;
  }
  try {
    await sendCode(ctx, { flow, user, channel: data.channel });
  } catch (error) {
    // Nowhere to send it (Zalo refused it for good and no SMS is set up): answered as an unknown
    // phone is, or the refusal would say an account is there. The outbox row shows it given up.
    if (!(error instanceof AppError && error.code === "DELIVERY_FAILED")) throw error;
    logger.warn({ channel: data.channel, flow: flow.id }, "code sign-in: the code could not be delivered");
  }
}

/** The live code sign-in behind `token`, only from the browser that started it; else FLOW_TOKEN_INVALID. */
export async function boundFlow(
  ctx: Ctx,
  token: string,
): Promise<{ flow: FlowTokenRow; data: CodeSignInData }> {
  const flow = await findAnonymousFlow(ctx, token, "code_signin");
  const data = flow?.data as Partial<CodeSignInData> | undefined;
  const binding = ctx.cookies[CODE_SIGNIN_BINDING_COOKIE];
  if (!flow || !data?.bindingHash || !binding || !safeEqual(sha256(binding), data.bindingHash)) {
    throw new AppError("FLOW_TOKEN_INVALID");
  }
  return { flow, data: data as CodeSignInData };
}

/** /auth/code-signin-resend: another code 60 s after the last, counted in the email's or phone's budget. */
export async function resendCodeSignIn(
  ctx: Ctx,
  input: z.output<typeof codeSignInResendSchema>,
): Promise<{ exp_time: number; resend_in: number }> {
  const started = performance.now();
  requireEnabled(ctx);
  await consume("otpResendIp", ctx.ip);
  const { flow, data } = await boundFlow(ctx, input.token);
  const status = await getCodeStatus(ctx, flow);
  if (status && status.resendIn > 0) {
    throw new AppError("OTP_RESEND_TOO_EARLY", { params: { seconds: status.resendIn } });
  }
  await consume("codeSigninIdentifier", data.destination);
  await issueCode(ctx, flow, data);
  await answerNoSoonerThan(ctx, started);
  return { exp_time: CODE_TTL_SECONDS, resend_in: RESEND_AFTER_SECONDS };
}

/**
 * /auth/code-signin-verify: the code proves the email or phone, and the sign-in ends as a password
 * sign-in does (finishSignIn). A code is one factor: a person with two-factor still passes it.
 * An unknown email's or phone's flow answers "wrong code", as a wrong guess on a real one.
 */
export async function verifyCodeSignIn(
  ctx: Ctx,
  input: z.output<typeof codeSignInVerifySchema>,
): Promise<SignInOutcome> {
  requireEnabled(ctx);
  await consume("otpVerifyIp", ctx.ip);
  const { flow, data } = await boundFlow(ctx, input.token);
  await checkCode(ctx, { flow, code: input.code });
  // Never reached by an unknown address's flow (checkCode refused it).
  if (!flow.userId) throw new AppError("FLOW_TOKEN_INVALID");
  await finishFlow(ctx, flow);
  const found = await findUserById(ctx, flow.userId);
  if (!found) throw new AppError("FLOW_TOKEN_INVALID");
  const query = { ...data.query, client_id: input.client_id ?? data.query?.client_id };
  if (isDeletionPending(found)) {
    throw await deletionPendingRefusal(ctx, { user: found, source: "signin", method: "code", query });
  }
  if (found.status !== "ACTIVE") throw accountLocked(found);
  // A code that reached the email proves it, as /verify-account's would.
  const user = data.channel === "EMAIL" && !found.isVerifyEmail ? await markEmailVerified(ctx, found) : found;
  return finishSignIn(ctx, { user, source: "signin", method: "code", query, isNew: false });
}

/** The email is proved; the account is verified when email is its chosen channel (a phone's stays to do). */
async function markEmailVerified(ctx: Ctx, found: UserRow) {
  const user = await updateUser(ctx, found.id, {
    isVerifyEmail: true,
    ...(found.verifyType === "EMAIL" ? { isVerified: true } : {}),
  });
  if (!user) throw new AppError("FLOW_TOKEN_INVALID");
  await grantVerifyReward(ctx, user.id);
  await recordSecurityEvent(ctx, user.id, "account_verified", { channel: "EMAIL" });
  return user;
}
