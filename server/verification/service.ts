import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { AppError, type ErrorCode } from "@/lib/errors";
import { newCode, newId, newToken, safeEqual, sha256 } from "@/lib/ids";
import type { Ctx } from "@/server/context";
import type { FlowTokenRow } from "@/server/db/tables/flow-tokens";
import type { UserRow } from "@/server/db/tables/users";
import { type Channel, deliverMessage } from "@/server/notify/deliver";
import { recordSecurityEvent } from "@/server/security/service";
import {
  addCodeAttempt,
  consumeCode,
  expireUserFlows,
  findLatestCode,
  findLiveFlow,
  insertCode,
  insertFlowToken,
  setCodeChannel,
  updateUnusedFlow,
} from "./repository";

/** DESIGN §4: codes live 5 minutes, allow 5 wrong tries, and are resent no sooner than 60 s. */
export const CODE_TTL_SECONDS = 5 * 60;
export const CODE_MAX_ATTEMPTS = 5;
export const RESEND_AFTER_SECONDS = 60;

/**
 * What a call that checks a typed code may answer (checkCode, and the per-address budget of code
 * steps): the one list every code step's call declares, so none forgets a refusal.
 */
export const CODE_CHECK_ERRORS = [
  "RATE_LIMITED",
  "FLOW_TOKEN_INVALID",
  "OTP_INVALID",
  "OTP_EXPIRED",
  "OTP_TOO_MANY_ATTEMPTS",
] as const satisfies ErrorCode[];
const FLOW_TTL_SECONDS = 30 * 60;

export type FlowPurpose =
  | "verify_account"
  | "verify_2fa"
  | "require_2fa"
  | "reset_password"
  | "verify_email"
  | "oauth_state"
  | "setup_2fa_sms"
  | "device_limit"
  | "adopt_token"
  /** A right password for an account pending deletion: the step that may cancel it. */
  | "cancel_deletion"
  /** An SMS second factor for a sensitive change by a signed-in person (account deletion). */
  | "step_up_2fa"
  /** An email code proving a signed-in person who has no password (a social sign-up) before a sensitive change. */
  | "reauth_email"
  /** Sign-in with a one-time code (server/auth/code-signin.ts); nobody behind it when the address is unknown. */
  | "code_signin"
  /** A provider's identity without an email (Zalo) waiting for an address: nobody behind it yet. */
  | "social_signup"
  /** The code that proves that address and links the identity to its account. */
  | "social_link";

export type { FlowTokenRow };

/** A flow step that belongs to a known person (every purpose above). */
export type UserFlow = FlowTokenRow & { userId: string };

function hashCode(code: string, flowId: string, key: string): string {
  return createHmac("sha256", key).update(`${flowId}:${code}`).digest("hex");
}

/** Starts a flow step for `user` and returns its token (the only copy: only its hash is kept). */
export async function createFlow(
  ctx: Pick<Ctx, "db" | "clock">,
  options: {
    purpose: FlowPurpose;
    user: UserRow | null;
    data?: Record<string, unknown>;
    ttlSeconds?: number;
  },
): Promise<{ token: string; flow: FlowTokenRow }> {
  const token = newToken();
  const now = ctx.clock();
  const flow = await insertFlowToken(ctx.db, {
    id: newId(),
    tokenHash: sha256(token),
    purpose: options.purpose,
    userId: options.user?.id ?? null,
    data: options.data ?? {},
    createdAt: now,
    expiresAt: new Date(now.getTime() + (options.ttlSeconds ?? FLOW_TTL_SECONDS) * 1000),
  });
  return { token, flow };
}

/** The live flow a token opens for `purpose`, or undefined. */
function flowOf(
  ctx: Pick<Ctx, "db" | "clock">,
  token: string,
  purpose: FlowPurpose,
): Promise<FlowTokenRow | undefined> {
  return findLiveFlow(ctx.db, { tokenHash: sha256(token) }, purpose, ctx.clock());
}

/** The live flow behind a token for `purpose`, or FLOW_TOKEN_INVALID. */
export async function getFlow(
  ctx: Pick<Ctx, "db" | "clock">,
  token: string,
  purpose: FlowPurpose,
): Promise<UserFlow> {
  const flow = await flowOf(ctx, token, purpose);
  if (!flow?.userId) throw new AppError("FLOW_TOKEN_INVALID");
  return flow as UserFlow;
}

