import "server-only";
import type { CallResult } from "@/lib/http/call";
import { translator } from "@/lib/i18n";
import { toLocale } from "@/lib/locales";
import { maskPhone } from "@/lib/mask";
import type { Ctx } from "@/server/context";
import { deliver } from "@/server/notify/deliver";
import {
  findUserByEmail,
  findUserById,
  findUserByVerifiedPhone,
  type UserRow,
} from "@/server/user/repository";
import { createFlow, type FlowTokenRow, getCodeStatus, issueDecoyCode } from "@/server/verification/service";
import { type PendingSignIn, recordEvent, verificationStep } from "./finish-signin";
import type { VerifyType } from "./schema";
import type { SignInQuery } from "./signin-result";

// Enumeration protection (as Ory Kratos does it): a sign-up with an email, or a verified phone,
// that already has an account is answered exactly as a new one — same status, same keys, about
// the same work — with a flow token whose codes never verify. The owner hears of it by email.

/** Why a sign-up cannot open an account: whose details it used. */
export type TakenBy = { owner: UserRow; reason: "email" | "phone" };

/** A decoy's flow data: what a real sign-up keeps, plus whom to tell. */
type DecoyData = PendingSignIn & { noticeTo: string; reason: TakenBy["reason"] };

/** A warning about an attempt is worth retrying for a day. */
const NOTICE_RETRY_MS = 24 * 3_600_000;

/**
 * The account whose email, or verified phone, a sign-up uses; undefined when the details are new.
 * A phone only someone typed (never verified) belongs to nobody: it blocks no one's sign-up.
 */
export async function findSignUpOwner(
  ctx: Pick<Ctx, "db">,
  input: { email: string; phone: string },
): Promise<TakenBy | undefined> {
  const byEmail = await findUserByEmail(ctx.db, input.email);
  const byPhone = await findUserByVerifiedPhone(ctx.db, input.phone);
  if (byEmail) return { owner: byEmail, reason: "email" };
  if (byPhone) return { owner: byPhone, reason: "phone" };
  return undefined;
}

/**
 * Answers a sign-up whose details already have an account as `finishSignIn` answers a new one
 * (the /verify-account step), on a flow with nobody behind it, and tells the owner.
 */
export async function startDecoySignUp(
  ctx: Ctx,
  options: TakenBy & { channel: VerifyType; destination: string; query: SignInQuery; appCode?: string },
): Promise<CallResult> {
  const { owner, reason, channel, destination, query } = options;
  const data: DecoyData = { query, isNew: true, source: "signup", noticeTo: owner.id, reason };
  const { token, flow } = await createFlow(ctx, { purpose: "verify_account", user: null, data });
  const { expTime } = await issueDecoyCode(ctx, { flow, channel, destination });
  const delayed = await noticeOwner(ctx, owner, reason);
  await recordEvent(ctx, owner.id, "signup_attempt", { reason, app_code: options.appCode ?? null });
  return verificationStep(ctx, { query, source: "signup", channel, token, expTime, delayed });
}

/** /auth/resend-otp on a decoy: the same 60 s rule and answer as a real resend; the owner is told again. */
export async function resendDecoy(
  ctx: Ctx,
  flow: FlowTokenRow,
): Promise<{ expTime: number; delayed: boolean }> {
  if (flow.userId) throw new Error("resendDecoy on a flow that belongs to a person");
  const last = await getCodeStatus(ctx, flow);
  const data = flow.data as Partial<DecoyData>;
  const { expTime } = await issueDecoyCode(ctx, {
    flow,
    channel: last?.channel ?? "EMAIL",
    destination: last?.destination ?? "",
  });
  const owner = data.noticeTo ? await findUserById(ctx.db, data.noticeTo) : undefined;
  const delayed = owner ? await noticeOwner(ctx, owner, data.reason ?? "email") : false;
  return { expTime, delayed };
}

/** The owner's notice, in the owner's language, through the path every mail takes; true when queued. */
async function noticeOwner(ctx: Ctx, owner: UserRow, reason: TakenBy["reason"]): Promise<boolean> {
  const lang = toLocale(owner.language);
  const t = translator(lang);
  const params = {
    signin: `${ctx.origin}/signin`,
    reset: `${ctx.origin}/forgottenpass`,
    phone: owner.phone ? maskPhone(owner.phone) : "",
  };
  const delivery = await deliver(
    {
      channel: "EMAIL",
      to: owner.email,
      lang,
      subject: t("notify.signupAttempt.subject"),
      text: t(reason === "email" ? "notify.signupAttempt.email" : "notify.signupAttempt.phone", params),
      template: "signup_attempt",
      params,
    },
    { retryUntil: new Date(ctx.clock().getTime() + NOTICE_RETRY_MS) },
  );
  return delivery === "queued";
}
