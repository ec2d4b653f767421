import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { eraseAuditSubject } from "@/server/admin/audit";
import { findUnpaidCommissionsOf } from "@/server/affiliate/service";
import { finishSignIn, type SignInOutcome } from "@/server/auth/finish-signin";
import { accountLocked } from "@/server/auth/locked";
import type { SignInQuery, SignInSource } from "@/server/auth/signin-result";
import type { Ctx } from "@/server/context";
import type { Executor } from "@/server/db/client";
import type { UserRow } from "@/server/db/tables/users";
import { endOidcGrantsOfSessions } from "@/server/oidc/service";
import { enqueueEvent } from "@/server/outbox/service";
import { isReauthRecent, requireRecentReauth } from "@/server/passkey/reauth";
import { recordSecurityEvent } from "@/server/security/service";
import {
  forgetCachedSessions,
  PORTAL_APP_CODE,
  revokeAllSessions,
  type SignInMethod,
} from "@/server/session/service";
import { forgetTrustedDevices } from "@/server/two-factor/devices";
import { checkStepUpSecondFactor, sendStepUpSms } from "@/server/two-factor/service";
import { findUserByEmail, findUserById, getCurrentUser } from "@/server/user/service";
import { createFlow, finishFlow, getFlow } from "@/server/verification/service";
import {
  clearDeletion,
  eraseAccount,
  erasedEmailOf,
  findAppCodesOf,
  findDueDeletions,
  findSessionIdsOf,
  markDeletionPending,
  PENDING,
} from "./repository";
import type {
  cancelDeletionSchema,
  DeletionPendingData,
  DeletionPreviewDto,
  requestDeletionSchema,
} from "./schema";

const DAY_MS = 86_400_000;
/** The cancel step a refused sign-in answers lives as long as a sign-in's other steps. */
const CANCEL_FLOW_TTL_SECONDS = 15 * 60;

export const isDeletionPending = (user: Pick<UserRow, "status">): boolean => user.status === PENDING;

/** /account-deletion/preview: what the person loses, and which proofs the confirmation asks for. */
export async function previewDeletion(ctx: Ctx): Promise<DeletionPreviewDto> {
  const user = await getCurrentUser(ctx);
  const unpaid = await findUnpaidCommissionsOf(ctx.db, user.id, 1000);
  return {
    email: user.email,
    grace_days: ctx.env.ACCOUNT_DELETION_GRACE_DAYS,
    reauth_required: !(await isReauthRecent(ctx)),
    two_fa: user.twoFaEnabledAt ? (user.twoFaType === "SMS" ? "sms" : "totp") : null,
    losses: {
      unpaid_commissions: unpaid.length,
      unpaid_commission_amount: unpaid.reduce((sum, c) => sum + c.amount, 0),
      credit: Number(user.credit),
      credit_app: Number(user.creditApp),
      money: user.money,
      point: Number(user.point),
    },
  };
}

/** /account-deletion/send-code: the SMS second factor for the confirmation (SMS two-factor only). */
export async function sendDeletionSms(ctx: Ctx): Promise<{ token: string; expTime: number }> {
  await requireRecentReauth(ctx);
  return sendStepUpSms(ctx, await getCurrentUser(ctx));
}

/**
 * Suspends the account at once: status DELETION_PENDING until the grace period ends, every session
 * and product token (`session.ended`, reason account_deleted) and OIDC grant ended, trusted
 * browsers forgotten. `by` names an operator acting on a support request.
 */
