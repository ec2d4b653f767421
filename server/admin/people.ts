import "server-only";
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { listRange, type Page } from "@/lib/list-query";
import { parseUserAgent } from "@/lib/user-agent";
import { type Ctx, requireAuth } from "@/server/context";
import type { Executor } from "@/server/db/client";
import type { UserRow } from "@/server/db/tables/users";
import { passkeysForExport } from "@/server/passkey/service";
import { recordSecurityEvent } from "@/server/security/service";
import {
  forgetCachedSessions,
  listLiveSessions,
  revokeAllSessions,
  revokeSessionsOf,
} from "@/server/session/service";
import { resetTwoFactorOf } from "@/server/two-factor/service";
import { sendVerificationMail, VERIFY_MAIL_INTERVAL_SECONDS } from "@/server/user/email-verification";
import { findUserById, updateUser } from "@/server/user/service";
import { changedFields, type OperatorCtx, recordAudit, refuseOwnAccount } from "./audit";
import {
  findAffiliateLevel,
  findPeoplePage,
  findRecentAuditAboutPerson,
  findRecentSecurityEvents,
} from "./repository";
import type {
  lockPersonSchema,
  PersonChangedDto,
  PersonDetailDto,
  PersonRowDto,
  peopleSearchSchema,
  reset2faSchema,
  signOutPersonSchema,
} from "./schema";

// The operator console's people (/admin/people) and the command line's people commands: one set
// of services, each change with its audit row (./audit.ts).

const RECENT_EVENTS = 50;
const RECENT_AUDIT = 20;

export function toPersonRow(user: UserRow): PersonRowDto {
  return {
    _id: user.id,
    id: user.id,
    email: user.email,
    fullname: user.fullname,
    phone: user.phone,
    status: user.status as PersonRowDto["status"],
    scope: user.scope,
    two_fa: user.twoFaEnabledAt ? (user.twoFaType === "SMS" ? "sms" : "totp") : null,
    is_partner: user.isPartner,
    created_at: user.createdAt.toISOString(),
  };
}

/** The person an operator acts on; an erased account is nobody to act on any more. */
export async function personToChange(db: Executor, id: string): Promise<UserRow> {
  const user = await findUserById({ db }, id);
  if (!user || user.status === "DELETED") throw new AppError("PERSON_NOT_FOUND");
  return user;
}

/** The ids of the person's live sessions (browsers and products' tokens): what a sign-out changes. */
async function liveSessionIds(ctx: Pick<Ctx, "clock">, db: Executor, userId: string): Promise<string[]> {
  return (await listLiveSessions({ db, clock: ctx.clock }, userId)).map((s) => s.id).sort();
}

/** /admin/people/search: newest first; `q` is part of an email, phone or name, or an exact id. */
export async function searchPeople(
  ctx: Ctx,
  input: z.output<typeof peopleSearchSchema>,
): Promise<Page<PersonRowDto>> {
  const { user } = requireAuth(ctx);
  const found = await findPeoplePage(ctx.db, {
    q: input.q || undefined,
    ...listRange(input, user.timezone),
    limit: input.limit,
    offset: input.offset,
  });
  return { items: found.items.map(toPersonRow), total: found.total };
}

/**
 * /admin/people/get: the person, their passkeys, live sessions, newest security events and the
 * newest audit rows about them.
 */