/**
 * The live verify-account flow behind a token, or FLOW_TOKEN_INVALID. Most belong to a person; a
 * sign-up with details that already have an account gets one with nobody behind it (a decoy): it
 * answers like any other flow, and no code can ever verify it (see `checkCode`).
 */
export async function getVerifyAccountFlow(
  ctx: Pick<Ctx, "db" | "clock">,
  token: string,
): Promise<FlowTokenRow> {
  const flow = await flowOf(ctx, token, "verify_account");
  if (!flow) throw new AppError("FLOW_TOKEN_INVALID");
  return flow;
}

/** Whether a token still opens a live step for `purpose` (not used, not expired); nothing else. */
export async function isFlowLive(
  ctx: Pick<Ctx, "db" | "clock">,
  token: string,
  purpose: FlowPurpose,
): Promise<boolean> {
  return Boolean(await flowOf(ctx, token, purpose));
}

/** A live flow that started before anyone was known (the OAuth state), or undefined. */
export async function findAnonymousFlow(
  ctx: Pick<Ctx, "db" | "clock">,
  token: string,
  purpose: FlowPurpose,
): Promise<FlowTokenRow | undefined> {
  return flowOf(ctx, token, purpose);
}

/** The newest live flow of a person for `purpose`, or undefined. */
export async function findUserFlow(
  ctx: Pick<Ctx, "db" | "clock">,
  userId: string,
  purpose: FlowPurpose,
): Promise<UserFlow | undefined> {
  return (await findLiveFlow(ctx.db, { userId }, purpose, ctx.clock())) as UserFlow | undefined;
}

/** Replaces a live flow's data; false when it was used or changed meanwhile. */
export async function updateFlowData(
  ctx: Pick<Ctx, "db">,
  flow: FlowTokenRow,
  data: Record<string, unknown>,
): Promise<boolean> {
  return updateUnusedFlow(ctx.db, flow.id, { data });
}

/** Ends every live flow of a person for one purpose (a used reset link voids the others). */
export async function expireFlowsOf(
  ctx: Pick<Ctx, "db" | "clock">,
  userId: string,
  purpose: FlowPurpose,
): Promise<void> {
  await expireUserFlows(ctx.db, userId, purpose, ctx.clock());
}

export async function finishFlow(ctx: Pick<Ctx, "db" | "clock">, flow: FlowTokenRow): Promise<void> {
  if (!(await updateUnusedFlow(ctx.db, flow.id, { usedAt: ctx.clock() })))
    throw new AppError("FLOW_TOKEN_INVALID");
}

export function destinationFor(user: UserRow, channel: Channel): string {
  if (channel === "EMAIL") return user.email;
  if (!user.phone) throw new AppError("VALIDATION", { fields: { phone: "VALIDATION.INVALID_PHONE" } });
  return user.phone;
}

/**
 * Sends a fresh code for `flow` over `channel`, in the request's language. Refuses a resend
 * sooner than 60 s after the last one. Returns seconds until the code expires.
 */
export async function sendCode(
  ctx: Ctx,
  options: { flow: FlowTokenRow; user: UserRow; channel: Channel },
): Promise<{ expTime: number; delayed: boolean }> {
  const now = ctx.clock();
  await refuseEarlyResend(ctx, options.flow, now);
  const code = newCode();
  const destination = destinationFor(options.user, options.channel);
  const codeRow = await insertCode(ctx.db, {
    id: newId(),
    flowTokenId: options.flow.id,
    channel: options.channel,
    destination,
    codeHash: hashCode(code, options.flow.id, ctx.env.DATA_ENCRYPTION_KEY),
    sentAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
  });
  const params = { code, minutes: CODE_TTL_SECONDS / 60 };
  const delivery = await deliverMessage(
    {
      channel: options.channel,
      to: destination,
      lang: ctx.lang,
      subject: ctx.t("notify.otp.subject", params),
      text: ctx.t(options.channel === "EMAIL" ? "notify.otp.email" : "notify.otp.sms", params),
      template: "otp",
      params,
      // A late code is useless: the retry stops when it expires.
    },
    { retryUntil: new Date(now.getTime() + CODE_TTL_SECONDS * 1000) },
  );
  // A ZNS that Zalo refused for good (no Zalo account, template refused, OA revoked) went by SMS
  // (server/notify/deliver.ts): the code's row says so, and so does the person's code page.
  if (delivery.channel !== options.channel) await setCodeChannel(ctx.db, codeRow.id, delivery.channel);
  await recordSecurityEvent(ctx, options.user.id, "otp_sent", {
    channel: delivery.channel,
    purpose: options.flow.purpose,
  });
  return { expTime: CODE_TTL_SECONDS, delayed: delivery.outcome === "queued" };
}