async function suspendForDeletion(
  ctx: Pick<Ctx, "db" | "clock" | "env" | "ip" | "userAgent">,
  options: { user: UserRow; by?: string },
): Promise<Date> {
  const now = ctx.clock();
  const dueAt = new Date(now.getTime() + ctx.env.ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
  const row = await markDeletionPending(ctx.db, { userId: options.user.id, requestedAt: now, dueAt });
  if (!row) throw new AppError("ACCOUNT_DELETION_PENDING");
  await revokeAllSessions(ctx, row.id, undefined, "account_deleted");
  await forgetTrustedDevices(ctx, row.id);
  await recordSecurityEvent(ctx, row.id, "account_deletion_requested", {
    due_at: dueAt.toISOString(),
    ...(options.by ? { operator: options.by } : { by: "self" }),
  });
  return dueAt;
}

/**
 * /account-deletion/request: after /user/reauthenticate (10 minutes), the email typed again and
 * the second factor when two-factor is on. The person is signed out everywhere at once.
 */
export async function requestDeletion(
  ctx: Ctx,
  input: z.output<typeof requestDeletionSchema>,
): Promise<Date> {
  await requireRecentReauth(ctx);
  const user = await getCurrentUser(ctx);
  if (input.confirm_email.toLowerCase() !== user.email.toLowerCase()) {
    throw new AppError("CONFIRM_EMAIL_MISMATCH", {
      fields: { confirm_email: "errors.CONFIRM_EMAIL_MISMATCH" },
    });
  }
  if (user.twoFaEnabledAt) {
    if (!input.code) throw new AppError("TWO_FA_INVALID", { fields: { code: "errors.TWO_FA_INVALID" } });
    await checkStepUpSecondFactor(ctx, { user, code: input.code, smsFlowToken: input.sms_token });
  }
  return suspendForDeletion(ctx, { user });
}

/** The operator tool: a deletion on a support request, the operator's name written to the security events. */
export async function requestDeletionByOperator(
  ctx: Pick<Ctx, "db" | "clock" | "env" | "ip" | "userAgent">,
  options: { email: string; operator: string },
): Promise<{ user_id: string; deletion_due_at: string }> {
  const user = await findUserByEmail(ctx, options.email);
  if (!user) throw new AppError("USER_NOT_FOUND");
  const dueAt = await suspendForDeletion(ctx, { user, by: options.operator });
  return { user_id: user.id, deletion_due_at: dueAt.toISOString() };
}

/**
 * The refusal of a sign-in that proved the person (right password, their passkey, their social
 * account) while the account waits for deletion: ACCOUNT_DELETION_PENDING with a step token that
 * /auth/cancel-deletion takes. A wrong password never gets here, so it reveals nothing.
 */
export async function deletionPendingRefusal(
  ctx: Ctx,
  options: {
    user: UserRow;
    source: SignInSource;
    /** How the refused sign-in proved who the person is: the session opened after cancelling records it. */
    method: SignInMethod;
    query: SignInQuery;
    secondFactorDone?: boolean;
  },
): Promise<AppError> {
  const { token } = await createFlow(ctx, {
    purpose: "cancel_deletion",
    user: options.user,
    data: {
      query: options.query,
      source: options.source,
      method: options.method,
      secondFactorDone: Boolean(options.secondFactorDone),
    },
    ttlSeconds: CANCEL_FLOW_TTL_SECONDS,
  });
  const data: DeletionPendingData = {
    cancel_token: token,
    deletion_due_at: (options.user.deletionDueAt ?? ctx.clock()).toISOString(),
  };
  return new AppError("ACCOUNT_DELETION_PENDING", { data });
}

/** /auth/cancel-deletion: the account is ACTIVE again and the stopped sign-in finishes (2FA still asked). */
export async function cancelDeletion(
  ctx: Ctx,
  input: z.output<typeof cancelDeletionSchema>,
): Promise<SignInOutcome> {
  const flow = await getFlow(ctx, input.token, "cancel_deletion");
  // An account an operator locked stays as the operator left it: the lock's reason is kept while
  // the deletion is pending, and cancelling it is no way back in.
  const pending = await findUserById(ctx, flow.userId);
  if (pending?.lockedReason) throw accountLocked({ status: "LOCKED", lockedReason: pending.lockedReason });
  await finishFlow(ctx, flow);
  const user = await clearDeletion(ctx.db, flow.userId, ctx.clock());
  if (!user) throw new AppError("FLOW_TOKEN_INVALID");
  await forgetCachedSessions({ userId: user.id });
  await recordSecurityEvent(ctx, user.id, "account_deletion_cancelled");
  const data = flow.data as {
    query?: SignInQuery;
    source?: SignInSource;
    method?: SignInMethod;
    secondFactorDone?: boolean;
  };
  return finishSignIn(ctx, {
    user,
    source: data.source ?? "signin",
    method: data.method,
    query: { ...data.query, client_id: input.client_id ?? data.query?.client_id },
    isNew: false,
    secondFactorDone: Boolean(data.secondFactorDone),
  });
}

/**
 * The sweep (server.ts, every minute; `npm run admin -- deletions sweep`): accounts past their
 * grace period are erased one transaction each — their personal data in the audit rows about
 * them too — and every product the person used is sent a signed `user.deleted` in that
 * transaction, so it is queued exactly once. Answers how many.
 */
export async function sweepDueDeletions(db: Executor, now: Date, limit = 50): Promise<number> {
  let erased = 0;
  for (const userId of await findDueDeletions(db, now, limit)) {
    const done = await db.transaction(async (tx) => {
      const user = await findUserById({ db: tx }, userId);
      if (!user) return false;
      const apps = await findAppCodesOf(tx, user);
      await endOidcGrantsOfSessions(tx, await findSessionIdsOf(tx, userId));
      if (!(await eraseAccount(tx, { userId, now }))) return false;
      // The audit log keeps who did what to the account, and when; not who the person was.
      await eraseAuditSubject(tx, { personId: userId, operatorName: erasedEmailOf(userId) });
      for (const appCode of apps.filter((app) => app !== PORTAL_APP_CODE)) {
        await enqueueEvent(tx, {
          appCode,
          type: "user.deleted",
          data: { user_id: userId, app_code: appCode, deleted_at: now.toISOString() },
          now,
        });
      }
      return true;
    });
    if (done) {
      erased += 1;
      await forgetCachedSessions({ userId });
    }
  }
  return erased;
}