export async function getPerson(ctx: Pick<Ctx, "db" | "clock">, id: string): Promise<PersonDetailDto> {
  const user = await findUserById(ctx, id);
  if (!user) throw new AppError("PERSON_NOT_FOUND");
  const [level, passkeys, sessions, events, audit] = await Promise.all([
    findAffiliateLevel(ctx.db, user.id),
    passkeysForExport(ctx.db, user.id),
    listLiveSessions(ctx, user.id),
    findRecentSecurityEvents(ctx.db, user.id, RECENT_EVENTS),
    findRecentAuditAboutPerson(ctx.db, user.id, RECENT_AUDIT),
  ]);
  return {
    person: {
      ...toPersonRow(user),
      country_code: user.countryCode,
      language: user.language,
      timezone: user.timezone,
      is_verified: user.isVerified,
      is_verify_email: user.isVerifyEmail,
      is_verify_phone: user.isVerifyPhone,
      verify_type: user.verifyType,
      is_require_2fa: user.isRequire2fa,
      locked_reason: user.lockedReason,
      deletion_due_at: user.deletionDueAt?.toISOString() ?? null,
      last_login_at: user.lastLoginAt?.toISOString() ?? null,
      affiliate: { is_affiliate: level !== undefined, level: level === undefined ? null : Number(level) },
      balances: {
        money: user.money,
        credit: Number(user.credit),
        credit_app: Number(user.creditApp),
        point: Number(user.point),
      },
    },
    passkeys: passkeys.map((p) => ({
      id: p.id,
      name: p.name,
      created_at: p.created_at,
      last_used_at: p.last_used_at,
    })),
    sessions: sessions.map((s) => {
      const agent = parseUserAgent(s.userAgent);
      return {
        id: s.id,
        app_code: s.appCode,
        user_agent: s.userAgent,
        browser: agent.browser,
        os: agent.os,
        ip: s.ip,
        created_at: s.createdAt.toISOString(),
        last_seen_at: s.lastSeenAt.toISOString(),
        is_trusted_device: Boolean(s.trustedDeviceId),
        second_factor: s.secondFactor,
      };
    }),
    events: events.map((e) => ({
      id: e.id,
      type: e.type,
      at: e.createdAt.toISOString(),
      ip: e.ip,
      data: e.data,
    })),
    audit: audit.map((a) => ({
      id: a.id,
      at: a.at.toISOString(),
      action: a.action,
      operator: a.operator,
      ip: a.ip,
    })),
  };
}

/**
 * /admin/people/sign-out: one of the person's sessions, or all of them (products' tokens and
 * OpenID Connect grants too); each product hears of it. Answers how many ended.
 */
export async function signOutPerson(
  ctx: OperatorCtx,
  input: z.output<typeof signOutPersonSchema>,
): Promise<{ signed_out: number; audit_id: string }> {
  const result = await ctx.db.transaction(async (tx) => {
    const user = await personToChange(tx, input.id);
    const inTx = { db: tx, clock: ctx.clock };
    const before = await liveSessionIds(ctx, tx, user.id);
    const ended = input.session_id
      ? (await revokeSessionsOf(inTx, user.id, [input.session_id])).length
      : await revokeAllSessions(inTx, user.id);
    if (input.session_id && ended === 0) throw new AppError("DEVICE_NOT_FOUND");
    const after = await liveSessionIds(ctx, tx, user.id);
    const at = { db: tx, ip: ctx.ip, userAgent: ctx.userAgent };
    if (input.session_id)
      await recordSecurityEvent(at, user.id, "device_signed_out", {
        sessions: 1,
        reason: "operator",
        operator: ctx.operator.name,
      });
    else
      await recordSecurityEvent(at, user.id, "signout_all", { sessions: ended, operator: ctx.operator.name });
    const auditId = await recordAudit(tx, ctx, {
      action: input.session_id ? "person.sign_out" : "person.sign_out_all",
      targetType: "person",
      targetId: user.id,
      ...changedFields({ live_sessions: before }, { live_sessions: after }),
    });
    return { signed_out: before.length - after.length, audit_id: auditId };
  });
  await forgetCachedSessions({ userId: input.id });
  return result;
}

/**
 * /admin/people/lock: sign-in refused with the operator's reason (server/auth/locked.ts), and
 * every session ended. Locking a locked account changes its reason; one's own is refused.
 */
export async function lockPerson(
  ctx: OperatorCtx,
  input: z.output<typeof lockPersonSchema>,
): Promise<PersonChangedDto> {
  refuseOwnAccount(ctx, input.id);
  const result = await ctx.db.transaction(async (tx) => {
    const user = await personToChange(tx, input.id);
    if (user.status !== "ACTIVE" && user.status !== "LOCKED") throw new AppError("ACCOUNT_NOT_LOCKABLE");
    const sessionsBefore = await liveSessionIds(ctx, tx, user.id);
    const updated = await updateUser({ db: tx }, user.id, { status: "LOCKED", lockedReason: input.reason });
    if (!updated) throw new AppError("PERSON_NOT_FOUND");
    await revokeAllSessions({ db: tx, clock: ctx.clock }, user.id);
    await recordSecurityEvent({ db: tx, ip: ctx.ip, userAgent: ctx.userAgent }, user.id, "account_locked", {
      reason: input.reason,
      operator: ctx.operator.name,
    });
    const auditId = await recordAudit(tx, ctx, {
      action: "person.lock",
      targetType: "person",
      targetId: user.id,
      ...changedFields(
        { status: user.status, locked_reason: user.lockedReason, live_sessions: sessionsBefore },
        { status: "LOCKED", locked_reason: input.reason, live_sessions: [] },
      ),
    });
    return { person: toPersonRow(updated), audit_id: auditId };
  });
  await forgetCachedSessions({ userId: input.id });
  return result;
}