async function refuseEarlyResend(ctx: Pick<Ctx, "db">, flow: FlowTokenRow, now: Date): Promise<void> {
  const last = await findLatestCode(ctx.db, flow.id);
  if (!last) return;
  const wait = Math.ceil(RESEND_AFTER_SECONDS - (now.getTime() - last.sentAt.getTime()) / 1000);
  if (wait > 0)
    throw new AppError("OTP_RESEND_TOO_EARLY", { params: { seconds: wait }, data: { retry_after: wait } });
}

/**
 * The "code" of a sign-up decoy: the same row, resend rule, expiry and attempt count as a real
 * one, so the flow answers every call alike, but no code was made (its hash is random) and the
 * flow has no person behind it, so nothing ever matches. Nothing is sent: the caller notifies.
 */
export async function issueDecoyCode(
  ctx: Ctx,
  options: { flow: FlowTokenRow; channel: Channel; destination: string },
): Promise<{ expTime: number }> {
  if (options.flow.userId) throw new Error("issueDecoyCode on a flow that belongs to a person");
  const now = ctx.clock();
  await refuseEarlyResend(ctx, options.flow, now);
  await insertCode(ctx.db, {
    id: newId(),
    flowTokenId: options.flow.id,
    channel: options.channel,
    destination: options.destination,
    codeHash: randomBytes(32).toString("hex"),
    sentAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
  });
  await recordSecurityEvent(ctx, null, "otp_sent", {
    channel: options.channel,
    purpose: options.flow.purpose,
  });
  return { expTime: CODE_TTL_SECONDS };
}

/** Where the flow's latest code went and how long it and the resend wait have left, for the step's page. */
export async function getCodeStatus(
  ctx: Pick<Ctx, "db" | "clock">,
  flow: FlowTokenRow,
): Promise<{ channel: Channel; destination: string; expTime: number; resendIn: number } | undefined> {
  const latest = await findLatestCode(ctx.db, flow.id);
  if (!latest) return undefined;
  const now = ctx.clock().getTime();
  return {
    channel: latest.channel as Channel,
    destination: latest.destination,
    expTime: Math.max(0, Math.ceil((latest.expiresAt.getTime() - now) / 1000)),
    resendIn: Math.max(0, Math.ceil(RESEND_AFTER_SECONDS - (now - latest.sentAt.getTime()) / 1000)),
  };
}

/**
 * Checks `code` against the flow's latest code: once, before it expires, within 5 tries. A flow
 * with nobody behind it (a sign-up decoy) takes the same path and never matches.
 */
export async function checkCode(ctx: Ctx, options: { flow: FlowTokenRow; code: string }): Promise<void> {
  const now = ctx.clock();
  const latest = await findLatestCode(ctx.db, options.flow.id);
  if (!latest || latest.consumedAt || latest.expiresAt <= now) throw new AppError("OTP_EXPIRED");
  if (latest.attempts >= CODE_MAX_ATTEMPTS) throw new AppError("OTP_TOO_MANY_ATTEMPTS");
  const expected = hashCode(options.code, options.flow.id, ctx.env.DATA_ENCRYPTION_KEY);
  if (!options.flow.userId || !safeEqual(expected, latest.codeHash)) {
    const attempts = await addCodeAttempt(ctx.db, latest.id);
    await recordSecurityEvent(ctx, options.flow.userId, "otp_failed", { purpose: options.flow.purpose });
    if (attempts >= CODE_MAX_ATTEMPTS) throw new AppError("OTP_TOO_MANY_ATTEMPTS");
    throw new AppError("OTP_INVALID", { params: { left: CODE_MAX_ATTEMPTS - attempts } });
  }
  if (!(await consumeCode(ctx.db, latest.id, now))) throw new AppError("OTP_EXPIRED");
}
