import "server-only";
import { AppError } from "@/lib/errors";
import { translator } from "@/lib/i18n";
import { toLocale } from "@/lib/locales";
import type { Ctx, PersonCtx } from "@/server/context";
import type { Executor } from "@/server/db/client";
import type { UserRow } from "@/server/db/tables/users";
import { deliver } from "@/server/notify/deliver";
import type { MessageTemplate } from "@/server/notify/message";
import * as repo from "./repository";
import type { UserInfoDto } from "./schema";

export type { NewUser } from "./repository";
export type { UserInfoDto };

/** SPEC §3 user info as the browser and sibling products receive it (never the token or secrets). */
export function toUserInfo(user: UserRow): UserInfoDto {
  return {
    _id: user.id,
    email: user.email,
    fullname: user.fullname,
    lastname: user.lastname,
    phone: user.phone,
    country_code: user.countryCode,
    avatar: user.avatar,
    language: user.language,
    timezone: user.timezone,
    point: Number(user.point),
    money: user.money,
    credit: Number(user.credit),
    credit_app: Number(user.creditApp),
    is_partner: user.isPartner,
    scope: user.scope,
    is_require_2fa: user.isRequire2fa,
    verify_2fa_type: user.twoFaType,
    is_not_enable_2fa: user.isRequire2fa && !user.twoFaEnabledAt,
    is_verify_phone: user.isVerifyPhone,
    is_verify_email: user.isVerifyEmail,
    is_not_verify: !user.isVerified,
    verify_type: user.verifyType,
    is_sent_mail: user.verifyMailSentAt?.toISOString() ?? null,
    is_refferral: Boolean(user.referralId || user.affilateCode),
    last_login: user.lastLoginAt?.toISOString() ?? null,
    status: user.status,
    packages: [],
    created_at: user.createdAt.toISOString(),
    code: user.code,
    ladiflow_ref: user.ladiflowRef,
  };
}

// The account as the other modules reach it (sign-in, two-factor, the operator tool, the demo):
// through these, never through ./repository.

/** A request's ctx, or just a database (the operator tool, the demo seed, a transaction). */
type Db = { db: Executor };

/** The account with this email (case-insensitive), or undefined. */
export function findUserByEmail(ctx: Db, email: string): Promise<UserRow | undefined> {
  return repo.findUserByEmail(ctx.db, email);
}

/** The account that proved it owns `phone` (a code reached it), or undefined. */
export function findUserByVerifiedPhone(ctx: Db, phone: string): Promise<UserRow | undefined> {
  return repo.findUserByVerifiedPhone(ctx.db, phone);
}

/** The account as it is now (the session cache may hold it as of a few seconds ago), or undefined. */
export function findUserById(ctx: Db, id: string): Promise<UserRow | undefined> {
  return repo.findUserById(ctx.db, id);
}

/**
 * The signed-in person as the database has them now: the session cache may hold the row as of a
 * few seconds ago, and a change must start from the current one.
 */
export async function getCurrentUser(ctx: Pick<PersonCtx, "db" | "auth">): Promise<UserRow> {
  const user = ctx.auth && (await repo.findUserById(ctx.db, ctx.auth.user.id));
  if (!user) throw new AppError("UNAUTHORIZED");
  return user;
}

/** Opens an account; undefined when its email (or code) is already taken. */
export function createUser(ctx: Db, values: repo.NewUser): Promise<UserRow | undefined> {
  return repo.insertUser(ctx.db, values);
}

/** Changes an account; undefined when it does not exist. Cached sessions are the caller's to forget. */
export function updateUser(
  ctx: Db,
  id: string,
  values: Parameters<typeof repo.updateUser>[2],
): Promise<UserRow | undefined> {
  return repo.updateUser(ctx.db, id, values);
}

/** People for the operator tool, newest first; `search` matches email or name. */
export function listUsers(ctx: Db, options: { limit: number; search?: string }): Promise<UserRow[]> {
  return repo.listUsers(ctx.db, options);
}

/** Puts the person in the affiliate programme (or takes them out); idempotent. */
export function setAffiliate(ctx: Db, userId: string, isAffiliate: boolean): Promise<void> {
  return repo.setAffiliate(ctx.db, userId, isAffiliate);
}

/** Changes an affiliate's payment information or level; false when the person is not one. */
export function updateAffiliate(
  ctx: Db,
  userId: string,
  values: { paymentInfo?: string; level?: string },
): Promise<boolean> {
  return repo.updateAffiliate(ctx.db, userId, values);
}

/**
 * Mails the person in their own language (not the request's) through the path every mail takes;
 * a first try that fails is retried from the outbox for `retryForMs`, and the answer is "queued".
 */
export function mailUser(
  ctx: Pick<Ctx, "clock">,
  user: Pick<UserRow, "email" | "language">,
  mail: {
    template: MessageTemplate;
    /** Catalog keys: the subject, and the text the params fill. */
    subject: string;
    text: string;
    params: Record<string, string | number>;
    retryForMs: number;
  },
): Promise<"sent" | "queued"> {
  const lang = toLocale(user.language);
  const t = translator(lang);
  return deliver(
    {
      channel: "EMAIL",
      to: user.email,
      lang,
      subject: t(mail.subject),
      text: t(mail.text, mail.params),
      template: mail.template,
      params: mail.params,
    },
    { retryUntil: new Date(ctx.clock().getTime() + mail.retryForMs) },
  );
}
