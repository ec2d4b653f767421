import "server-only";
import { maskPhone } from "@/lib/mask";
import type { Ctx } from "@/server/context";
import type { UserRow } from "@/server/db/tables/users";
import { recordSecurityEvent } from "@/server/security/service";
import { findUserByEmail, findUserById, findUserByVerifiedPhone, mailUser } from "@/server/user/service";
import { createFlow, type FlowTokenRow, getCodeStatus, issueDecoyCode } from "@/server/verification/service";
import { type PendingSignIn, type SignInOutcome, verificationStep } from "./finish-signin";
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
  const byEmail = await findUserByEmail(ctx, input.email);
  const byPhone = await findUserByVerifiedPhone(ctx, input.phone);
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
): Promise<SignInOutcome> {
  const { owner, reason, channel, destination, query } = options;
  const data: DecoyData = { query, isNew: true, source: "signup", noticeTo: owner.id, reason };
  const { token, flow } = await createFlow(ctx, { purpose: "verify_account", user: null, data });
  const { expTime } = await issueDecoyCode(ctx, { flow, channel, destination });
  const delayed = await noticeOwner(ctx, owner, reason);
  await recordSecurityEvent(ctx, owner.id, "signup_attempt", { reason, app_code: options.appCode ?? null });
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
  const owner = data.noticeTo ? await findUserById(ctx, data.noticeTo) : undefined;
  const delayed = owner ? await noticeOwner(ctx, owner, data.reason ?? "email") : false;
  return { expTime, delayed };
}

/** The owner's notice, in the owner's language, through the path every mail takes; true when queued. */
async function noticeOwner(ctx: Ctx, owner: UserRow, reason: TakenBy["reason"]): Promise<boolean> {
  const delivery = await mailUser(ctx, owner, {
    template: "signup_attempt",
    subject: "notify.signupAttempt.subject",
    text: reason === "email" ? "notify.signupAttempt.email" : "notify.signupAttempt.phone",
    params: {
      signin: `${ctx.origin}/signin`,
      reset: `${ctx.origin}/forgottenpass`,
      phone: owner.phone ? maskPhone(owner.phone) : "",
    },
    retryForMs: NOTICE_RETRY_MS,
  });
  return delivery === "queued";
}