/** /admin/people/unlock: sign-in allowed again; the reason is cleared. */
export async function unlockPerson(ctx: OperatorCtx, input: { id: string }): Promise<PersonChangedDto> {
  const result = await ctx.db.transaction(async (tx) => {
    const user = await personToChange(tx, input.id);
    if (user.status !== "LOCKED") throw new AppError("ACCOUNT_NOT_LOCKED");
    const updated = await updateUser({ db: tx }, user.id, { status: "ACTIVE", lockedReason: null });
    if (!updated) throw new AppError("PERSON_NOT_FOUND");
    await recordSecurityEvent({ db: tx, ip: ctx.ip, userAgent: ctx.userAgent }, user.id, "account_unlocked", {
      operator: ctx.operator.name,
    });
    const auditId = await recordAudit(tx, ctx, {
      action: "person.unlock",
      targetType: "person",
      targetId: user.id,
      ...changedFields(
        { status: user.status, locked_reason: user.lockedReason },
        { status: "ACTIVE", locked_reason: null },
      ),
    });
    return { person: toPersonRow(updated), audit_id: auditId };
  });
  await forgetCachedSessions({ userId: input.id });
  return result;
}

/**
 * /admin/people/reset-2fa: two-factor off, its secret, backup codes and trusted browsers gone. A
 * person whose sign-in requires it (or an admin) sets it up again at the next sign-in. An
 * operator's own is refused: another operator resets it.
 */
export async function resetPersonTwoFactor(
  ctx: OperatorCtx,
  input: z.output<typeof reset2faSchema>,
): Promise<PersonChangedDto> {
  refuseOwnAccount(ctx, input.id);
  const result = await ctx.db.transaction(async (tx) => {
    const user = await personToChange(tx, input.id);
    if (!user.twoFaEnabledAt) throw new AppError("TWO_FA_NOT_ENABLED");
    const was = await resetTwoFactorOf(tx, user.id, ctx.clock());
    const updated = await findUserById({ db: tx }, user.id);
    if (!updated) throw new AppError("PERSON_NOT_FOUND");
    await recordSecurityEvent({ db: tx, ip: ctx.ip, userAgent: ctx.userAgent }, user.id, "2fa_reset", {
      type: user.twoFaType,
      operator: ctx.operator.name,
    });
    const auditId = await recordAudit(tx, ctx, {
      action: "person.reset_2fa",
      targetType: "person",
      targetId: user.id,
      ...changedFields(
        {
          two_fa: toPersonRow(user).two_fa,
          two_fa_enabled_at: user.twoFaEnabledAt?.toISOString() ?? null,
          backup_codes_unused: was.backupCodes,
          trusted_devices: was.trustedDevices,
        },
        { two_fa: null, two_fa_enabled_at: null, backup_codes_unused: 0, trusted_devices: 0 },
      ),
      note: input.note,
    });
    return { person: toPersonRow(updated), audit_id: auditId };
  });
  await forgetCachedSessions({ userId: input.id });
  return result;
}

/**
 * /admin/people/resend-verification: the email verification link again, at most every five
 * minutes as for the person themselves (SPEC §9).
 */
export async function resendPersonVerification(
  ctx: Ctx,
  operator: OperatorCtx,
  input: { id: string },
): Promise<{ sent_at: string; audit_id: string }> {
  const user = await personToChange(ctx.db, input.id);
  if (user.isVerifyEmail) throw new AppError("PERSON_EMAIL_VERIFIED");
  const last = user.verifyMailSentAt?.getTime();
  if (last !== undefined) {
    const wait = Math.ceil(VERIFY_MAIL_INTERVAL_SECONDS - (ctx.clock().getTime() - last) / 1000);
    if (wait > 0) throw new AppError("VERIFY_MAIL_TOO_EARLY", { params: { minutes: Math.ceil(wait / 60) } });
  }
  // The mail is not transactional: its audit row follows once it was sent (or queued).
  const sentAt = await sendVerificationMail(ctx, user);
  const auditId = await recordAudit(ctx.db, operator, {
    action: "person.resend_verification",
    targetType: "person",
    targetId: user.id,
    ...changedFields(
      { verify_mail_sent_at: user.verifyMailSentAt?.toISOString() ?? null },
      { verify_mail_sent_at: sentAt.toISOString() },
    ),
  });
  return { sent_at: sentAt.toISOString(), audit_id: auditId };
}
